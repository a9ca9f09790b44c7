// Range -> kernels benchmark: the "click a range" query on a large trace.
//   bench_range_kernels TRACE [--queries N]
// Loads TRACE, picks N ranges and CPU ops spread evenly over the trace (every
// kind a user can click), times RangeKernelLookup::find for each, then times a
// full kernel summary, the iteration table and the op breakdown. Prints one JSON line.
#include "analysis/operators/iteration_table.h"
#include "analysis/operators/op_kernel_breakdown.h"
#include "analysis/ranges/range_kernels.h"
#include "analysis/summaries/kernel_summary.h"
#include "import/importer.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

using namespace tracelane;

namespace {

using Clock = std::chrono::steady_clock;

double microseconds(Clock::time_point since)
{
    return std::chrono::duration<double, std::micro>(Clock::now() - since).count();
}

double percentile(std::vector<double> values, double p)
{
    if (values.empty())
        return 0.0;
    std::sort(values.begin(), values.end());
    const std::size_t i = std::min(values.size() - 1, static_cast<std::size_t>(p * double(values.size() - 1) + 0.5));
    return values[i];
}

} // namespace

int main(int argc, char **argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_range_kernels TRACE [--queries N]\n");
        return 2;
    }
    std::size_t queries = 2000;
    for (int i = 2; i + 1 < argc; ++i)
        if (!std::strcmp(argv[i], "--queries"))
            queries = std::stoul(argv[i + 1]);

    auto start = Clock::now();
    const ImportResult loaded = loadTrace(argv[1]);
    if (!loaded.ok()) {
        std::fprintf(stderr, "bench_range_kernels: %s\n", loaded.error.c_str());
        return 3;
    }
    const double loadSeconds = microseconds(start) / 1e6;
    const Trace &trace = *loaded.trace;

    std::vector<EventRef> clickable;
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
        const Track &track = trace.tracks[t];
        if (track.thread == kNoIndex)
            continue;
        for (std::uint32_t i = 0; i < track.events.size(); ++i)
            if (track.events[i].kind == EventKind::Range || track.events[i].kind == EventKind::CpuOp)
                clickable.push_back({t, i});
    }
    std::vector<EventRef> picked;
    for (std::size_t q = 0; q < queries && !clickable.empty(); ++q)
        picked.push_back(clickable[q * clickable.size() / queries]);

    start = Clock::now();
    const RangeKernelLookup lookup(trace);
    const double lookupSetupUs = microseconds(start);

    std::vector<double> times;
    std::uint64_t launched = 0, overlapping = 0;
    double largestUs = 0, slowestUs = 0;
    std::size_t largestOps = 0, slowestOverlapping = 0;
    std::string slowestName;
    for (const EventRef ref : picked) {
        start = Clock::now();
        const RangeKernels k = lookup.find(ref);
        const double us = microseconds(start);
        times.push_back(us);
        launched += k.launched.size();
        overlapping += k.overlapping.size();
        if (us > slowestUs) {
            slowestUs = us;
            slowestOverlapping = k.overlapping.size();
            slowestName = trace.name(ref);
        }
        if (k.launched.size() > largestOps) {
            largestOps = k.launched.size();
            largestUs = us;
        }
    }

    start = Clock::now();
    const NameSummary summary = kernelSummary(trace);
    const double summaryMs = microseconds(start) / 1e3;
    start = Clock::now();
    const IterationTable iterations = detectIterations(trace);
    const double iterationsMs = microseconds(start) / 1e3;
    start = Clock::now();
    const OpKernelBreakdown breakdown = opKernelBreakdown(trace);
    const double breakdownMs = microseconds(start) / 1e3;

    std::printf("{\"trace\":\"%s\",\"events\":%llu,\"load_s\":%.2f,\"clickable\":%zu,\"queries\":%zu,"
                "\"lookup_setup_us\":%.1f,\"range_kernels_median_us\":%.2f,\"range_kernels_p95_us\":%.2f,"
                "\"range_kernels_max_us\":%.2f,\"slowest_range\":\"%s\",\"slowest_range_overlapping\":%zu,"
                "\"largest_range_ops\":%zu,\"largest_range_us\":%.2f,"
                "\"launched_total\":%llu,\"overlapping_total\":%llu,"
                "\"kernel_summary_ms\":%.1f,\"kernel_names\":%zu,\"iterations_ms\":%.1f,\"iterations\":%zu,"
                "\"breakdown_ms\":%.1f,\"breakdown_ops\":%zu}\n",
                argv[1], static_cast<unsigned long long>(trace.eventCount()), loadSeconds, clickable.size(),
                picked.size(), lookupSetupUs, percentile(times, 0.5), percentile(times, 0.95),
                percentile(times, 1.0), slowestName.substr(0, 60).c_str(), slowestOverlapping, largestOps, largestUs, static_cast<unsigned long long>(launched),
                static_cast<unsigned long long>(overlapping), summaryMs, summary.rows.size(), iterationsMs,
                iterations.iterations.size(), breakdownMs, breakdown.ops.size());
    return 0;
}
