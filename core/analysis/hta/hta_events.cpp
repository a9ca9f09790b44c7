#include "hta_events.h"

#include "analysis/gpu/integer_key_index.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <regex>
#include <unordered_set>

namespace tracelane {

// The double Python's json module reads for the microsecond text of `ns`: the
// correctly rounded ns / 1000. The long double quotient is within 2^-12 of a
// double's ulp of it, while a value k/1000 that is not exactly halfway between
// two doubles lies at least 2^-10 ulp from halfway, so rounding that quotient
// to double gives the correctly rounded result (x86-64's 64-bit long double).
double htaMicroseconds(TimeNs ns)
{
    static_assert(std::numeric_limits<long double>::digits >= 64, "needs an extended long double");
    return static_cast<double>(static_cast<long double>(ns) / 1000.0L);
}

std::int64_t htaNumericArg(const std::optional<ArgValue> &value)
{
    if (!value)
        return -1;
    switch (value->type) {
    case ArgType::Int: return value->i;
    case ArgType::Double: return std::isfinite(value->d) ? static_cast<std::int64_t>(value->d) : -1;
    default: return -1;
    }
}

bool htaIsProfilerStep(std::string_view name)
{
    static const std::regex pattern("^ProfilerStep#(\\d+)");
    return std::regex_search(name.begin(), name.end(), pattern);
}

bool htaRoundsTimes(const Trace &trace)
{
    return std::any_of(trace.tracks.begin(), trace.tracks.end(), [](const Track &track) {
        return std::any_of(track.events.begin(), track.events.end(), [](const Event &e) { return e.start % 1000 != 0; });
    });
}

int htaRank(const Trace &trace)
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

namespace {

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

namespace {

// Reads the events as HTA's rows: arguments, microseconds, and per-name answers cached.
class HtaRowReader
{
public:
    explicit HtaRowReader(const Trace &trace)
        : m_trace(trace), m_profilerStepName(trace.strings.size(), 0), m_typeOfName(trace.strings.size(), 0)
    {
        // A key the trace lacks gets an id no string has, and is never found.
        constexpr StringId kAbsent = 0xFFFFFFFFu;
        m_keys = {trace.strings.find("stream").value_or(kAbsent), trace.strings.find("correlation").value_or(kAbsent)};
        m_eventSync = trace.strings.find("Event Sync");
        m_contextSync = trace.strings.find("Context Sync");
        m_rounded = htaRoundsTimes(trace);
    }

    bool rounded() const { return m_rounded; }

    // Rows are events with a duration: not instants, counter samples or async b/e pairs.
    static bool isRow(const Event &e)
    {
        return e.kind != EventKind::Instant && e.kind != EventKind::CounterSample && e.kind != EventKind::Async;
    }

    bool isProfilerStepName(StringId name)
    {
        if (!m_profilerStepName[name])
            m_profilerStepName[name] = 1 + htaIsProfilerStep(m_trace.strings.view(name));
        return m_profilerStepName[name] == 2;
    }

    bool isDeviceSync(StringId name) const
    {
        return (m_eventSync && name == *m_eventSync) || (m_contextSync && name == *m_contextSync);
    }

    // Start, stream, correlation and the step flag: all a row needs to be kept or counted.
    HtaEvent head(EventRef ref)
    {
        const Track &track = m_trace.tracks[ref.track];
        const Event &e = track.events[ref.index];
        HtaEvent row;
        row.ref = ref;
        findArgs(m_trace.argSchemas, track.argBlob, e.args, m_keys, m_values);
        row.stream = htaNumericArg(m_values[0]);
        row.correlation = htaNumericArg(m_values[1]);
        row.profilerStep = isProfilerStepName(e.name);
        const double ts = htaMicroseconds(e.start);
        row.ts = m_rounded ? std::ceil(ts) : ts;
        return row;
    }

    // The rest of a kept row: end, kernel category and type.
    void complete(HtaEvent &row)
    {
        const Track &track = m_trace.tracks[row.ref.track];
        const Event &e = track.events[row.ref.index];
        const double end = htaMicroseconds(e.start) + htaMicroseconds(e.duration);
        row.end = m_rounded ? std::floor(end) : end;
        row.kernelCategory = isGpuWork(e.kind) && track.kind == TrackKind::GpuStream;
        if (row.onGpu()) {
            if (!m_typeOfName[e.name])
                m_typeOfName[e.name] = 1 + static_cast<std::uint8_t>(htaKernelType(m_trace.strings.view(e.name)));
            row.type = static_cast<HtaKernelType>(m_typeOfName[e.name] - 1);
        }
    }

    // HTA's GPU kernel filter for the step drop: stream and correlation both set, or a device-wide sync.
    bool gpuFiltered(const HtaEvent &row) const
    {
        return (row.stream >= 0 && row.correlation >= 0) || isDeviceSync(m_trace.event(row.ref).name);
    }

    // A CPU event without a correlation id: no report reads it, only the step drop counts it.
    bool uncorrelatedCpu(const HtaEvent &row) const
    {
        return !row.onGpu() && row.correlation == -1 && !row.profilerStep && !isDeviceSync(m_trace.event(row.ref).name);
    }

private:
    const Trace &m_trace;
    std::array<StringId, 2> m_keys{};
    std::array<std::optional<ArgValue>, 2> m_values;
    std::optional<StringId> m_eventSync, m_contextSync;
    bool m_rounded = false;
    // Per name, worked out once (the patterns are regular expressions): 0 unknown, else 1 + answer.
    std::vector<std::uint8_t> m_profilerStepName;
    std::vector<std::uint8_t> m_typeOfName;
};

template <typename Visit> void forEachRow(const Trace &trace, Visit visit)
{
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
        const std::vector<Event> &events = trace.tracks[t].events;
        for (std::uint32_t i = 0; i < events.size(); ++i)
            if (HtaRowReader::isRow(events[i]))
                visit(EventRef{t, i}, events[i]);
    }
}

// With two or more distinct ProfilerStep#N names, the start of the last step (the
// latest-starting step event the GPU filter leaves on the CPU side); else nothing.
std::optional<double> lastStepStart(const Trace &trace, HtaRowReader &reader)
{
    std::unordered_set<StringId> names;
    double latest = -std::numeric_limits<double>::infinity();
    forEachRow(trace, [&](EventRef ref, const Event &e) {
        if (!reader.isProfilerStepName(e.name))
            return;
        names.insert(e.name);
        const HtaEvent row = reader.head(ref);
        if (!reader.gpuFiltered(row))
            latest = std::max(latest, row.ts);
    });
    if (names.size() < 2)
        return std::nullopt;
    return latest;
}

} // namespace

HtaTrace htaTrace(const Trace &trace)
{
    HtaTrace result;
    result.rank = htaRank(trace);
    HtaRowReader reader(trace);
    result.rounded = reader.rounded();
    const std::optional<double> stepStart = lastStepStart(trace, reader);
    result.lastStepDropped = stepStart.has_value();
    const auto dropped = [&](const HtaEvent &row) { return stepStart && row.ts >= *stepStart; };

    std::vector<HtaEvent> &rows = result.events;
    rows.reserve(trace.eventCount()); // virtual until filled: nothing is copied as rows grow
    std::uint32_t keptUncorrelated = 0;
    forEachRow(trace, [&](EventRef ref, const Event &) {
        HtaEvent row = reader.head(ref);
        if (reader.uncorrelatedCpu(row)) {
            keptUncorrelated += !dropped(row);
            return;
        }
        if (dropped(row) && !reader.gpuFiltered(row))
            return; // a CPU event of the last step
        reader.complete(row);
        rows.push_back(row);
    });
    if (!stepStart)
        return result;

    // HTA's inner merge repeats each GPU row once per kept CPU event of its correlation id.
    std::vector<std::int64_t> keptCpuCorrelations;
    for (const HtaEvent &row : rows)
        if (!reader.gpuFiltered(row))
            keptCpuCorrelations.push_back(row.correlation);
    if (keptUncorrelated > 0)
        keptCpuCorrelations.push_back(-1);
    const IntegerKeyIndex correlations(keptCpuCorrelations);
    std::vector<std::uint32_t> keptCpuCount(correlations.size(), 0);
    for (const std::int64_t correlation : keptCpuCorrelations)
        ++keptCpuCount[*correlations.find(correlation)];
    if (keptUncorrelated > 0)
        keptCpuCount[*correlations.find(-1)] += keptUncorrelated - 1;
    std::size_t kept = 0;
    for (HtaEvent &row : rows) {
        if (reader.gpuFiltered(row)) {
            const auto slot = correlations.find(row.correlation);
            if (!slot)
                continue; // no kept CPU event of its correlation: the merge leaves it out
            row.copies = keptCpuCount[*slot];
        }
        rows[kept++] = row;
    }
    rows.resize(kept);
    return result;
}

HtaTrace htaParsedRows(const Trace &trace)
{
    HtaTrace result;
    result.rank = htaRank(trace);
    HtaRowReader reader(trace);
    result.rounded = reader.rounded();
    std::vector<HtaEvent> &rows = result.events;
    forEachRow(trace, [&](EventRef ref, const Event &e) {
        const std::string_view category = trace.category(e);
        if (category.empty() || category == "Trace")
            return;
        HtaEvent row = reader.head(ref);
        reader.complete(row);
        rows.push_back(row);
    });
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
