#include "trace_diff.h"

#include "model/time_math.h"

#include "analysis/gpu/kernel_name.h"
#include "analysis/operators/iteration_table.h"
#include "analysis/window/window_summary.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <stdexcept>
#include <string_view>
#include <unordered_map>

namespace tracelane {

const char *diffChangeName(DiffChange change)
{
    switch (change) {
    case DiffChange::Added: return "added";
    case DiffChange::Deleted: return "deleted";
    case DiffChange::Increased: return "increased";
    case DiffChange::Decreased: return "decreased";
    case DiffChange::Unchanged: return "unchanged";
    }
    return "unchanged";
}

namespace {

struct TimeSpan
{
    TimeNs start = 0;
    TimeNs end = 0;
};

// One trace's totals per string id, CPU ops and GPU work apart (one name may
// be both, and only GPU names are shortened).
struct NameTotals
{
    std::vector<DiffSide> cpu;
    std::vector<DiffSide> gpu;
};

bool startsInside(TimeNs start, const std::vector<TimeSpan> &spans)
{
    for (const TimeSpan &s : spans)
        if (start >= s.start && start < s.end)
            return true;
    return false;
}

// The start of the API call that launched `ref`, if a launch flow says so.
std::optional<TimeNs> launchStart(const Trace &trace, EventRef ref)
{
    auto it = std::lower_bound(trace.flowsByTo.begin(), trace.flowsByTo.end(), ref,
                               [&](std::uint32_t i, const EventRef &r) { return trace.flows[i].to < r; });
    for (; it != trace.flowsByTo.end() && trace.flows[*it].to == ref; ++it)
        if (trace.flows[*it].kind == FlowKind::Launch)
            return trace.event(trace.flows[*it].from).start;
    return std::nullopt;
}

void addTo(DiffSide &side, const Event &e)
{
    ++side.count;
    side.time += e.duration;
}

// `window` empty: every event counts.
NameTotals totals(const Trace &trace, DiffDevice device, const std::vector<TimeSpan> *window)
{
    NameTotals out;
    const bool wantCpu = device != DiffDevice::Gpu, wantGpu = device != DiffDevice::Cpu;
    out.cpu.resize(wantCpu ? trace.strings.size() : 0);
    out.gpu.resize(wantGpu ? trace.strings.size() : 0);
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
        const Track &track = trace.tracks[t];
        const bool cpuTrack = track.kind == TrackKind::CpuThread, gpuTrack = track.kind == TrackKind::GpuStream;
        if (!(cpuTrack && wantCpu) && !(gpuTrack && wantGpu))
            continue;
        for (std::uint32_t i = 0; i < track.events.size(); ++i) {
            const Event &e = track.events[i];
            if (e.name >= trace.strings.size())
                continue;
            if (cpuTrack) {
                if (windowGroupOf(track.kind, e.kind) != WindowGroup::CpuOps)
                    continue;
                if (window && !startsInside(e.start, *window))
                    continue;
                addTo(out.cpu[e.name], e);
            } else if (isGpuWork(e.kind)) {
                if (window) {
                    const auto call = launchStart(trace, {t, i});
                    if (!call || !startsInside(*call, *window))
                        continue;
                }
                addTo(out.gpu[e.name], e);
            }
        }
    }
    return out;
}

std::vector<TimeSpan> iterationSpans(const IterationTable &table, std::int64_t number)
{
    std::vector<TimeSpan> spans;
    for (const Iteration &it : table.iterations)
        if (it.number == number)
            spans.push_back({it.start, it.end});
    return spans;
}

// The iterations of the track that has most: a trace marks each step once, on
// one thread, but "Iteration N" may repeat on several threads (counted once),
// and a recording may repeat its numbers on one thread (each counted).
std::int64_t iterationCount(const IterationTable &table)
{
    std::map<std::uint32_t, std::int64_t> perTrack;
    std::int64_t most = 1;
    for (const Iteration &it : table.iterations)
        most = std::max(most, ++perTrack[it.ref.track]);
    return most;
}

// ProfilerStep#N first, as HTA's TraceDiff, which knows no other: the whole
// step, data loading included; "Iteration N" where a trace has no steps.
IterationTable diffIterationTable(const Trace &trace)
{
    for (const char *pattern : {R"(ProfilerStep#(\d+))", R"(Iteration (\d+))"}) {
        IterationOptions options;
        options.pattern = pattern;
        IterationTable table = detectIterations(trace, options);
        if (!table.iterations.empty())
            return table;
    }
    return {};
}

using Merged = std::unordered_map<std::string, std::pair<DiffSide, DiffSide>>;

void merge(const Trace &trace, const NameTotals &totals, bool shortNames, bool control, Merged &rows)
{
    auto add = [&](std::string name, const DiffSide &side) {
        auto &pair = rows[std::move(name)];
        DiffSide &into = control ? pair.first : pair.second;
        into.count += side.count;
        into.time += side.time;
    };
    for (StringId id = 0; id < totals.cpu.size(); ++id)
        if (totals.cpu[id].count > 0)
            add(std::string(trace.strings.view(id)), totals.cpu[id]);
    for (StringId id = 0; id < totals.gpu.size(); ++id)
        if (totals.gpu[id].count > 0) {
            const std::string_view name = trace.strings.view(id);
            add(shortNames ? shortKernelName(name) : std::string(name), totals.gpu[id]);
        }
}

DiffChange changeOf(const DiffSide &control, const DiffSide &test, std::int64_t controlDivisor,
                    std::int64_t testDivisor)
{
    if (control.count == 0 && test.count > 0)
        return DiffChange::Added;
    if (test.count == 0 && control.count > 0)
        return DiffChange::Deleted;
    // test / testDivisor against control / controlDivisor, exactly.
    const std::int64_t t = test.count * controlDivisor, c = control.count * testDivisor;
    return t > c ? DiffChange::Increased : t < c ? DiffChange::Decreased : DiffChange::Unchanged;
}

} // namespace

std::vector<std::int64_t> diffIterationNumbers(const Trace &trace)
{
    std::set<std::int64_t> numbers;
    for (const Iteration &it : diffIterationTable(trace).iterations)
        numbers.insert(it.number);
    return {numbers.begin(), numbers.end()};
}

DiffSideTotals diffSideTotals(const Trace &trace, const TraceDiffOptions &options, const char *which)
{
    DiffSideTotals side;
    NameTotals totalsOfTrace;
    if (options.scope == DiffScope::Whole) {
        totalsOfTrace = totals(trace, options.device, nullptr);
    } else {
        const IterationTable table = diffIterationTable(trace);
        if (options.scope == DiffScope::PerIteration) {
            side.divisor = iterationCount(table);
            totalsOfTrace = totals(trace, options.device, nullptr);
        } else {
            const std::vector<TimeSpan> spans = iterationSpans(table, options.iteration);
            if (spans.empty()) {
                std::string has = " (it has no iterations)";
                if (!table.iterations.empty()) {
                    const auto [low, high] = std::minmax_element(
                        table.iterations.begin(), table.iterations.end(),
                        [](const Iteration &a, const Iteration &b) { return a.number < b.number; });
                    has = " (it has " + std::to_string(low->number) + " to " + std::to_string(high->number) + ")";
                }
                throw std::invalid_argument(std::string("the ") + which + " trace has no iteration " +
                                            std::to_string(options.iteration) + has);
            }
            totalsOfTrace = totals(trace, options.device, &spans);
        }
    }
    Merged merged;
    merge(trace, totalsOfTrace, options.shortNames, true, merged);
    side.byName.reserve(merged.size());
    for (auto &[name, pair] : merged)
        side.byName.emplace(name, pair.first);
    return side;
}

void addDiffSide(DiffSideTotals &into, const DiffSideTotals &from)
{
    for (const auto &[name, side] : from.byName) {
        DiffSide &total = into.byName[name];
        total.count += side.count;
        total.time = saturatingAdd(total.time, side.time);
    }
    into.divisor += from.divisor;
}

TraceDiff diffFromSides(const DiffSideTotals &control, const DiffSideTotals &test, const TraceDiffOptions &options)
{
    TraceDiff diff;
    diff.options = options;
    diff.controlDivisor = std::max<std::int64_t>(control.divisor, 1);
    diff.testDivisor = std::max<std::int64_t>(test.divisor, 1);
    Merged merged;
    for (const auto &[name, side] : control.byName)
        merged[name].first = side;
    for (const auto &[name, side] : test.byName)
        merged[name].second = side;
    setDiffRows(diff, merged);
    return diff;
}

TraceDiff diffTraces(const Trace &control, const Trace &test, const TraceDiffOptions &options)
{
    const DiffSideTotals controlSide = diffSideTotals(control, options, "control");
    const DiffSideTotals testSide = diffSideTotals(test, options, "test");
    return diffFromSides(controlSide, testSide, options);
}

void setDiffRows(TraceDiff &diff, const std::unordered_map<std::string, std::pair<DiffSide, DiffSide>> &totals)
{
    diff.rows.clear();
    diff.rows.reserve(totals.size());
    for (const auto &[name, pair] : totals)
        diff.rows.push_back(
            {name, pair.first, pair.second, changeOf(pair.first, pair.second, diff.controlDivisor, diff.testDivisor)});
    std::vector<std::pair<double, std::size_t>> order(diff.rows.size());
    for (std::size_t i = 0; i < diff.rows.size(); ++i)
        order[i] = {std::fabs(diff.testTime(diff.rows[i]) - diff.controlTime(diff.rows[i])), i};
    std::sort(order.begin(), order.end(), [&](const auto &a, const auto &b) {
        if (a.first != b.first)
            return a.first > b.first;
        return diff.rows[a.second].name < diff.rows[b.second].name;
    });
    std::vector<TraceDiffRow> sorted;
    sorted.reserve(order.size());
    for (const auto &[key, i] : order)
        sorted.push_back(std::move(diff.rows[i]));
    diff.rows = std::move(sorted);
}

Table asTable(const TraceDiff &diff)
{
    Table table;
    table.columns = {"Name",           "Control Count",  "Test Count", "Count Diff", "Control Time (ns)",
                     "Test Time (ns)", "Time Diff (ns)", "Change"};
    const bool normalised = diff.normalised();
    table.rows.reserve(diff.rows.size());
    for (const TraceDiffRow &row : diff.rows) {
        std::vector<Cell> cells{Cell::text(row.name)};
        if (normalised) {
            const double cc = diff.controlCount(row), tc = diff.testCount(row);
            const double ct = diff.controlTime(row), tt = diff.testTime(row);
            cells.insert(cells.end(),
                         {Cell::fixed(cc, 2), Cell::fixed(tc, 2), Cell::fixed(tc - cc, 2), Cell::fixed(ct, 1),
                          Cell::fixed(tt, 1), Cell::fixed(tt - ct, 1)});
        } else {
            cells.insert(cells.end(),
                         {Cell::integer(row.control.count), Cell::integer(row.test.count),
                          Cell::integer(row.test.count - row.control.count), Cell::integer(row.control.time),
                          Cell::integer(row.test.time), Cell::integer(row.test.time - row.control.time)});
        }
        cells.push_back(Cell::text(diffChangeName(row.change)));
        table.rows.push_back(std::move(cells));
    }
    return table;
}

} // namespace tracelane
