#pragma once
// Chrome Trace Event Format: PyTorch profiler (Kineto) traces, the legacy
// torch.autograd.profiler export, and any other Chrome trace, plain or gzipped.
// Streams the file through nlohmann's SAX parser; memory does not grow with
// the file beyond the model itself.

#include "import/importer.h"

namespace tracelane {

class ChromeTraceImporter : public Importer
{
public:
    std::string_view id() const override { return "chrome-json"; }
    std::string_view displayName() const override { return "Chrome trace (PyTorch profiler / Kineto)"; }
    int sniff(const ContentProbe &probe) const override;
    void import(const ContentProbe &probe, TraceBuilder &builder, ImportControl &control) const override;
};

} // namespace tracelane
