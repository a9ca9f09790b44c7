#pragma once
// AMD's two SQLite profile formats.
//
// RPD (rocmProfileData: rpd_tracer, rocprofv2 --plugin rpd): tables rocpd_op,
// rocpd_api and rocpd_string. rocpd (rocprofv3's default since ROCm 7): views
// `kernels` and `regions` over tables whose names end in a per-run id; it has
// no rocpd_op, and RPD has no `kernels` view (its view is `kernel`), so neither
// claims the other. Nsight Systems and nvprof need StringIds / StringTable and
// CUPTI_ACTIVITY_KIND_* tables, which neither AMD format has.
// What lands where: rpd_reader.h and rocpd_reader.h.

#include "import/importer.h"

namespace tracelane {

class RpdImporter : public Importer
{
public:
    std::string_view id() const override { return "rpd"; }
    std::string_view displayName() const override { return "ROCm profile data (RPD)"; }
    int sniff(const ContentProbe &probe) const override;
    void import(const ContentProbe &probe, TraceBuilder &builder, ImportControl &control) const override;
};

class RocpdImporter : public Importer
{
public:
    std::string_view id() const override { return "rocpd"; }
    std::string_view displayName() const override { return "rocprofv3 database (rocpd)"; }
    int sniff(const ContentProbe &probe) const override;
    void import(const ContentProbe &probe, TraceBuilder &builder, ImportControl &control) const override;
};

} // namespace tracelane
