#pragma once
// AMD rocprofv3 JSON output (rocprofiler-sdk's "results.json", written by
// `rocprofv3 --output-format json`): {"rocprofiler-sdk-tool": [ one entry per
// process with metadata, agents, strings, kernel_symbols, buffer_records ]},
// times in ns. Recognised by that first key. What lands where: see
// rocprof_event_writer.h; how the document is walked: rocprof_json_reader.h.
//
// The file is read whole into memory and parsed in place with simdjson's
// On-Demand API, which builds no DOM: memory while loading is the text plus
// simdjson's index of its structural characters (81 MB at peak for a 37.5 MB
// file, model included).

#include "import/importer.h"

namespace tracelane {

class RocprofJsonImporter : public Importer
{
public:
    // simdjson indexes documents of up to 4 GiB.
    static constexpr std::uint64_t kMaxBytes = (4ull << 30) - 64;

    std::string_view id() const override { return "rocprof-json"; }
    std::string_view displayName() const override { return "AMD rocprofv3 JSON (rocprofiler-sdk)"; }
    int sniff(const ContentProbe &probe) const override;
    void import(const ContentProbe &probe, TraceBuilder &builder, ImportControl &control) const override;
};

} // namespace tracelane
