// Efficiency reports benchmark: every "why the GPU waits" report on a large trace.
//   bench_efficiency TRACE
// Loads TRACE, then times each report as the CLI computes it (the stream index,
// GPU time breakdown with kernel types and overlap, idle gaps and causes, launch
// records and their summary, every launch row written as CSV, queue depth,
// overheads T1-T5, and building each printed table). Prints one JSON line;
// budget: each report < 1 s on 5 M events.
#include "analysis/efficiency/gpu_time.h"
#include "analysis/efficiency/idle_causes.h"
#include "analysis/efficiency/launch_overheads.h"
#include "analysis/efficiency/launch_stats.h"
#include "analysis/efficiency/queue_depth.h"
#include "analysis/hta/hta_reports.h"
#include "import/importer.h"

#include <chrono>
#include <cstdio>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

using namespace tracelane;

namespace {

using Clock = std::chrono::steady_clock;

// Runs `report` and returns its wall time in milliseconds.
double timeMs(const std::function<void()> &report)
{
    const auto start = Clock::now();
    report();
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

} // namespace

int main(int argc, char **argv)
{
    if (argc != 2) {
        std::fprintf(stderr, "usage: bench_efficiency TRACE\n");
        return 2;
    }
    const auto loadStart = Clock::now();
    const ImportResult loaded = loadTrace(argv[1]);
    if (!loaded.ok()) {
        std::fprintf(stderr, "bench_efficiency: %s\n", loaded.error.c_str());
        return 3;
    }
    const double loadSeconds = std::chrono::duration<double>(Clock::now() - loadStart).count();
    const Trace &trace = *loaded.trace;

    std::vector<StreamOps> streams;
    std::size_t ops = 0, gaps = 0, launches = 0, overheadOps = 0;
    const double streamsMs = timeMs([&] {
        streams = gpuStreamOps(trace);
        for (const StreamOps &s : streams)
            ops += s.ops.size();
    });
    const double gpuTimeMs = timeMs([&] {
        const GpuTimeBreakdown b = gpuTimeBreakdown(trace, gpuStreamOps(trace));
        gpuTimeTable(b, true);
        kernelTypesTable(b);
        overlapTable(b);
    });
    const double idleMs = timeMs([&] {
        const auto all = idleGaps(trace, gpuStreamOps(trace));
        gaps = all.size();
        idleTable(idleByStream(trace, streams, all));
        longestGaps(all, 100);
    });
    const double launchesMs = timeMs([&] {
        const auto records = launchRecords(trace);
        launches = records.size();
        launchSummaryTable(summarizeLaunches(records));
    });
    // What `launches --format csv` does after loading: records, then every row written out.
    const double launchRowsMs = timeMs([&] {
        std::ofstream discard("/dev/null");
        const auto records = launchRecords(trace);
        writeRows(discard, launchRows(trace, records), TableFormat::Csv);
    });
    const double queueMs = timeMs([&] { queueTable(queueDepth(trace, gpuStreamOps(trace))); });
    // --hta: HTA's view of the trace (every event's stream and correlation arguments), then each report.
    HtaTrace hta;
    const double htaTraceMs = timeMs([&] { hta = htaTrace(trace); });
    const double htaGpuTimeMs = timeMs([&] { htaTemporalBreakdown(hta); });
    const double htaKernelTypesMs = timeMs([&] { htaKernelTypeBreakdown(hta); });
    const double htaOverlapMs = timeMs([&] { htaCommCompOverlap(hta); });
    const double htaIdleMs = timeMs([&] { htaIdleTimeBreakdown(hta, 30); });
    // As `launches --hta --format csv` does: the join, then every row written out.
    const double htaLaunchesMs = timeMs([&] {
        std::ofstream discard("/dev/null");
        const auto pairs = htaLaunchPairs(trace, hta);
        writeRows(discard, htaLaunchRows(pairs), TableFormat::Csv);
    });
    const double overheadsMs = timeMs([&] {
        const LaunchOverheads o = launchOverheads(trace);
        overheadOps = o.ops.size();
        overheadsTable(o);
    });

    std::printf("{\"trace\":\"%s\",\"events\":%llu,\"load_s\":%.2f,\"gpu_ops\":%zu,\"streams\":%zu,"
                "\"stream_index_ms\":%.1f,\"gpu_time_ms\":%.1f,\"idle_ms\":%.1f,\"idle_gaps\":%zu,"
                "\"launch_summary_ms\":%.1f,\"launch_rows_ms\":%.1f,\"launches\":%zu,\"queue_ms\":%.1f,"
                "\"overheads_ms\":%.1f,\"overhead_ops\":%zu,\"hta_trace_ms\":%.1f,\"hta_gpu_time_ms\":%.1f,"
                "\"hta_kernel_types_ms\":%.1f,\"hta_overlap_ms\":%.1f,\"hta_idle_ms\":%.1f,\"hta_launches_ms\":%.1f}\n",
                argv[1], static_cast<unsigned long long>(trace.eventCount()), loadSeconds, ops, streams.size(),
                streamsMs, gpuTimeMs, idleMs, gaps, launchesMs, launchRowsMs, launches, queueMs, overheadsMs,
                overheadOps, htaTraceMs, htaGpuTimeMs, htaKernelTypesMs, htaOverlapMs, htaIdleMs, htaLaunchesMs);
    return 0;
}
