#include "hta_events.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <regex>
#include <unordered_map>
#include <unordered_set>

namespace tracelane {
namespace {

// The double Python's json module reads for the microsecond text of `ns`: the
// correctly rounded ns / 1000. The long double quotient is within 2^-12 of a
// double's ulp of it, while a value k/1000 that is not exactly halfway between
// two doubles lies at least 2^-10 ulp from halfway, so rounding that quotient
// to double gives the correctly rounded result (x86-64's 64-bit long double).
double microsecondsAsDouble(TimeNs ns)
{
    static_assert(std::numeric_limits<long double>::digits >= 64, "needs an extended long double");
    return static_cast<double>(static_cast<long double>(ns) / 1000.0L);
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
    // HTA matches Python regular expressions from the start of the name; their
    // ".*" does not cross a line break, so "contains" means within the first line.
    const std::string_view firstLine = name.substr(0, name.find('\n'));
    const auto contains = [&](std::string_view part) { return firstLine.find(part) != std::string_view::npos; };
    // (^nccl.*)|(^hip)|(^hccl)|(.*ncclKernel.*)
    if (startsWith(name, "nccl") || startsWith(name, "hip") || startsWith(name, "hccl") || contains("ncclKernel"))
        return HtaKernelType::Communication;
    // (^(hip)?Memcpy)|(^(hip)?Memset)|(^dma)
    if (startsWith(name, "Memcpy") || startsWith(name, "Memset") || startsWith(name, "dma"))
        return HtaKernelType::Memory;
    // Compute unless: (^nccl)|(.*Memcpy)|(.*Memset)|(.*dma)|(^.*Sync)|(^Stream Wait Event)|(cuda.*LaunchKernel)
    // |(^runFunction)|(^hip)|(^job_exe)|(^packet)|(^pe_exe)|(^cpum_exe_subgraph)|(^hccl)|(^collective_subgraph_execution)
    if (contains("Memcpy") || contains("Memset") || contains("dma") || contains("Sync")
        || (startsWith(name, "cuda") && firstLine.find("LaunchKernel", 4) != std::string_view::npos))
        return HtaKernelType::Other;
    for (const std::string_view prefix : {"Stream Wait Event", "runFunction", "job_exe", "packet", "pe_exe",
                                          "cpum_exe_subgraph", "collective_subgraph_execution"})
        if (startsWith(name, prefix))
            return HtaKernelType::Other;
    return HtaKernelType::Computation;
}

HtaTrace htaTrace(const Trace &trace)
{
    HtaTrace result;
    result.rank = rankOf(trace);
    // A key the trace lacks gets an id no string has, and is never found.
    constexpr StringId kAbsent = 0xFFFFFFFFu;
    const std::array<StringId, 2> keys = {trace.strings.find("stream").value_or(kAbsent),
                                          trace.strings.find("correlation").value_or(kAbsent)};
    std::array<std::optional<ArgValue>, 2> values;
    // Per name, worked out once (the patterns are regular expressions): 0 unknown, else 1 + answer.
    std::vector<std::uint8_t> profilerStepName(trace.strings.size(), 0);
    std::vector<std::uint8_t> typeOfName(trace.strings.size(), 0);
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
            findArgs(trace.argSchemas, track.argBlob, e.args, keys, values);
            row.stream = numericArg(values[0]);
            row.correlation = numericArg(values[1]);
            row.kernelCategory = isGpuWork(e.kind) && track.kind == TrackKind::GpuStream;
            if (row.onGpu()) {
                if (!typeOfName[e.name])
                    typeOfName[e.name] = 1 + static_cast<std::uint8_t>(htaKernelType(trace.strings.view(e.name)));
                row.type = static_cast<HtaKernelType>(typeOfName[e.name] - 1);
            }
            if (!profilerStepName[e.name])
                profilerStepName[e.name] = 1 + isProfilerStep(trace.strings.view(e.name));
            const bool step = profilerStepName[e.name] == 2;
            if (step)
                profilerSteps.insert(e.name);
            rows.push_back(row);
            isStep.push_back(step);
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
