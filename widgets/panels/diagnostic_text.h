#pragma once
// What an import diagnostic says, in the user's language. The core reports
// each problem with a stable code and an English message (what the CLI
// prints); the window looks the code up here, names the GPU API the trace
// actually calls (HIP on ROCm traces, CUDA otherwise) and falls back to the
// core's message for a code it does not know.

#include "model/diagnostics.h"
#include "model/trace.h"

#include <QCoreApplication>
#include <QString>

namespace tracelane {

class DiagnosticText
{
    Q_DECLARE_TR_FUNCTIONS(DiagnosticText)

public:
    // "HIP" when the trace's API calls are HIP's (hipLaunchKernel, ...), else "CUDA".
    static QString gpuApiOf(const Trace &trace);
    static QString message(const Diagnostic &diagnostic, const QString &gpuApi);
};

} // namespace tracelane
