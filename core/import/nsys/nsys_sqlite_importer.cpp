#include "nsys_sqlite_importer.h"

#include "nsys_sqlite_metadata.h"
#include "nsys_sqlite_reader.h"
#include "nsys_trace_writer.h"
#include "sqlite_db.h"

namespace tracelane {

int NsysSqliteImporter::sniff(const ContentProbe &probe) const
{
    if (!probe.sqlite)
        return 0;
    // A database whose schema could not be read at all (cut short, damaged): a
    // weak claim, so that loading it names the damage rather than the format.
    if (probe.sqliteTables.empty())
        return 1;
    if (!probe.hasTable("StringIds"))
        return 0; // nvprof databases have StringTable instead
    for (const char *table : {"CUPTI_ACTIVITY_KIND_KERNEL", "CUPTI_ACTIVITY_KIND_RUNTIME", "NVTX_EVENTS",
                              "TARGET_INFO_GPU", "TARGET_INFO_SESSION_START_TIME"})
        if (probe.hasTable(table))
            return 90;
    return 0;
}

void NsysSqliteImporter::import(const ContentProbe &probe, TraceBuilder &builder, ImportControl &control) const
{
    SqliteDb db(probe.path);
    nsys::TraceWriter writer(builder);
    nsys::SqliteReader(db, writer, control).read();
    nsys::readSqliteMetadata(db, builder.source());
    writer.finish();
}

} // namespace tracelane
