#pragma once
// What the importer skipped or repaired: one line per kind of problem, with
// its count and the first places it happened, in the user's language
// (diagnostic_text.h).

#include "model/diagnostics.h"
#include "model/trace.h"

#include <QTreeWidget>

namespace tracelane {

class DiagnosticsPanel : public QTreeWidget
{
    Q_OBJECT

public:
    explicit DiagnosticsPanel(QWidget *parent = nullptr);
    void showDiagnosticsOf(const Trace &trace);
    // `gpuApi`: how the messages name the trace's GPU runtime ("CUDA", "HIP").
    void setDiagnostics(const Diagnostics &diagnostics, const QString &gpuApi);
};

} // namespace tracelane
