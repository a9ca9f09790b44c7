#pragma once
// dv/dt prof OpenCL call traces (github.com/dividiti/dvdt-prof): a JSON array
// with one object per intercepted OpenCL call ("call", "timestamp" {start, end}
// as ISO times; enqueues add "profiling" {queued, submit, start, end} in device
// ns). Recognised by an array whose first object has "call": "cl...".
//
// The file is parsed as a whole (a DOM). These traces are small (a few MB for a
// whole network: one record per API call, no per-event sampling); files over
// kMaxBytes are refused with a message rather than parsed. What lands where:
// see dvdt_mapper.h.

#include "import/importer.h"

namespace tracelane {

class DvdtImporter : public Importer
{
public:
    static constexpr std::uint64_t kMaxBytes = 512ull << 20;
    static constexpr int kMaxDepth = 64; // JSON nesting; deeper files are refused

    std::string_view id() const override { return "dvdt-opencl"; }
    std::string_view displayName() const override { return "dv/dt prof OpenCL call trace"; }
    int sniff(const ContentProbe &probe) const override;
    void import(const ContentProbe &probe, TraceBuilder &builder, ImportControl &control) const override;
};

} // namespace tracelane
