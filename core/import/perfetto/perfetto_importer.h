#pragma once
// Perfetto protobuf traces (.pftrace, .perfetto-trace; gzip too): a Trace is a
// run of `packet` fields, each a TracePacket. Recognised by content: the first
// bytes are field 1 (length-delimited), and the packet they start parses and
// holds a TracePacket field of the right wire type. An XSpace (whose field 1
// is an XPlane named like "/host:CPU") is left to its own importer.
// What is read and where it lands: docs/INPUT_PERFETTO.md.

#include "import/importer.h"

#include <string_view>

namespace tracelane {

class PerfettoImporter : public Importer
{
public:
    std::string_view id() const override { return "perfetto"; }
    std::string_view displayName() const override { return "Perfetto protobuf trace"; }
    int sniff(const ContentProbe &probe) const override;
    void import(const ContentProbe &probe, TraceBuilder &builder, ImportControl &control) const override;
};

// The sniffing rule on its own, for tests: 0 = not a Perfetto trace.
int sniffPerfettoTrace(std::string_view head);

} // namespace tracelane
