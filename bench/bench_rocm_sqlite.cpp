// RPD / rocpd import benchmark: MB/s of file size by wall and CPU time (the
// budget in DESIGN.md is 150 MB/s for the new importers), rows, events, peak memory.
//   bench_rocm_sqlite FILE [--repeat N] [--step-only]
// CPU time (user + sys) is reported beside wall time because the bench machine
// is shared: wall time there measures the neighbours too. --step-only steps
// through the tables the RPD importer reads (rocpd_op, rocpd_api, rocpd_api_ops)
// without reading a column: the ceiling SQLite itself sets on this machine.
// Make a large RPD with scripts/enlarge_rpd.py.
#include "bench_measure.h"
#include "import/importer.h"
#include "import/nsys/sqlite_db.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

using namespace tracelane;
using tracelane::bench::cpuSeconds;
using tracelane::bench::median;
using tracelane::bench::peakRssKb;

namespace {

constexpr const char *kRocmTables[] = {"rocpd_op", "rocpd_api", "rocpd_api_ops", "kernels", "regions",
                                       "memory_copies"};

std::uint64_t rocmRows(SqliteDb &db, bool step)
{
    std::uint64_t rows = 0;
    for (const char *table : kRocmTables) {
        if (!db.hasTable(table))
            continue;
        if (!step) {
            rows += db.rowCount(table);
            continue;
        }
        SqliteStatement q = db.prepare(std::string("SELECT * FROM \"") + table + "\"", table);
        while (q.step())
            ++rows;
    }
    return rows;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_rocm_sqlite FILE [--repeat N] [--step-only]\n");
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
    std::uint64_t rows = 0, fileBytes = 0;
    try {
        SqliteDb db(path);
        rows = rocmRows(db, false);
        if (std::FILE *f = std::fopen(path.c_str(), "rb")) {
            std::fseek(f, 0, SEEK_END);
            fileBytes = static_cast<std::uint64_t>(std::ftell(f));
            std::fclose(f);
        }
    } catch (const std::exception &e) {
        std::fprintf(stderr, "bench_rocm_sqlite: %s\n", e.what());
        return 3;
    }

    std::vector<double> walls, cpus;
    std::shared_ptr<const Trace> trace;
    for (int r = 0; r < repeat; ++r) {
        trace.reset();
        const auto wallStart = std::chrono::steady_clock::now();
        const double cpuStart = cpuSeconds();
        if (stepOnly) {
            SqliteDb db(path);
            rocmRows(db, true);
        } else {
            ImportResult result = loadTrace(path);
            if (!result.ok()) {
                std::fprintf(stderr, "bench_rocm_sqlite: %s\n", result.error.c_str());
                return 3;
            }
            trace = result.trace;
        }
        walls.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - wallStart).count());
        cpus.push_back(cpuSeconds() - cpuStart);
    }
    const double bestWall = *std::min_element(walls.begin(), walls.end());
    const double bestCpu = *std::min_element(cpus.begin(), cpus.end());
    const double mb = double(fileBytes) / 1e6;
    std::printf("{\"mode\": \"%s\", \"file_mb\": %.1f, \"rows\": %llu, ", stepOnly ? "step-only" : "import", mb,
                static_cast<unsigned long long>(rows));
    if (trace)
        std::printf("\"format\": \"%s\", \"events\": %llu, \"flows\": %zu, ", trace->source.format.c_str(),
                    static_cast<unsigned long long>(trace->eventCount()), trace->flows.size());
    std::printf("\"runs\": %d, \"best_wall_s\": %.3f, \"median_wall_s\": %.3f, \"best_cpu_s\": %.3f, "
                "\"mb_per_s_wall\": %.0f, \"mb_per_s_cpu\": %.0f, \"peak_rss_mb\": %.1f}\n",
                repeat, bestWall, median(walls), bestCpu, mb / bestWall, mb / bestCpu, peakRssKb() / 1024.0);
    return 0;
}
