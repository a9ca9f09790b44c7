// Several traces opened as one (the ranks of a run in one window) against the
// same files loaded one after another, each in a fresh process so peaks do
// not mix. Prints one JSON line per run:
//   bench_group_open --alone TRACE    one load: seconds, peak and resident memory, model bytes
//   bench_group_open --group TRACE... loadTraceGroup (load, rank summary, alignment, merge)
//   bench_group_open --stages TRACE... the same steps one by one, timed each
// Memory is net of the process's resident size before loading. bench/group_open.sh
// runs both and the budget's comparison: the group in no more time than the
// loads one after another, its peak no more than the largest load's peak plus
// the models of the others.
#include "analysis/ranks/trace_group.h"
#include "bench_measure.h"
#include "import/importer.h"
#include "model/trace_merge.h"

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

using namespace tracelane;
using namespace tracelane::bench;

namespace {

double peakRssMb()
{
    return double(peakRssKb()) / 1024.0;
}

double currentRssMb()
{
    return double(currentRssKb()) / 1024.0;
}

int alone(const std::string &path)
{
    const double before = currentRssMb();
    const auto started = std::chrono::steady_clock::now();
    const ImportResult result = loadTrace(path);
    const double s = seconds(started);
    if (!result.ok()) {
        std::fprintf(stderr, "%s\n", result.error.c_str());
        return 1;
    }
    std::printf("{\"mode\": \"alone\", \"file\": \"%s\", \"events\": %llu, \"seconds\": %.3f, \"cpu_s\": %.2f, "
                "\"peak_mb\": %.1f, \"resident_mb\": %.1f, \"model_mb\": %.1f}\n",
                path.c_str(), static_cast<unsigned long long>(result.trace->eventCount()), s, cpuSeconds(),
                peakRssMb() - before, currentRssMb() - before, double(result.trace->memoryBytes()) / 1048576.0);
    return 0;
}

int group(const std::vector<std::string> &paths)
{
    const double before = currentRssMb();
    const auto started = std::chrono::steady_clock::now();
    const TraceGroup group = loadTraceGroup(paths, TimeAlignment::CommonClock, "bench");
    const double s = seconds(started);
    if (!group.trace) {
        std::fprintf(stderr, "%s\n", group.error.c_str());
        return 1;
    }
    std::printf("{\"mode\": \"group\", \"files\": %zu, \"parts\": %zu, \"events\": %llu, \"seconds\": %.3f, "
                "\"cpu_s\": %.2f, \"peak_mb\": %.1f, \"resident_mb\": %.1f, \"model_mb\": %.1f}\n",
                paths.size(), group.trace->parts.size(),
                static_cast<unsigned long long>(group.trace->eventCount()), s, cpuSeconds(), peakRssMb() - before,
                currentRssMb() - before, double(group.trace->memoryBytes()) / 1048576.0);
    return 0;
}

// What loadTraceGroup does, step by step (labels and order left out: cheap).
int stages(const std::vector<std::string> &paths)
{
    auto started = std::chrono::steady_clock::now();
    std::vector<std::shared_ptr<const Trace>> traces;
    for (const std::string &path : paths)
        traces.push_back(loadTrace(path).trace);
    const double load = seconds(started);
    started = std::chrono::steady_clock::now();
    std::vector<RankInput> inputs;
    std::vector<const Trace *> pointers;
    for (std::size_t i = 0; i < paths.size(); ++i) {
        inputs.push_back({paths[i], traces[i].get()});
        pointers.push_back(traces[i].get());
    }
    const RankSummary ranks = rankSummary(inputs);
    const double summary = seconds(started);
    started = std::chrono::steady_clock::now();
    const Alignment alignment = alignTraces(pointers, TimeAlignment::CommonClock);
    const double align = seconds(started);
    started = std::chrono::steady_clock::now();
    std::vector<MergeInput> merge;
    for (std::size_t i = 0; i < traces.size(); ++i) {
        MergeInput input;
        input.trace = std::move(const_cast<Trace &>(*traces[i])); // this program made it
        traces[i].reset();
        input.label = paths[i];
        input.shift = alignment.shifts[i];
        merge.push_back(std::move(input));
    }
    const Trace merged = mergeTraces(std::move(merge));
    const double mergeSeconds = seconds(started);
    std::printf("{\"mode\": \"stages\", \"load_s\": %.3f, \"rank_summary_s\": %.3f, \"align_s\": %.3f, "
                "\"merge_s\": %.3f, \"ranks\": %zu, \"events\": %llu}\n",
                load, summary, align, mergeSeconds, ranks.rows.size(),
                static_cast<unsigned long long>(merged.eventCount()));
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc >= 3 && std::strcmp(argv[1], "--alone") == 0)
        return alone(argv[2]);
    if (argc >= 3 && std::strcmp(argv[1], "--group") == 0)
        return group(std::vector<std::string>(argv + 2, argv + argc));
    if (argc >= 3 && std::strcmp(argv[1], "--stages") == 0)
        return stages(std::vector<std::string>(argv + 2, argv + argc));
    std::fprintf(stderr, "usage: bench_group_open --alone TRACE | --group TRACE... | --stages TRACE...\n");
    return 2;
}
