#include "trace_diff_hta.h"

#include "analysis/hta/hta_events.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <set>
#include <stdexcept>
#include <unordered_map>

namespace tracelane {
namespace {

constexpr std::int64_t kNoIteration = -1;

// The N of a name HTA takes as a step: it starts with "ProfilerStep" and
// matches `ProfilerStep\s*#\s*(\d+)` there (HTA asserts on other such names).
std::optional<std::int64_t> stepNumber(std::string_view name)
{
    constexpr std::string_view prefix = "ProfilerStep";
    if (name.substr(0, prefix.size()) != prefix)
        return std::nullopt;
    std::size_t i = prefix.size();
    const auto skipSpace = [&] {
        while (i < name.size() && (name[i] == ' ' || name[i] == '\t' || name[i] == '\n' || name[i] == '\r'))
            ++i;
    };
    skipSpace();
    if (i >= name.size() || name[i] != '#')
        return std::nullopt;
    ++i;
    skipSpace();
    std::int64_t number = 0;
    const std::size_t digits = i;
    for (; i < name.size() && name[i] >= '0' && name[i] <= '9' && i - digits < 18; ++i)
        number = number * 10 + (name[i] - '0');
    if (i == digits)
        return std::nullopt;
    return number;
}

struct Step
{
    double ts = 0;
    double end = 0;
    std::int64_t number = 0;
    std::uint32_t order = 0; // HTA's file order, approximated (see orderedSteps)
};

// HTA lets the last step in file order win where steps overlap. Kineto writes
// host events before device ones, so steps on host tracks come first, then
// those on GPU tracks (gpu_user_annotation), each side in time order.
std::vector<Step> orderedSteps(const Trace &trace, const std::vector<HtaEvent> &rows,
                               const std::vector<std::optional<std::int64_t>> &numberOfName)
{
    std::vector<std::pair<std::pair<bool, double>, Step>> keyed;
    for (const HtaEvent &row : rows) {
        const Event &e = trace.event(row.ref);
        if (!numberOfName[e.name])
            continue;
        const TrackKind kind = trace.tracks[row.ref.track].kind;
        const bool host = kind != TrackKind::GpuStream && kind != TrackKind::GpuRanges;
        keyed.push_back({{!host, row.ts}, Step{row.ts, row.end, *numberOfName[e.name], 0}});
    }
    std::stable_sort(keyed.begin(), keyed.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    std::vector<Step> steps;
    steps.reserve(keyed.size());
    for (auto &[key, step] : keyed) {
        step.order = static_cast<std::uint32_t>(steps.size());
        steps.push_back(step);
    }
    return steps;
}

// Which step a start falls in, in O(log steps): the steps' bounds cut time
// into segments, each owned by the latest-ordered step covering it.
class StepLookup
{
public:
    explicit StepLookup(const std::vector<Step> &steps)
    {
        std::vector<std::pair<double, std::int64_t>> bounds; // (time, +order+1 opens / -(order+1) closes)
        for (const Step &s : steps) {
            if (!(s.ts < s.end))
                continue; // an empty step contains nothing
            bounds.push_back({s.ts, s.order + 1});
            bounds.push_back({s.end, -static_cast<std::int64_t>(s.order) - 1});
        }
        std::sort(bounds.begin(), bounds.end());
        std::multiset<std::uint32_t> open;
        for (std::size_t i = 0; i < bounds.size();) {
            const double at = bounds[i].first;
            for (; i < bounds.size() && bounds[i].first == at; ++i) {
                if (bounds[i].second > 0)
                    open.insert(static_cast<std::uint32_t>(bounds[i].second - 1));
                else
                    open.erase(open.find(static_cast<std::uint32_t>(-bounds[i].second - 1)));
            }
            m_starts.push_back(at);
            m_owner.push_back(open.empty() ? kNoIteration : steps[*open.rbegin()].number);
        }
    }

    std::int64_t iterationAt(double ts) const
    {
        const auto it = std::upper_bound(m_starts.begin(), m_starts.end(), ts);
        if (it == m_starts.begin())
            return kNoIteration;
        return m_owner[static_cast<std::size_t>(it - m_starts.begin()) - 1];
    }

private:
    std::vector<double> m_starts;      // segment starts, ascending
    std::vector<std::int64_t> m_owner; // the iteration of each segment
};

bool isDeviceSync(std::string_view name)
{
    return name == "Event Sync" || name == "Context Sync";
}

// HTA's GPU kernel filter (the GPU side of its correlation merge).
bool gpuFiltered(const HtaEvent &row, std::string_view name)
{
    return (row.stream >= 0 && row.correlation >= 0) || isDeviceSync(name);
}

struct HtaSide
{
    std::unordered_map<std::string, DiffSide> byName;
    std::set<std::int64_t> iterations;
};

// One trace's rows of the chosen iterations, per (possibly shortened) name.
HtaSide sideTotals(const Trace &trace, const TraceDiffOptions &options, const char *which)
{
    const HtaTrace parsed = htaParsedRows(trace);
    const std::vector<HtaEvent> &rows = parsed.events;
    std::vector<std::optional<std::int64_t>> numberOfName(trace.strings.size());
    std::vector<std::uint8_t> seen(trace.strings.size(), 0);
    HtaSide side;
    for (const HtaEvent &row : rows) {
        const StringId name = trace.event(row.ref).name;
        if (seen[name])
            continue;
        seen[name] = 1;
        numberOfName[name] = stepNumber(trace.strings.view(name));
        if (numberOfName[name])
            side.iterations.insert(*numberOfName[name]);
    }
    const std::string whichTrace = which;
    if (side.iterations.empty())
        throw std::invalid_argument("the " + whichTrace + " trace has no ProfilerStep#N, which HTA's TraceDiff needs");

    std::set<std::int64_t> chosen;
    switch (options.scope) {
    case DiffScope::PerIteration: chosen = {*side.iterations.begin()}; break;
    case DiffScope::Whole: chosen = side.iterations; break;
    case DiffScope::Iteration:
        if (!side.iterations.count(options.iteration))
            throw std::invalid_argument(
                "the " + whichTrace + " trace has no iteration " + std::to_string(options.iteration) + " (it has "
                + std::to_string(*side.iterations.begin()) + " to " + std::to_string(*side.iterations.rbegin()) + ")");
        chosen = {options.iteration};
        break;
    }

    // Host rows take the step containing their start.
    const StepLookup lookup(orderedSteps(trace, rows, numberOfName));
    std::vector<std::int64_t> iteration(rows.size(), kNoIteration);
    std::unordered_map<std::int64_t, std::size_t> cpuRowOfCorrelation; // the last CPU row of each id wins
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const HtaEvent &row = rows[i];
        const Event &e = trace.event(row.ref);
        if (row.stream < 0 || (row.stream == 0 && trace.category(e) == "cpu_op"))
            iteration[i] = lookup.iterationAt(row.ts);
        if (row.correlation != -1 && !gpuFiltered(row, trace.strings.view(e.name)))
            cpuRowOfCorrelation[row.correlation] = i;
    }
    // Device rows take the iteration of the CPU row of their correlation id.
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const HtaEvent &row = rows[i];
        if (row.stream <= 0)
            continue;
        const auto cpu = row.correlation >= 0 ? cpuRowOfCorrelation.find(row.correlation) : cpuRowOfCorrelation.end();
        iteration[i] = cpu == cpuRowOfCorrelation.end() ? kNoIteration : iteration[cpu->second];
    }

    // Totals per string id first, then per (possibly shortened) name.
    std::vector<DiffSide> byId(trace.strings.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const HtaEvent &row = rows[i];
        if (!chosen.count(iteration[i]))
            continue;
        if ((options.device == DiffDevice::Cpu && row.stream != -1)
            || (options.device == DiffDevice::Gpu && row.stream == -1))
            continue;
        const Event &e = trace.event(row.ref);
        DiffSide &total = byId[e.name];
        ++total.count;
        // HTA's duration: end - start after rounding (whole microseconds), else the file's own.
        total.time += parsed.rounded ? static_cast<TimeNs>(std::llround((row.end - row.ts) * 1000.0)) : e.duration;
    }
    for (StringId id = 0; id < byId.size(); ++id) {
        if (byId[id].count == 0)
            continue;
        const std::string_view name = trace.strings.view(id);
        DiffSide &total = side.byName[options.shortNames ? htaShortName(name) : std::string(name)];
        total.count += byId[id].count;
        total.time += byId[id].time;
    }
    return side;
}

} // namespace

std::string htaShortName(std::string_view name)
{
    for (const std::string_view memory : {"Memcpy", "Memset", "hipMemcpy", "hipMemset", "dma"})
        if (name.substr(0, memory.size()) == memory)
            return std::string(name);
    if (name.find('<') == std::string_view::npos && name.find('(') == std::string_view::npos)
        return std::string(name);
    std::string stack;
    for (std::size_t i = 0; i < name.size(); ++i) {
        const char c = name[i];
        if (c == '-' && i + 1 < name.size() && name[i + 1] == '>') {
            ++i; // "->" is removed before the walk
            continue;
        }
        if (c == '>' || c == ')') {
            const char open = c == '>' ? '<' : '(';
            while (!stack.empty() && stack.back() != open)
                stack.pop_back();
            if (!stack.empty())
                stack.pop_back();
        } else {
            stack.push_back(c);
        }
    }
    const std::size_t space = stack.rfind(' ');
    return space == std::string::npos ? stack : stack.substr(space + 1);
}

TraceDiff diffTracesHta(const Trace &control, const Trace &test, const TraceDiffOptions &options)
{
    TraceDiff diff;
    diff.options = options;
    const HtaSide sides[2] = {sideTotals(control, options, "control"), sideTotals(test, options, "test")};
    std::unordered_map<std::string, std::pair<DiffSide, DiffSide>> totals;
    for (const auto &[name, side] : sides[0].byName)
        totals[name].first = side;
    for (const auto &[name, side] : sides[1].byName)
        totals[name].second = side;
    setDiffRows(diff, totals);
    return diff;
}

} // namespace tracelane
