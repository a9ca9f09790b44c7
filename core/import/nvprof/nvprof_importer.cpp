#include "nvprof_importer.h"

#include "nvprof_reader.h"

#include "import/nsys/sqlite_db.h"

namespace tracelane {

int NvprofImporter::sniff(const ContentProbe &probe) const
{
    if (!probe.sqlite || !probe.hasTable("StringTable") || probe.hasTable("StringIds"))
        return 0;
    for (const char *table : {"CUPTI_ACTIVITY_KIND_RUNTIME", "CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL",
                              "CUPTI_ACTIVITY_KIND_KERNEL", "CUPTI_ACTIVITY_KIND_MARKER", "CUPTI_ACTIVITY_KIND_DRIVER"})
        if (probe.hasTable(table))
            return 90;
    return 0;
}

void NvprofImporter::import(const ContentProbe &probe, TraceBuilder &builder, ImportControl &control) const
{
    SqliteDb db(probe.path);
    nvprof::Reader(db, builder, control).read();
}

} // namespace tracelane
