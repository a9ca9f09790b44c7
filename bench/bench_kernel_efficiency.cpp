// Kernel efficiency benchmark: the per-name and per-device estimates on a large trace.
//   bench_kernel_efficiency TRACE [RUNS]
// Loads TRACE, then times, as the median of RUNS (default 5): kernel efficiency
// per name (what `kernels --efficiency` adds), the steps window (ProfilerStep
// detection), per-device est. SM efficiency and occupancy, and FLOPs per op
// (what `ops --flops` adds). Prints seconds; budget < 1 s for the first three
// together on 5 M events (docs/perf/kernel_efficiency.md).
#include "bench_measure.h"

#include "analysis/efficiency/kernel_efficiency.h"
#include "analysis/efficiency/op_flops.h"
#include "analysis/operators/autograd_ops.h"
#include "import/importer.h"

#include <cstdio>
#include <cstdlib>
#include <functional>

using namespace tracelane;
using namespace tracelane::bench;

namespace {

double medianSeconds(int runs, const std::function<void()> &work)
{
    std::vector<double> times;
    for (int i = 0; i < runs; ++i) {
        const auto start = Clock::now();
        work();
        times.push_back(seconds(start));
    }
    return median(times);
}

} // namespace

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 3) {
        std::fprintf(stderr, "usage: bench_kernel_efficiency TRACE [RUNS]\n");
        return 2;
    }
    const int runs = argc == 3 ? std::max(1, std::atoi(argv[2])) : 5;
    const auto loadStart = Clock::now();
    const ImportResult loaded = loadTrace(argv[1]);
    if (!loaded.ok()) {
        std::fprintf(stderr, "bench_kernel_efficiency: %s\n", loaded.error.c_str());
        return 3;
    }
    const double loadSeconds = seconds(loadStart);
    const Trace &trace = *loaded.trace;

    std::size_t names = 0, devices = 0, flopOps = 0;
    const double perName = medianSeconds(runs, [&] { names = kernelEfficiencyByName(trace).rows.size(); });
    StepsWindow window;
    const double steps = medianSeconds(runs, [&] { window = stepsWindow(trace); });
    const double perDevice = medianSeconds(runs, [&] { devices = deviceEfficiency(trace, window).size(); });
    const double flops = medianSeconds(runs, [&] {
        const OpFlops f = opFlops(trace);
        flopOps = 0;
        for (std::size_t i = 0; i < f.ops.size(); ++i)
            flopOps += f.counted[i] ? 1 : 0;
    });

    std::size_t autogradOps = 0;
    const double collect = medianSeconds(runs, [&] { autogradOps = collectAutogradOps(trace).size(); });

    std::printf("events %llu, kernels %llu, load %.2f s\n", static_cast<unsigned long long>(trace.eventCount()),
                static_cast<unsigned long long>(trace.counts().kernels), loadSeconds);
    std::printf("per-name efficiency  %.3f s (%zu names)\n", perName, names);
    std::printf("steps window         %.3f s (%s)\n", steps, window.fromSteps ? "ProfilerStep" : "whole trace");
    std::printf("per-device estimates %.3f s (%zu devices)\n", perDevice, devices);
    std::printf("total                %.3f s (budget 1 s)\n", perName + steps + perDevice);
    std::printf("FLOPs per op         %.3f s (%zu ops with FLOPs)\n", flops, flopOps);
    std::printf("  of which the ops   %.3f s (%zu autograd ops: collectAutogradOps, shared with `ops`)\n", collect,
                autogradOps);
    std::printf("peak RSS %.0f MB\n", double(peakRssKb()) / 1024.0);
    return 0;
}
