#pragma once
// Nsight Systems JSON export (`nsys export --type json`): one JSON object per
// line. The string table comes first ({"data":[...]}, index = string id; older
// versions write {"type":"String","id":N,"value":"..."} records), then events:
// TraceProcessEvent (CUDA API calls), CudaEvent (kernel, memcpy, memset, sync),
// NvtxEvent, CommEvent (process names), and last the thread names
// ({"data":[{"nameIdx":..,"globalTid":..}]}). Each line is parsed on its own, so
// memory stays at one line: by simdjson, or by nlohmann where simdjson refuses
// the line (see simd_line_parser.h); both give the same records. Lines that are not JSON, events missing a needed
// field and kinds Tracelane does not show are counted with their line numbers.
// The model is the one the SQLite export of the same report gives (see
// nsys_trace_writer.h), except GPU names, which this export does not carry.

#include "import/importer.h"

namespace tracelane {

class NsysJsonImporter : public Importer
{
public:
    std::string_view id() const override { return "nsys-json"; }
    std::string_view displayName() const override { return "Nsight Systems JSON export"; }
    int sniff(const ContentProbe &probe) const override;
    void import(const ContentProbe &probe, TraceBuilder &builder, ImportControl &control) const override;
};

} // namespace tracelane
