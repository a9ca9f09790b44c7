#include "iteration_table.h"
#include "model/time_math.h"

#include <algorithm>
#include <cstdint>
#include <regex>
#include <stdexcept>
#include <tuple>
#include <unordered_map>

namespace tracelane {
namespace {

struct Candidate
{
    EventRef ref;
    std::int64_t number = 0;
};

bool isIterationKind(EventKind kind)
{
    return kind == EventKind::Range || kind == EventKind::CpuOp;
}

// Every range or CPU op on a thread whose name matches; each distinct name is
// matched once, since a trace repeats a few names millions of times.
std::vector<Candidate> matching(const Trace &trace, const std::regex &pattern)
{
    std::unordered_map<StringId, std::optional<std::int64_t>> numberOfName;
    std::vector<Candidate> found;
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
        const Track &track = trace.tracks[t];
        if (track.thread == kNoIndex || (track.kind != TrackKind::ThreadRanges && track.kind != TrackKind::CpuThread))
            continue;
        for (std::uint32_t i = 0; i < track.events.size(); ++i) {
            const Event &e = track.events[i];
            if (!isIterationKind(e.kind))
                continue;
            auto [it, inserted] = numberOfName.try_emplace(e.name);
            if (inserted) {
                const std::string name(trace.strings.view(e.name));
                std::smatch m;
                if (std::regex_match(name, m, pattern)) {
                    try {
                        it->second = std::stoll(m[1].str());
                    } catch (const std::exception &) { // not a number, or out of range
                    }
                }
            }
            if (it->second)
                found.push_back({EventRef{t, i}, *it->second});
        }
    }
    return found;
}

std::regex compile(const std::string &pattern)
{
    std::regex re(pattern, std::regex::ECMAScript);
    if (re.mark_count() != 1)
        throw std::invalid_argument("the iteration pattern needs exactly one group for the number: " + pattern);
    return re;
}

std::size_t phaseIndex(IterationTable &table, std::string_view name)
{
    const auto it = std::find(table.phaseNames.begin(), table.phaseNames.end(), name);
    if (it != table.phaseNames.end())
        return static_cast<std::size_t>(it - table.phaseNames.begin());
    table.phaseNames.emplace_back(name);
    return table.phaseNames.size() - 1;
}

GpuWorkTotals launchedTotals(const RangeKernelLookup &lookup, std::int32_t thread, TimeNs start, TimeNs end,
                             LaunchScope scope)
{
    std::vector<LaunchedGpuOp> ops;
    lookup.forEachLaunched(thread, start, end, scope, [&](const LaunchedGpuOp &op) { ops.push_back(op); });
    return gpuWorkTotals(lookup.trace(), ops);
}

} // namespace

const std::vector<std::string> &defaultIterationPatterns()
{
    static const std::vector<std::string> patterns = {R"(Iteration (\d+))", R"(ProfilerStep#(\d+))"};
    return patterns;
}

std::string patternsTriedText(const IterationTable &table)
{
    if (table.patternsTried.empty())
        return table.pattern;
    std::string text;
    for (const std::string &pattern : table.patternsTried)
        text += (text.empty() ? "" : " or ") + pattern;
    return text;
}

IterationTable detectIterations(const Trace &trace, const IterationOptions &options)
{
    IterationTable table;
    std::vector<Candidate> found;
    if (!options.pattern.empty()) {
        table.pattern = options.pattern;
        table.patternsTried = {options.pattern};
        found = matching(trace, compile(options.pattern));
    } else {
        for (const std::string &pattern : defaultIterationPatterns()) {
            table.pattern = pattern;
            table.patternsTried.push_back(pattern);
            found = matching(trace, compile(pattern));
            if (!found.empty())
                break;
        }
    }

    const RangeKernelLookup lookup(trace);
    for (const Candidate &c : found) {
        const Track &track = trace.tracks[c.ref.track];
        const Event &e = trace.event(c.ref);
        Iteration it;
        it.number = c.number;
        it.name = trace.name(c.ref);
        it.ref = c.ref;
        it.start = e.start;
        it.end = e.end();
        it.gpu = launchedTotals(lookup, track.thread, it.start, it.end, options.scope);
        // Direct children: the next depth down, inside the iteration, on its track.
        for (std::uint32_t i = c.ref.index + 1; i < track.events.size() && track.events[i].start <= it.end; ++i) {
            const Event &child = track.events[i];
            if (child.depth != e.depth + 1 || child.end() > it.end || child.duration == 0)
                continue;
            IterationPhase phase;
            phase.phase = phaseIndex(table, trace.strings.view(child.name));
            phase.ref = {c.ref.track, i};
            phase.start = child.start;
            phase.end = child.end();
            phase.gpu = launchedTotals(lookup, track.thread, phase.start, phase.end, options.scope);
            it.phases.push_back(phase);
        }
        table.iterations.push_back(std::move(it));
    }
    std::sort(table.iterations.begin(), table.iterations.end(), [](const Iteration &a, const Iteration &b) {
        return std::tie(a.start, a.number, a.ref) < std::tie(b.start, b.number, b.ref);
    });
    return table;
}

Table asTable(const IterationTable &table)
{
    Table out;
    out.columns = {"Iteration",       "Name",    "Start (ns)", "CPU Time (ns)", "GPU Projected Time (ns)",
                   "GPU Busy Time (ns)", "GPU Ops"};
    // Columns only for phases that recur (in at least half the iterations): with
    // emit_nvtx every op is a range with a unique name and would add columns without end.
    std::vector<std::size_t> iterationsWith(table.phaseNames.size(), 0);
    for (const Iteration &it : table.iterations) {
        std::vector<bool> seen(table.phaseNames.size(), false);
        for (const IterationPhase &p : it.phases)
            seen[p.phase] = true;
        for (std::size_t i = 0; i < seen.size(); ++i)
            iterationsWith[i] += seen[i];
    }
    std::vector<std::size_t> columnOf(table.phaseNames.size(), SIZE_MAX);
    std::size_t phaseColumns = 0;
    for (std::size_t i = 0; i < table.phaseNames.size(); ++i) {
        if (2 * iterationsWith[i] < table.iterations.size())
            continue;
        columnOf[i] = phaseColumns++;
        out.columns.push_back(table.phaseNames[i] + " CPU Time (ns)");
        out.columns.push_back(table.phaseNames[i] + " GPU Busy Time (ns)");
    }
    for (const Iteration &it : table.iterations) {
        std::vector<Cell> row = {Cell::integer(it.number),           Cell::text(it.name),
                                 Cell::integer(it.start),            Cell::integer(it.cpuTime()),
                                 Cell::integer(it.gpu.projectedDuration()), Cell::integer(it.gpu.busyTime),
                                 Cell::integer(it.gpu.ops)};
        // A phase that occurs twice in one iteration (two optimizer steps) adds up.
        std::vector<std::optional<std::pair<TimeNs, TimeNs>>> phases(phaseColumns);
        for (const IterationPhase &p : it.phases) {
            if (columnOf[p.phase] == SIZE_MAX)
                continue;
            auto &sum = phases[columnOf[p.phase]];
            if (!sum)
                sum.emplace(0, 0);
            sum->first = saturatingAdd(sum->first, p.cpuTime());
            sum->second = saturatingAdd(sum->second, p.gpu.busyTime);
        }
        for (const auto &sum : phases) {
            row.push_back(sum ? Cell::integer(sum->first) : Cell::empty());
            row.push_back(sum ? Cell::integer(sum->second) : Cell::empty());
        }
        out.rows.push_back(std::move(row));
    }
    return out;
}

} // namespace tracelane
