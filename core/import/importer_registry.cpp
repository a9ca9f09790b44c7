#include "importer.h"

#include "byte_source.h"
#include "file_stamp.h"
#include "import_error.h"
#include "analysis/memory/memory_counters.h"
#include "model/memory_release.h"
#include "chrome/chrome_trace_importer.h"
#include "chrome/merged_ranks.h"
#include "nsys/nsys_json_importer.h"
#include "nsys/nsys_report_importer.h"
#include "nsys/nsys_sqlite_importer.h"
#include "nsys/sqlite_db.h"
#include "nvprof/nvprof_importer.h"
#include "opencl/dvdt_importer.h"
#include "rocprof/rocprof_json_importer.h"
#include "rocm/rocm_sqlite_importer.h"
#include "perfetto/perfetto_importer.h"
#include "snapshot/snapshot_importer.h"
#include "xplane/xplane_importer.h"

#include <algorithm>
#include <chrono>
#include <sqlite3.h>

namespace tracelane {
namespace {

constexpr std::size_t kProbeBytes = 64 * 1024;

bool looksLikeSqlite(const std::string &head)
{
    static constexpr char kMagic[] = "SQLite format 3";
    return head.size() >= sizeof(kMagic) && head.compare(0, sizeof(kMagic), kMagic, sizeof(kMagic)) == 0;
}

std::vector<std::string> sqliteTables(const std::string &path)
{
    std::vector<std::string> tables;
    sqlite3 *db = nullptr;
    const std::string uri = sqliteReadOnlyUri(path);
    if (sqlite3_open_v2(uri.c_str(), &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nullptr) == SQLITE_OK) {
        sqlite3_stmt *stmt = nullptr;
        if (sqlite3_prepare_v2(db, "SELECT name FROM sqlite_master WHERE type IN ('table','view')", -1, &stmt,
                               nullptr) == SQLITE_OK) {
            while (sqlite3_step(stmt) == SQLITE_ROW)
                tables.emplace_back(reinterpret_cast<const char *>(sqlite3_column_text(stmt, 0)));
        }
        sqlite3_finalize(stmt);
    }
    sqlite3_close(db);
    return tables;
}

} // namespace

bool ContentProbe::hasTable(std::string_view name) const
{
    return std::find(sqliteTables.begin(), sqliteTables.end(), name) != sqliteTables.end();
}

ContentProbe probeFile(const std::string &path)
{
    ContentProbe probe;
    probe.path = path;
    probe.head = readHead(path, kProbeBytes, &probe.gzip);
    probe.sqlite = !probe.gzip && looksLikeSqlite(probe.head);
    if (probe.sqlite)
        probe.sqliteTables = sqliteTables(path);
    return probe;
}

const std::vector<std::unique_ptr<Importer>> &importers()
{
    static const std::vector<std::unique_ptr<Importer>> all = [] {
        std::vector<std::unique_ptr<Importer>> v;
        v.push_back(std::make_unique<ChromeTraceImporter>());
        v.push_back(std::make_unique<NsysSqliteImporter>());
        v.push_back(std::make_unique<NsysJsonImporter>());
        v.push_back(std::make_unique<NsysReportImporter>());
        v.push_back(std::make_unique<NvprofImporter>());
        v.push_back(std::make_unique<DvdtImporter>());
        v.push_back(std::make_unique<RocprofJsonImporter>());
        v.push_back(std::make_unique<RpdImporter>());
        v.push_back(std::make_unique<RocpdImporter>());
        v.push_back(std::make_unique<SnapshotImporter>());
        v.push_back(std::make_unique<PerfettoImporter>());
        v.push_back(std::make_unique<XplaneImporter>());
        return v;
    }();
    return all;
}

const Importer *detectImporter(const ContentProbe &probe)
{
    const Importer *best = nullptr;
    int bestScore = 0;
    for (const auto &importer : importers()) {
        const int score = importer->sniff(probe);
        if (score > bestScore) {
            best = importer.get();
            bestScore = score;
        }
    }
    return best;
}

namespace {

std::string describeUnknown(const ContentProbe &probe)
{
    if (probe.head.empty())
        return "'" + probe.path + "' is empty";
    if (probe.sqlite)
        return "'" + probe.path + "' is an SQLite database without the tables of a known profiler "
               "(expected Nsight Systems, nvprof, RPD or rocpd tables)";
    return "'" + probe.path + "' is not a trace format Tracelane knows (expected a Chrome/PyTorch trace, "
           "an Nsight Systems export or report, an nvprof database, a dv/dt OpenCL trace, a rocprofv3 JSON "
           "file, a Perfetto trace, a JAX/XLA XSpace (.xplane.pb) or a PyTorch memory snapshot)";
}

} // namespace

ImportResult loadTrace(const std::string &path, ImportControl &control)
{
    ImportResult result;
    const auto started = std::chrono::steady_clock::now();
    const std::optional<RankPath> rank = splitRankPath(path);
    const std::string file = rank ? rank->file : path;
    const std::optional<FileStamp> before = FileStamp::of(file);
    // A file that changed while it was read explains any error the importer
    // met (a cut event, a damaged page), so it is checked before the verdict.
    auto changed = [&]() -> std::string { return before ? describeChange(file, *before, FileStamp::of(file)) : ""; };
    try {
        ContentProbe probe = probeFile(file);
        if (rank)
            probe.rankLabel = rank->label;
        const Importer *importer = detectImporter(probe);
        if (importer && rank && importer->id() != "chrome-json")
            throw ImportError("'" + path + "': only Chrome/Kineto traces merged from several ranks can be opened "
                              "rank by rank");
        if (!importer) {
            result.error = describeUnknown(probe);
            return result;
        }
        TraceBuilder builder;
        builder.source().path = path;
        builder.source().format = std::string(importer->id());
        builder.source().formatName = std::string(importer->displayName());
        importer->import(probe, builder, control);
        if (control.isCancelled())
            throw ImportCancelled();
        if (std::string change = changed(); !change.empty())
            throw ImportError(change);
        std::shared_ptr<Trace> trace = builder.finish();
        addMemoryCounterTracks(*trace);
        // Loading grows and shrinks many arrays; give the freed pages back so the
        // resident size is the model's, not the loader's high-water mark.
        releaseFreedMemory();
        trace->source.fileBytes = ByteSource(file).fileBytes();
        trace->source.loadSeconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        result.trace = std::move(trace);
    } catch (const ImportCancelled &) {
        result.cancelled = true;
        result.error = "loading '" + path + "' was cancelled";
    } catch (const ImportError &e) {
        const std::string change = changed();
        result.error = change.empty() ? e.what() : change;
    } catch (const std::bad_alloc &) {
        result.error = "'" + path + "' needs more memory than is available";
    } catch (const std::exception &e) {
        result.error = "'" + path + "': " + e.what();
    }
    return result;
}

ImportResult loadTrace(const std::string &path)
{
    ImportControl control;
    return loadTrace(path, control);
}

} // namespace tracelane
