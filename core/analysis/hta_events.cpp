#include "hta_events.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <regex>
#include <unordered_map>
#include <unordered_set>

namespace tracelane {
namespace {

// The double Python's json module reads for the microsecond text of `ns`.
double microsecondsAsDouble(TimeNs ns)
{
    char text[40];
    const std::uint64_t magnitude = ns < 0 ? 0 - static_cast<std::uint64_t>(ns) : static_cast<std::uint64_t>(ns);
    std::snprintf(text, sizeof text, "%s%llu.%03llu", ns < 0 ? "-" : "",
                  static_cast<unsigned long long>(magnitude / 1000), static_cast<unsigned long long>(magnitude % 1000));
    return std::strtod(text, nullptr);
}

// pandas.to_numeric(errors="coerce") of an argument, -1 when absent or not a number.
std::int64_t numericArg(const std::optional<ArgValue> &value)
{
    if (!value)
        return -1;
    switch (value->type) {
    case ArgType::Int: return value->i;
    case ArgType::Double: return std::isfinite(value->d) ? static_cast<std::int64_t>(value->d) : -1;
    default: return -1;
    }
}

bool isProfilerStep(std::string_view name)
{
    static const std::regex pattern("^ProfilerStep#(\\d+)");
    return std::regex_search(name.begin(), name.end(), pattern);
}

int rankOf(const Trace &trace)
{
    // HTA searches the file's text for `"rank": N`; distributedInfo is kept as compact JSON.
    static const std::regex rank("\"rank\":\\s*(\\d+)");
    for (const auto &[key, value] : trace.source.metadata) {
        std::smatch m;
        if (key == "distributedInfo" && std::regex_search(value, m, rank))
            return std::stoi(m[1].str());
    }
    return 0;
}

bool startsWith(std::string_view text, std::string_view prefix) { return text.substr(0, prefix.size()) == prefix; }

} // namespace

HtaKernelType htaKernelType(std::string_view name)
{
    // (^nccl.*)|(^hip)|(^hccl)|(.*ncclKernel.*)
    if (startsWith(name, "nccl") || startsWith(name, "hip") || startsWith(name, "hccl")
        || name.find("ncclKernel") != std::string_view::npos)
        return HtaKernelType::Communication;
    // (^(hip)?Memcpy)|(^(hip)?Memset)|(^dma)
    if (startsWith(name, "Memcpy") || startsWith(name, "Memset") || startsWith(name, "dma"))
        return HtaKernelType::Memory;
    // Compute unless: (^nccl)|(.*Memcpy)|(.*Memset)|(.*dma)|(^.*Sync)|(^Stream Wait Event)|(cuda.*LaunchKernel)
    // |(^runFunction)|(^hip)|(^job_exe)|(^packet)|(^pe_exe)|(^cpum_exe_subgraph)|(^hccl)|(^collective_subgraph_execution)
    static const std::regex notCompute(
        "(^nccl)|(.*Memcpy)|(.*Memset)|(.*dma)|(^.*Sync)|(^Stream Wait Event)|(cuda.*LaunchKernel)|(^runFunction)|(^hip)"
        "|(^job_exe)|(^packet)|(^pe_exe)|(^cpum_exe_subgraph)|(^hccl)|(^collective_subgraph_execution)");
    std::cmatch m;
    const bool excluded = std::regex_search(name.data(), name.data() + name.size(), m, notCompute,
                                            std::regex_constants::match_continuous);
    return excluded ? HtaKernelType::Other : HtaKernelType::Computation;
}

HtaTrace htaTrace(const Trace &trace)
{
    HtaTrace result;
    result.rank = rankOf(trace);
    const auto streamKey = trace.strings.find("stream");
    const auto correlationKey = trace.strings.find("correlation");
    std::unordered_map<StringId, bool> profilerStepName;
    std::unordered_set<StringId> profilerSteps;
    std::vector<HtaEvent> rows;
    std::vector<bool> isStep;
    // HTA rounds only when pandas reads the timestamps as floats: some start is not a whole µs.
    result.rounded = std::any_of(trace.tracks.begin(), trace.tracks.end(), [](const Track &track) {
        return std::any_of(track.events.begin(), track.events.end(), [](const Event &e) { return e.start % 1000 != 0; });
    });
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
        const Track &track = trace.tracks[t];
        for (std::uint32_t i = 0; i < track.events.size(); ++i) {
            const Event &e = track.events[i];
            // Rows are events with a duration: not instants, counter samples or async b/e pairs.
            if (e.kind == EventKind::Instant || e.kind == EventKind::CounterSample || e.kind == EventKind::Async)
                continue;
            HtaEvent row;
            row.ref = {t, i};
            const double ts = microsecondsAsDouble(e.start);
            const double end = ts + microsecondsAsDouble(e.duration);
            row.ts = result.rounded ? std::ceil(ts) : ts;
            row.end = result.rounded ? std::floor(end) : end;
            if (streamKey)
                row.stream = numericArg(findArg(trace.argSchemas, track.argBlob, e.args, *streamKey));
            if (correlationKey)
                row.correlation = numericArg(findArg(trace.argSchemas, track.argBlob, e.args, *correlationKey));
            row.kernelCategory = isGpuWork(e.kind) && track.kind == TrackKind::GpuStream;
            auto [known, inserted] = profilerStepName.try_emplace(e.name, false);
            if (inserted)
                known->second = isProfilerStep(trace.strings.view(e.name));
            if (known->second)
                profilerSteps.insert(e.name);
            rows.push_back(row);
            isStep.push_back(known->second);
        }
    }

    if (profilerSteps.size() >= 2) {
        // HTA's GPU kernel filter: stream and correlation both set, or a device-wide sync.
        const auto eventSync = trace.strings.find("Event Sync"), contextSync = trace.strings.find("Context Sync");
        auto gpuFiltered = [&](const HtaEvent &r) {
            const StringId name = trace.event(r.ref).name;
            return (r.stream >= 0 && r.correlation >= 0) || (eventSync && name == *eventSync)
                   || (contextSync && name == *contextSync);
        };
        double lastStepStart = -std::numeric_limits<double>::infinity();
        for (std::size_t k = 0; k < rows.size(); ++k)
            if (isStep[k] && !gpuFiltered(rows[k]))
                lastStepStart = std::max(lastStepStart, rows[k].ts);
        std::vector<HtaEvent> kept;
        std::unordered_map<std::int64_t, std::int64_t> keptCpuByCorrelation;
        for (const HtaEvent &r : rows)
            if (!gpuFiltered(r) && r.ts < lastStepStart) {
                kept.push_back(r);
                ++keptCpuByCorrelation[r.correlation];
            }
        for (const HtaEvent &r : rows) {
            if (!gpuFiltered(r))
                continue;
            const auto match = keptCpuByCorrelation.find(r.correlation);
            for (std::int64_t copy = 0; match != keptCpuByCorrelation.end() && copy < match->second; ++copy)
                kept.push_back(r);
        }
        rows = std::move(kept);
        result.lastStepDropped = true;
    }
    std::stable_sort(rows.begin(), rows.end(), [](const HtaEvent &a, const HtaEvent &b) { return a.ts < b.ts; });
    result.events = std::move(rows);
    return result;
}

std::vector<HtaInterval> htaMergeIntervals(std::vector<HtaInterval> intervals)
{
    std::stable_sort(intervals.begin(), intervals.end(),
                     [](const HtaInterval &a, const HtaInterval &b) { return a.ts < b.ts; });
    std::vector<HtaInterval> merged;
    double latestEnd = 0;
    for (std::size_t k = 0; k < intervals.size(); ++k) {
        const HtaInterval &i = intervals[k];
        // A new group starts where the start passes every earlier end (first row: always).
        if (k == 0 || i.ts > latestEnd)
            merged.push_back(i);
        else {
            merged.back().ts = std::min(merged.back().ts, i.ts);
            merged.back().end = std::max(merged.back().end, i.end);
        }
        latestEnd = k == 0 ? i.end : std::max(latestEnd, i.end);
    }
    return merged;
}

} // namespace tracelane
