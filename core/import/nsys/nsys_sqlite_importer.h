#pragma once
// Nsight Systems SQLite export (`nsys export --type sqlite`). Recognised by its
// tables (StringIds with CUPTI_ACTIVITY_KIND_*, NVTX_EVENTS or TARGET_INFO_*);
// opened read-only and immutable, so the file is never changed. What lands
// where in the model: see nsys_trace_writer.h.

#include "import/importer.h"

namespace tracelane {

class NsysSqliteImporter : public Importer
{
public:
    std::string_view id() const override { return "nsys-sqlite"; }
    std::string_view displayName() const override { return "Nsight Systems SQLite export"; }
    int sniff(const ContentProbe &probe) const override;
    void import(const ContentProbe &probe, TraceBuilder &builder, ImportControl &control) const override;
};

} // namespace tracelane
