// Nsight Systems SQLite import benchmark: rows per second by wall and CPU time,
// peak memory and model bytes per event.
//   bench_nsys_import DB.sqlite [--repeat N] [--step-only]
// Rows are the event-table rows counted with SQL, the figure DESIGN.md's budget
// (2 M rows/s) is stated in. CPU time (user + sys) is reported beside wall time
// because the bench machine is shared: wall time there measures the neighbours too.
// --step-only steps through every event table without reading a column, the
// ceiling SQLite itself sets for any importer on this machine.
// Make a large database with scripts/enlarge_nsys_db.py.
#include "bench_measure.h"
#include "import/importer.h"
#include "import/nsys/sqlite_db.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
#include <string_view>
#include <sys/resource.h>
#include <unistd.h>
#include <vector>

using namespace tracelane;
using tracelane::bench::currentRssKb;
using tracelane::bench::median;
using tracelane::bench::peakRssKb;

namespace {

constexpr std::string_view kEventTables[] = {
    "CUPTI_ACTIVITY_KIND_KERNEL", "CUPTI_ACTIVITY_KIND_RUNTIME",         "CUPTI_ACTIVITY_KIND_DRIVER",
    "CUPTI_ACTIVITY_KIND_MEMCPY", "CUPTI_ACTIVITY_KIND_MEMSET",          "CUPTI_ACTIVITY_KIND_SYNCHRONIZATION",
    "NVTX_EVENTS"};

struct Clock
{
    std::chrono::steady_clock::time_point wall = std::chrono::steady_clock::now();
    double cpu = cpuSeconds();

    static double cpuSeconds()
    {
        rusage usage{};
        getrusage(RUSAGE_SELF, &usage);
        auto s = [](const timeval &t) { return double(t.tv_sec) + double(t.tv_usec) / 1e6; };
        return s(usage.ru_utime) + s(usage.ru_stime);
    }
    double wallSince() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - wall).count(); }
    double cpuSince() const { return cpuSeconds() - cpu; }
};

// Rows of the event tables the database has; StringIds and name tables are not events.
std::uint64_t eventRows(SqliteDb &db)
{
    std::uint64_t rows = 0;
    for (const std::string_view table : kEventTables)
        if (db.hasTable(table))
            rows += db.rowCount(table);
    return rows;
}

std::uint64_t stepAll(SqliteDb &db)
{
    std::uint64_t rows = 0;
    for (const std::string_view table : kEventTables) {
        if (!db.hasTable(table))
            continue;
        SqliteStatement q = db.prepare("SELECT * FROM \"" + std::string(table) + "\"", table);
        while (q.step())
            ++rows;
    }
    return rows;
}

double best(const std::vector<double> &v)
{
    return *std::min_element(v.begin(), v.end());
}

} // namespace

int main(int argc, char **argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_nsys_import DB.sqlite [--repeat N] [--step-only]\n");
        return 2;
    }
    const std::string path = argv[1];
    int repeat = 3;
    bool stepOnly = false;
    for (int i = 2; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--step-only"))
            stepOnly = true;
        else if (!std::strcmp(argv[i], "--repeat") && i + 1 < argc)
            repeat = std::max(1, std::atoi(argv[++i]));
    }
    std::uint64_t rows = 0;
    try {
        SqliteDb db(path);
        rows = eventRows(db);
    } catch (const std::exception &e) {
        std::fprintf(stderr, "bench_nsys_import: %s\n", e.what());
        return 3;
    }

    const long baseRss = currentRssKb();
    std::vector<double> walls, cpus;
    std::shared_ptr<const Trace> trace;
    for (int r = 0; r < repeat; ++r) {
        trace.reset(); // the previous model must not count towards this run's memory
        const Clock clock;
        if (stepOnly) {
            SqliteDb db(path);
            stepAll(db);
        } else {
            ImportResult result = loadTrace(path);
            if (!result.ok()) {
                std::fprintf(stderr, "bench_nsys_import: %s\n", result.error.c_str());
                return 3;
            }
            trace = result.trace;
        }
        walls.push_back(clock.wallSince());
        cpus.push_back(clock.cpuSince());
    }

    const double bestWall = best(walls), bestCpu = best(cpus);
    std::printf("{\"mode\": \"%s\", \"rows\": %llu, ", stepOnly ? "step-only" : "import",
                static_cast<unsigned long long>(rows));
    if (trace) {
        const std::uint64_t events = trace->eventCount();
        std::printf("\"events\": %llu, \"flows\": %zu, ", static_cast<unsigned long long>(events),
                    trace->flows.size());
        std::printf("\"model_bytes_per_event\": %.1f, \"resident_bytes_per_event\": %.1f, ",
                    double(trace->memoryBytes()) / double(events),
                    double(currentRssKb() - baseRss) * 1024.0 / double(events));
    }
    std::printf("\"runs\": %d, \"best_wall_s\": %.3f, \"median_wall_s\": %.3f, \"best_cpu_s\": %.3f, "
                "\"median_cpu_s\": %.3f, \"rows_per_s_wall\": %.0f, \"rows_per_s_cpu\": %.0f, "
                "\"peak_rss_mb\": %.1f}\n",
                repeat, bestWall, median(walls), bestCpu, median(cpus), double(rows) / bestWall,
                double(rows) / bestCpu, peakRssKb() / 1024.0);
    return 0;
}
