// SQL benchmark: queries over the `event` table and the views on a large trace.
//   bench_sql TRACE [--repeat N]
// Loads TRACE, times setting up the database (indexing tracks, copying the
// small tables), then runs each query N times (default 3) and reports the
// fastest and the median wall time, the least CPU time, and the number of rows. Prints one JSON
// line; budget (DESIGN.md): a GROUP BY over 5 M events < 2 s.
#include "import/importer.h"
#include "sql/trace_database.h"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

using namespace tracelane;

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start)
{
    return std::chrono::duration<double>(Clock::now() - start).count();
}

// CPU time of this process: the figure other builds on the machine barely change.
double cpuSeconds()
{
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) / 1e9;
}

struct Query
{
    const char *name;
    std::string sql;
};

std::vector<Query> queries(const Trace &trace)
{
    // A window of about one training step in the middle of the trace.
    const TimeNs middle = trace.startNs / 2 + trace.endNs / 2;
    const TimeNs step = (trace.endNs - trace.startNs) / 1000;
    const std::string window = std::to_string(middle) + " AND " + std::to_string(middle + step);
    return {
        {"kernel_group_by_name", "SELECT name, count(*), sum(dur) FROM event WHERE kind = 'kernel' GROUP BY name"},
        {"kernel_summary_nsys",
         "SELECT name, count(*), sum(dur), avg(dur), median(dur), min(dur), max(dur), stddev(dur) FROM event "
         "WHERE kind = 'kernel' GROUP BY name ORDER BY sum(dur) DESC"},
        {"group_by_kind_all_events", "SELECT kind, count(*), sum(dur) FROM event GROUP BY kind"},
        {"count_all_events", "SELECT count(*) FROM event"},
        {"api_summary", "SELECT name, count(*), sum(dur), median(dur) FROM event WHERE kind = 'api_call' GROUP BY name"},
        {"kernels_by_launching_call", "SELECT api_name, count(*), sum(dur) FROM kernel GROUP BY api_name"},
        {"events_in_time_window", "SELECT count(*), sum(dur) FROM event WHERE ts BETWEEN " + window},
        {"conv_time_per_step",
         "SELECT r.name, sum(op.dur) FROM event AS r JOIN event AS api ON api.process = r.process "
         "AND api.kind = 'api_call' AND api.ts >= r.ts AND api.\"end\" <= r.\"end\" "
         "JOIN event AS op ON op.launch_id = api.id "
         "WHERE r.kind = 'range' AND r.name GLOB 'ProfilerStep#*' AND op.name LIKE '%conv%' GROUP BY r.id"},
    };
}

} // namespace

int main(int argc, char **argv)
{
    int repeat = 3;
    if (argc == 4 && !std::strcmp(argv[2], "--repeat"))
        repeat = std::max(1, std::atoi(argv[3]));
    else if (argc != 2) {
        std::fprintf(stderr, "usage: bench_sql TRACE [--repeat N]\n");
        return 2;
    }
    const auto loadStart = Clock::now();
    const ImportResult loaded = loadTrace(argv[1]);
    if (!loaded.ok()) {
        std::fprintf(stderr, "bench_sql: %s\n", loaded.error.c_str());
        return 3;
    }
    const double loadSeconds = secondsSince(loadStart);
    const auto setupStart = Clock::now();
    TraceDatabase database(loaded.trace);
    const double setupMs = secondsSince(setupStart) * 1000;

    std::printf("{\"trace\":\"%s\",\"events\":%llu,\"load_s\":%.2f,\"setup_ms\":%.1f", argv[1],
                static_cast<unsigned long long>(loaded.trace->eventCount()), loadSeconds, setupMs);
    for (const Query &query : queries(*loaded.trace)) {
        std::vector<double> times, cpuTimes;
        std::size_t rows = 0;
        for (int i = 0; i < repeat; ++i) {
            const auto start = Clock::now();
            const double cpuStart = cpuSeconds();
            rows = 0;
            const SqlStatus status = database.run(query.sql, [](const std::vector<SqlColumn> &) {},
                                                  [&rows](const std::vector<Cell> &) { return ++rows, true; });
            times.push_back(secondsSince(start) * 1000);
            cpuTimes.push_back((cpuSeconds() - cpuStart) * 1000);
            if (!status.ok()) {
                std::fprintf(stderr, "bench_sql: %s: %s\n", query.name, status.message.c_str());
                return 4;
            }
        }
        std::sort(times.begin(), times.end());
        std::sort(cpuTimes.begin(), cpuTimes.end());
        std::printf(",\"%s_ms\":{\"min\":%.1f,\"median\":%.1f,\"cpu_min\":%.1f,\"rows\":%zu}", query.name,
                    times.front(), times[times.size() / 2], cpuTimes.front(), rows);
        std::fflush(stdout);
    }
    std::printf("}\n");
    return 0;
}
