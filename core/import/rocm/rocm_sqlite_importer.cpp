#include "rocm_sqlite_importer.h"

#include "rocpd_reader.h"
#include "rpd_reader.h"

#include "import/nsys/sqlite_db.h"

namespace tracelane {

int RpdImporter::sniff(const ContentProbe &probe) const
{
    if (!probe.sqlite || !probe.hasTable("rocpd_op") || !probe.hasTable("rocpd_api") || !probe.hasTable("rocpd_string"))
        return 0;
    return 90;
}

void RpdImporter::import(const ContentProbe &probe, TraceBuilder &builder, ImportControl &control) const
{
    SqliteDb db(probe.path);
    rocm::RpdReader(db, builder, control).read();
}

int RocpdImporter::sniff(const ContentProbe &probe) const
{
    if (!probe.sqlite || !probe.hasTable("kernels") || !probe.hasTable("regions") || probe.hasTable("rocpd_op"))
        return 0;
    return 90;
}

void RocpdImporter::import(const ContentProbe &probe, TraceBuilder &builder, ImportControl &control) const
{
    SqliteDb db(probe.path);
    rocm::RocpdReader(db, builder, control).read();
}

} // namespace tracelane
