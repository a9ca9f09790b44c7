// Instance lists benchmark: what a click that lists events costs on a large trace.
//   bench_lists TRACE
// Loads TRACE, then times, each the median of 5 runs:
//  - the Breakdown at depth 0, and the GPU work of its top op and of every op
//    together (the "Other ops" bar at its worst), as a Breakdown click lists them;
//  - every instance of the most launched kernel, as Kernel Statistics and the
//    Summaries' "List All Instances" find them;
//  - the Instances table over every GPU operation of the trace: filling it,
//    sorting by each column and filtering by a name fragment.
// Prints one JSON line.
#include "analysis/operators/op_kernel_breakdown.h"
#include "analysis/ranges/range_kernels.h"
#include "analysis/summaries/kernel_summary.h"
#include "analysis/summaries/longest_instance.h"
#include "import/importer.h"
#include "panels/instances/instance_table_model.h"

#include <QCoreApplication>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <map>
#include <string>
#include <vector>

using namespace tracelane;

namespace {

using Clock = std::chrono::steady_clock;

// Median milliseconds of five runs of `work`.
double timed(const std::function<void()> &work)
{
    std::vector<double> ms;
    for (int run = 0; run < 5; ++run) {
        const auto start = Clock::now();
        work();
        ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
    }
    std::sort(ms.begin(), ms.end());
    return ms[ms.size() / 2];
}

std::string mostLaunchedKernel(const Trace &trace)
{
    std::map<StringId, std::size_t> counts;
    for (const Track &track : trace.tracks)
        for (const Event &e : track.events)
            if (e.kind == EventKind::Kernel)
                ++counts[e.name];
    if (counts.empty())
        return {};
    const auto top = std::max_element(counts.begin(), counts.end(),
                                      [](const auto &a, const auto &b) { return a.second < b.second; });
    return std::string(trace.strings.view(top->first));
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_lists TRACE\n");
        return 2;
    }
    const ImportResult loaded = loadTrace(argv[1]);
    if (!loaded.ok()) {
        std::fprintf(stderr, "bench_lists: %s\n", loaded.error.c_str());
        return 3;
    }
    const Trace &trace = *loaded.trace;
    std::printf("{\"trace\":\"%s\",\"events\":%llu", argv[1], static_cast<unsigned long long>(trace.eventCount()));

    OpKernelBreakdown breakdown;
    std::printf(",\"breakdown_ms\":%.2f", timed([&] { breakdown = opKernelBreakdown(trace); }));
    if (!breakdown.ops.empty()) {
        std::size_t topCount = 0, allCount = 0;
        const double topMs = timed([&] { topCount = launchedGpuWork(trace, breakdown.ops.front()).size(); });
        const double allMs = timed([&] {
            allCount = 0;
            for (const OpBreakdown &op : breakdown.ops)
                allCount += launchedGpuWork(trace, op).size();
        });
        std::printf(",\"top_op_work_ms\":%.2f,\"top_op_work_events\":%zu,\"all_ops_work_ms\":%.2f,"
                    "\"all_ops_work_events\":%zu",
                    topMs, topCount, allMs, allCount);
    }

    const std::string kernel = mostLaunchedKernel(trace);
    std::size_t kernelCount = 0;
    std::printf(",\"kernel_instances_ms\":%.2f", timed([&] { kernelCount = kernelInstances(trace, kernel).size(); }));
    std::printf(",\"summary_instances_ms\":%.2f,\"kernel_instances\":%zu",
                timed([&] { kernelCount = summaryInstances(trace, SummaryKind::Kernel, kernel).size(); }),
                kernelCount);

    std::vector<EventRef> gpuWork;
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t)
        for (std::uint32_t i = 0; i < trace.tracks[t].events.size(); ++i)
            if (isGpuWork(trace.tracks[t].events[i].kind))
                gpuWork.push_back({t, i});
    InstanceTableModel model;
    std::printf(",\"table_rows\":%zu,\"table_fill_ms\":%.2f", gpuWork.size(),
                timed([&] { model.setEvents(loaded.trace, gpuWork); }));
    for (int column = 0; column < InstanceTableModel::ColumnCount; ++column)
        std::printf(",\"table_sort_%d_ms\":%.2f", column,
                    timed([&] { model.sort(column, Qt::DescendingOrder); }));
    std::printf(",\"table_filter_ms\":%.2f}\n", timed([&] {
                    model.setFilter(QStringLiteral("gemm"));
                    model.setFilter({});
                }));
    return 0;
}
