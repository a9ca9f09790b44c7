// Pivot table benchmark: the whole trace grouped four ways.
//   bench_pivot TRACE [--runs N]
// Loads TRACE, then times computePivot over every event by name,kind; by
// thread,name; by range,name (the enclosing-range sweep); by arg:Input Dims
// (one argument decoded per event). Prints one JSON line: the median seconds
// of N runs (default 3) and the groups each made.
#include "analysis/pivot/pivot_table.h"
#include "bench_measure.h"
#include "import/importer.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

using namespace tracelane;
using namespace tracelane::bench;

int main(int argc, char **argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_pivot TRACE [--runs N]\n");
        return 2;
    }
    int runs = 3;
    for (int i = 2; i + 1 < argc; ++i)
        if (!std::strcmp(argv[i], "--runs"))
            runs = std::max(1, std::stoi(argv[i + 1]));

    auto start = Clock::now();
    const ImportResult loaded = loadTrace(argv[1]);
    if (!loaded.ok()) {
        std::fprintf(stderr, "bench_pivot: %s\n", loaded.error.c_str());
        return 3;
    }
    const double loadSeconds = seconds(start);
    const Trace &trace = *loaded.trace;
    std::printf("{\"trace\":\"%s\",\"events\":%llu,\"load_s\":%.2f", argv[1],
                static_cast<unsigned long long>(trace.eventCount()), loadSeconds);
    for (const char *by : {"name,kind", "thread,name", "range,name", "arg:Input Dims"}) {
        std::string error;
        PivotOptions options;
        options.dimensions = *parsePivotByList(by, error);
        std::vector<double> times;
        std::size_t groups = 0;
        for (int r = 0; r < runs; ++r) {
            start = Clock::now();
            const PivotResult result = computePivot(trace, options);
            times.push_back(seconds(start));
            groups = result.groups.size() - 1;
        }
        std::printf(",\"%s_s\":%.3f,\"%s_groups\":%zu", by, median(times), by, groups);
    }
    std::printf(",\"peak_rss_mb\":%.0f}\n", double(peakRssKb()) / 1024.0);
    return 0;
}
