// Window summary benchmark: the area selection's query on a large trace.
//   bench_window TRACE [--queries N]
// Loads TRACE, builds the per-depth index once (as the timeline does), then
// times summarizeWindow on all lanes for N windows of each width (0.1 %, 1 %,
// 10 % and 100 % of the trace) spread evenly over it, and, for comparison, the
// same summary of one 1 % window by a linear scan over every event.
// Prints one JSON line.
#include "analysis/gpu/interval_set.h"
#include "analysis/window/window_summary.h"
#include "bench_measure.h"
#include "import/importer.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <unordered_map>
#include <vector>

using namespace tracelane;
using namespace tracelane::bench;

namespace {

} // namespace

int main(int argc, char **argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_window TRACE [--queries N]\n");
        return 2;
    }
    int queries = 20;
    for (int i = 2; i + 1 < argc; ++i)
        if (!std::strcmp(argv[i], "--queries"))
            queries = std::max(1, std::stoi(argv[i + 1]));

    auto start = Clock::now();
    const ImportResult loaded = loadTrace(argv[1]);
    if (!loaded.ok()) {
        std::fprintf(stderr, "bench_window: %s\n", loaded.error.c_str());
        return 3;
    }
    const double loadMs = milliseconds(start);
    const Trace &trace = *loaded.trace;
    start = Clock::now();
    const DepthIndex index(trace);
    const double indexMs = milliseconds(start);
    const TimeNs span = std::max<TimeNs>(1, trace.endNs - trace.startNs);

    std::printf("{\"trace\":\"%s\",\"events\":%llu,\"load_ms\":%.1f,\"index_ms\":%.1f", argv[1],
                static_cast<unsigned long long>(trace.eventCount()), loadMs, indexMs);
    for (const double share : {0.001, 0.01, 0.1, 1.0}) {
        const TimeNs length = std::max<TimeNs>(1, TimeNs(double(span) * share));
        std::vector<double> ms;
        std::size_t rows = 0;
        for (int q = 0; q < queries; ++q) {
            const TimeNs from = trace.startNs + TimeNs(double(span - length) * q / std::max(1, queries - 1));
            start = Clock::now();
            const WindowSummary s = summarizeWindow(trace, index, {from, from + length});
            ms.push_back(milliseconds(start));
            rows += s.rows.size();
        }
        std::printf(",\"window_%g_pct_ms\":%.3f,\"window_%g_pct_rows\":%zu", share * 100, median(ms), share * 100,
                    rows / std::size_t(queries));
    }
    // What a query without the index costs: every event tested and clipped,
    // those inside grouped by (kind, name) in a hash map, GPU work merged.
    for (const double share : {0.01, 1.0}) {
        const TimeNs length = std::max<TimeNs>(1, TimeNs(double(span) * share));
        const TimeWindow window{trace.startNs + (span - length) / 2, trace.startNs + (span - length) / 2 + length};
        std::vector<double> scanMs;
        for (int q = 0; q < 5; ++q) {
            start = Clock::now();
            std::unordered_map<std::uint64_t, std::pair<std::int64_t, TimeNs>> rows;
            std::vector<TimeInterval> busy;
            for (std::uint32_t t = 0; t < trace.tracks.size(); ++t)
                for (const Event &e : trace.tracks[t].events)
                    if (overlapsWindow(e, window)) {
                        auto &row = rows[(std::uint64_t(windowGroupOf(trace.tracks[t].kind, e.kind)) << 32) | e.name];
                        ++row.first;
                        row.second += window.clip(e);
                        if (isGpuWork(e.kind))
                            busy.push_back({std::max(e.start, window.from), std::min(e.end(), window.to)});
                    }
            IntervalSet::unionOf(std::move(busy));
            scanMs.push_back(milliseconds(start));
        }
        std::printf(",\"linear_scan_%g_pct_ms\":%.3f", share * 100, median(scanMs));
    }
    std::printf("}\n");
    return 0;
}
