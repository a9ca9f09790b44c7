// Trace diff benchmark: `tracelane-cli diff` on two large traces.
//   bench_diff CONTROL TEST [--runs N]
// Loads both traces at once (as the command does), then times diffTraces in
// each scope (per iteration, all iterations, one iteration: the first the
// control trace has) and `--hta` (its default) over N runs, and prints one
// JSON line with the medians.
#include "analysis/compare/trace_diff.h"
#include "analysis/compare/trace_diff_hta.h"
#include "bench_measure.h"
#include "import/importer.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <future>
#include <string>
#include <vector>

using namespace tracelane;
using namespace tracelane::bench;

namespace {

double timeDiff(const Trace &a, const Trace &b, const TraceDiffOptions &options, int runs, std::size_t &rows,
                bool hta = false)
{
    std::vector<double> ms;
    for (int r = 0; r < runs; ++r) {
        const auto start = Clock::now();
        rows = (hta ? diffTracesHta(a, b, options) : diffTraces(a, b, options)).rows.size();
        ms.push_back(milliseconds(start));
    }
    return median(ms);
}

} // namespace

int main(int argc, char **argv)
{
    if (argc < 3) {
        std::fprintf(stderr, "usage: bench_diff CONTROL TEST [--runs N]\n");
        return 2;
    }
    int runs = 3;
    for (int i = 3; i + 1 < argc; ++i)
        if (!std::strcmp(argv[i], "--runs"))
            runs = std::max(1, std::stoi(argv[i + 1]));

    auto start = Clock::now();
    auto control = std::async(std::launch::async, [&] { return loadTrace(argv[1]); });
    auto test = std::async(std::launch::async, [&] { return loadTrace(argv[2]); });
    const ImportResult a = control.get(), b = test.get();
    const double loadMs = milliseconds(start);
    if (!a.ok() || !b.ok()) {
        std::fprintf(stderr, "bench_diff: %s\n", (!a.ok() ? a.error : b.error).c_str());
        return 3;
    }

    TraceDiffOptions options;
    std::size_t rowsPerIteration = 0, rowsWhole = 0, rowsIteration = 0;
    const double perIterationMs = timeDiff(*a.trace, *b.trace, options, runs, rowsPerIteration);
    options.scope = DiffScope::Whole;
    const double wholeMs = timeDiff(*a.trace, *b.trace, options, runs, rowsWhole);
    double iterationMs = -1;
    const auto numbers = diffIterationNumbers(*a.trace);
    if (!numbers.empty()) {
        options.scope = DiffScope::Iteration;
        options.iteration = numbers.front();
        try {
            iterationMs = timeDiff(*a.trace, *b.trace, options, runs, rowsIteration);
        } catch (const std::exception &) {
            iterationMs = -1; // the test trace lacks that iteration
        }
    }
    // --hta, HTA's default: the first iteration of each trace.
    double htaMs = -1;
    std::size_t rowsHta = 0;
    try {
        htaMs = timeDiff(*a.trace, *b.trace, TraceDiffOptions{}, runs, rowsHta, true);
    } catch (const std::exception &) {
        htaMs = -1; // a trace without ProfilerStep#N
    }
    std::printf("{\"control_events\":%llu,\"test_events\":%llu,\"load_both_ms\":%.0f,\"runs\":%d,"
                "\"per_iteration_ms\":%.1f,\"all_iterations_ms\":%.1f,\"one_iteration_ms\":%.1f,"
                "\"hta_ms\":%.1f,\"rows\":%zu,\"rows_one_iteration\":%zu,\"rows_hta\":%zu}\n",
                static_cast<unsigned long long>(a.trace->eventCount()),
                static_cast<unsigned long long>(b.trace->eventCount()), loadMs, runs, perIterationMs, wholeMs,
                iterationMs, htaMs, rowsPerIteration, rowsIteration, rowsHta);
    (void)rowsWhole;
    return 0;
}
