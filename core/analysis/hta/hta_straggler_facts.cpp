// One rank's share of HTA's straggler detection: its rows as HTA's parser and
// Trace.load_traces leave them (hta/common/trace.py, trace_parser.py at f4d0062),
// reduced to what the detection reads.
#include "hta_events.h"
#include "hta_straggler.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <regex>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace tracelane {
namespace {

// HTA's iteration column is NaN for rows its add_iteration never assigns.
constexpr std::int64_t kStragNoIteration = std::numeric_limits<std::int64_t>::min();

struct StragRow
{
    double ts = 0;
    double dur = 0;
    std::int64_t stream = -1;
    std::int64_t correlation = -1;
    std::uint64_t order = 0; // HTA's "index": the position in traceEvents (else after every known one)
    StringId name = 0;
    bool cpuOpCategory = false;
    std::int64_t iteration = kStragNoIteration;
};

// Per name, worked out once: whether it is a step for the filter (^ProfilerStep#\d+),
// its number for add_iteration (ProfilerStep\s*#\s*(\d+) at the start), an NCCL kernel.
struct StragNameInfo
{
    bool known = false;
    bool filterStep = false;
    std::optional<std::int64_t> stepNumber;
    bool nccl = false;
    bool deviceSync = false; // "Event Sync" / "Context Sync": GPU work whatever their stream
};

class StragReader
{
public:
    StragReader(const Trace &trace, const TracePart *part)
        : m_trace(trace)
        , m_names(trace.strings.size())
    {
        m_first = part ? part->firstTrack : 0;
        m_end = part ? std::min<std::uint32_t>(part->endTrack, std::uint32_t(trace.tracks.size()))
                     : std::uint32_t(trace.tracks.size());
        m_shift = part ? part->shift : 0;
        constexpr StringId kAbsent = 0xFFFFFFFFu;
        m_keys = {trace.strings.find("stream").value_or(kAbsent), trace.strings.find("correlation").value_or(kAbsent)};
    }

    // pandas reads the times as floats, and HTA rounds them, when some start has a fraction of a µs.
    bool rounded() const
    {
        for (std::uint32_t t = m_first; t < m_end; ++t)
            for (const Event &e : m_trace.tracks[t].events)
                if ((e.start - m_shift) % 1000 != 0)
                    return true;
        return false;
    }

    std::vector<StragRow> rows(bool rounded)
    {
        std::vector<StragRow> out;
        std::array<std::optional<ArgValue>, 2> values;
        for (std::uint32_t t = m_first; t < m_end; ++t) {
            const Track &track = m_trace.tracks[t];
            for (std::uint32_t i = 0; i < track.events.size(); ++i) {
                const Event &e = track.events[i];
                // Rows are events with a duration and a category other than "Trace" (HTA drops the rest).
                if (e.kind == EventKind::Instant || e.kind == EventKind::CounterSample || e.kind == EventKind::Async)
                    continue;
                const std::string_view category = m_trace.category(e);
                if (category.empty() || category == "Trace")
                    continue;
                StragRow row;
                findArgs(m_trace.argSchemas, track.argBlob, e.args, m_keys, values);
                row.stream = htaNumericArg(values[0]);
                row.correlation = htaNumericArg(values[1]);
                const double start = htaMicroseconds(e.start - m_shift);
                const double dur = htaMicroseconds(e.duration);
                // Rounded: the start up, the end (start + dur as doubles) down; else the file's values.
                row.ts = rounded ? std::ceil(start) : start;
                row.dur = rounded ? std::floor(start + dur) - row.ts : dur;
                const std::uint32_t record = m_trace.sourceRecord(EventRef{t, i});
                row.order = record == kNoSourceRecord ? (std::uint64_t(1) << 32) + out.size() : record;
                row.name = e.name;
                row.cpuOpCategory = category == "cpu_op";
                out.push_back(row);
            }
        }
        std::stable_sort(out.begin(), out.end(),
                         [](const StragRow &a, const StragRow &b) { return a.order < b.order; });
        return out;
    }

    const StragNameInfo &name(StringId id)
    {
        StragNameInfo &info = m_names[id];
        if (!info.known) {
            static const std::regex stepNumber("^ProfilerStep\\s*#\\s*(\\d+)");
            const std::string_view text = m_trace.strings.view(id);
            info.known = true;
            info.filterStep = htaIsProfilerStep(text);
            std::match_results<std::string_view::const_iterator> m;
            if (text.starts_with("ProfilerStep") && std::regex_search(text.begin(), text.end(), m, stepNumber))
                info.stepNumber = std::stoll(m[1].str());
            info.nccl = text.starts_with("ncclKernel");
            info.deviceSync = text == "Event Sync" || text == "Context Sync";
        }
        return info;
    }

    // HTA's GPU kernel filter: stream and correlation both set, or a device-wide sync.
    bool gpuFiltered(const StragRow &row)
    {
        return (row.stream >= 0 && row.correlation >= 0) || name(row.name).deviceSync;
    }

private:
    const Trace &m_trace;
    std::uint32_t m_first = 0, m_end = 0;
    TimeNs m_shift = 0;
    std::array<StringId, 2> m_keys{};
    std::vector<StragNameInfo> m_names;
};

// add_iteration for host rows (stream < 0, or 0 with category cpu_op): the step
// whose [ts, ts + dur) holds the row's start; where steps overlap, the last step
// in row order wins. A sweep over starts, so rows x steps is never walked.
void stragAssignHostIterations(std::vector<StragRow> &rows, StragReader &reader)
{
    std::vector<std::uint32_t> steps; // positions into rows, in row order
    for (std::uint32_t k = 0; k < rows.size(); ++k)
        if (reader.name(rows[k].name).stepNumber && rows[k].ts < rows[k].ts + rows[k].dur)
            steps.push_back(k);
    std::vector<std::uint32_t> host;
    for (std::uint32_t k = 0; k < rows.size(); ++k)
        if (rows[k].stream < 0 || (rows[k].stream == 0 && rows[k].cpuOpCategory))
            host.push_back(k);
    const auto byTs = [&](std::uint32_t a, std::uint32_t b) { return rows[a].ts < rows[b].ts; };
    std::stable_sort(host.begin(), host.end(), byTs);
    std::vector<std::uint32_t> starts = steps, ends = steps;
    std::stable_sort(starts.begin(), starts.end(), byTs);
    std::stable_sort(ends.begin(), ends.end(), [&](std::uint32_t a, std::uint32_t b) {
        return rows[a].ts + rows[a].dur < rows[b].ts + rows[b].dur;
    });
    std::vector<std::int64_t> assigned(host.size(), -1);
    std::set<std::uint32_t> active; // steps holding the current start, by row order
    std::size_t s = 0, e = 0;
    for (std::size_t h = 0; h < host.size(); ++h) {
        const double ts = rows[host[h]].ts;
        for (; s < starts.size() && rows[starts[s]].ts <= ts; ++s)
            active.insert(starts[s]);
        for (; e < ends.size() && rows[ends[e]].ts + rows[ends[e]].dur <= ts; ++e)
            active.erase(ends[e]);
        if (!active.empty())
            assigned[h] = *reader.name(rows[*active.rbegin()].name).stepNumber;
    }
    for (std::size_t h = 0; h < host.size(); ++h)
        rows[host[h]].iteration = assigned[h];
}

// add_iteration for GPU rows (stream > 0): the iteration of the host row HTA links
// by correlation (the last such row in row order), -1 when none or when that row
// has index 0 (HTA tests index_correlation > 0).
void stragAssignGpuIterations(std::vector<StragRow> &rows, StragReader &reader)
{
    std::unordered_map<std::int64_t, std::uint32_t> hostOfCorrelation;
    for (std::uint32_t k = 0; k < rows.size(); ++k)
        if (rows[k].correlation != -1 && !reader.gpuFiltered(rows[k]))
            hostOfCorrelation[rows[k].correlation] = k;
    for (StragRow &row : rows) {
        if (row.stream <= 0)
            continue;
        row.iteration = -1;
        if (row.correlation == -1 || !reader.gpuFiltered(row))
            continue;
        const auto host = hostOfCorrelation.find(row.correlation);
        if (host != hostOfCorrelation.end() && rows[host->second].order > 0)
            row.iteration = rows[host->second].iteration;
    }
}

// load_traces' filter, with two or more step names: host rows before the last
// step's start stay, and GPU rows whose correlation one of those rows has.
std::vector<StragRow> stragDropLastStep(std::vector<StragRow> rows, StragReader &reader, bool &dropped)
{
    std::unordered_set<StringId> stepNames;
    bool anyHost = false;
    double lastStepStart = -std::numeric_limits<double>::infinity();
    double firstHostStart = std::numeric_limits<double>::infinity();
    for (const StragRow &row : rows) {
        if (reader.name(row.name).filterStep)
            stepNames.insert(row.name);
        if (reader.gpuFiltered(row))
            continue;
        anyHost = true;
        firstHostStart = std::min(firstHostStart, row.ts);
        if (reader.name(row.name).filterStep)
            lastStepStart = std::max(lastStepStart, row.ts);
    }
    dropped = stepNames.size() >= 2 && anyHost;
    if (!dropped)
        return rows;
    if (std::isinf(lastStepStart))
        lastStepStart = firstHostStart; // no step on the host side: HTA falls back to the first host start
    std::unordered_set<std::int64_t> keptCorrelations;
    for (const StragRow &row : rows)
        if (!reader.gpuFiltered(row) && row.ts < lastStepStart)
            keptCorrelations.insert(row.correlation);
    std::size_t kept = 0;
    for (const StragRow &row : rows) {
        const bool keep = reader.gpuFiltered(row) ? keptCorrelations.contains(row.correlation) : row.ts < lastStepStart;
        if (keep)
            rows[kept++] = row;
    }
    rows.resize(kept);
    return rows;
}

} // namespace

HtaStragglerFacts htaStragglerFacts(const Trace &trace, std::optional<std::int64_t> rank, const TracePart *part)
{
    HtaStragglerFacts facts;
    facts.rank = rank ? *rank : (part && part->rank) ? *part->rank : htaRank(trace);
    StragReader reader(trace, part);
    facts.rounded = reader.rounded();
    std::vector<StragRow> rows = reader.rows(facts.rounded);
    facts.rows = rows.size();
    if (rows.empty())
        return facts;
    facts.minTs = std::min_element(rows.begin(), rows.end(), [](const StragRow &a, const StragRow &b) {
                      return a.ts < b.ts;
                  })->ts;
    stragAssignHostIterations(rows, reader);
    stragAssignGpuIterations(rows, reader);
    rows = stragDropLastStep(std::move(rows), reader, facts.lastStepDropped);

    std::set<std::int64_t> steps;
    std::vector<HtaStragglerIteration> perIteration;
    std::unordered_map<std::int64_t, std::size_t> slotOf;
    for (const StragRow &row : rows) {
        const StragNameInfo &name = reader.name(row.name);
        if (name.stepNumber)
            steps.insert(*name.stepNumber);
        if (row.iteration == kStragNoIteration || row.iteration == -1)
            continue;
        const auto [it, added] = slotOf.try_emplace(row.iteration, perIteration.size());
        if (added) {
            HtaStragglerIteration first;
            first.iteration = row.iteration;
            first.minTs = row.ts;
            first.lastEndTs = row.ts;
            first.lastEndDur = row.dur;
            perIteration.push_back(first);
        } else {
            HtaStragglerIteration &i = perIteration[it->second];
            i.minTs = std::min(i.minTs, row.ts);
            // The exact end decides; HTA adds ts and dur only after aligning the ranks.
            if (static_cast<long double>(row.ts) + row.dur > static_cast<long double>(i.lastEndTs) + i.lastEndDur) {
                i.lastEndTs = row.ts;
                i.lastEndDur = row.dur;
            }
        }
        if (name.nccl && row.stream > 0 && row.iteration > 0) {
            HtaStragglerKernel kernel;
            kernel.name = std::string(trace.strings.view(row.name));
            kernel.stream = row.stream;
            kernel.iteration = row.iteration;
            kernel.ts = row.ts;
            kernel.dur = row.dur;
            facts.kernels.push_back(std::move(kernel));
        }
    }
    std::sort(perIteration.begin(), perIteration.end(),
              [](const HtaStragglerIteration &a, const HtaStragglerIteration &b) { return a.iteration < b.iteration; });
    facts.iterations = std::move(perIteration);
    facts.steps.assign(steps.begin(), steps.end());
    return facts;
}

std::vector<HtaStragglerFacts> htaStragglerFactsOfParts(const Trace &trace)
{
    std::vector<HtaStragglerFacts> facts;
    if (trace.parts.empty())
        facts.push_back(htaStragglerFacts(trace, std::nullopt));
    for (const TracePart &part : trace.parts)
        facts.push_back(htaStragglerFacts(trace, std::nullopt, &part));
    return facts;
}

} // namespace tracelane
