#include "finding_context.h"

#include <regex>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <map>
#include <tuple>

namespace tracelane::findings {
namespace {

char lower(char c)
{
    return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
}

// The plugin's device-side steps of one scope: each ends no earlier than the
// last GPU op launched inside it (`lastLaunched`), and starts no earlier than
// the previous step ended.
void appendDeviceSteps(const std::vector<StepRange> &ranges, const std::vector<std::optional<TimeNs>> &lastLaunched,
                       std::size_t scope, std::vector<Step> &steps)
{
    std::optional<TimeNs> previousEnd;
    for (std::size_t i = 0; i < ranges.size(); ++i) {
        const StepRange &r = ranges[i];
        Step step;
        step.scope = scope;
        step.ref = r.ref;
        step.start = previousEnd ? std::max(*previousEnd, r.start) : r.start;
        step.end = lastLaunched[i] ? std::max(r.end, *lastLaunched[i]) : r.end;
        step.end = std::max(step.end, step.start);
        previousEnd = step.end;
        steps.push_back(step);
    }
}

} // namespace

Context::Context(const Trace &trace_, const FindingOptions &options_, std::optional<TimeWindow> step)
    : trace(trace_), options(options_), m_memoryOps(trace_)
{
    m_stepGiven = step.has_value();
    m_window = step ? *step : TimeWindow{trace.startNs, trace.endNs};
    if (trace.parts.size() >= 2) {
        for (const TracePart &part : trace.parts)
            m_scopes.push_back({part.firstTrack, part.endTrack, part.label});
    } else {
        m_scopes.push_back({0, static_cast<std::uint32_t>(trace.tracks.size()), {}});
    }
}

double Context::shareOfWindow(TimeNs time) const
{
    const TimeNs length = m_window.length();
    return length > 0 ? 100.0 * static_cast<double>(time) / static_cast<double>(length) : 0.0;
}

const std::vector<StreamOps> &Context::streams()
{
    if (!m_streams)
        m_streams = gpuStreamOps(trace);
    return *m_streams;
}

std::size_t Context::scopeOfTrack(std::uint32_t track) const
{
    if (m_scopes.size() == 1)
        return 0;
    const auto after = std::upper_bound(m_scopes.begin(), m_scopes.end(), track,
                                        [](std::uint32_t t, const Scope &s) { return t < s.firstTrack; });
    return after == m_scopes.begin() ? 0 : static_cast<std::size_t>(after - m_scopes.begin() - 1);
}

std::int64_t Context::pidOfTrack(std::uint32_t track) const
{
    const Track &t = trace.tracks[track];
    std::int32_t process = t.process;
    if (process == kNoIndex && t.thread != kNoIndex)
        process = trace.threads[t.thread].process;
    return process == kNoIndex ? -1 : trace.processes[process].pid;
}

std::int64_t Context::tidOfTrack(std::uint32_t track) const
{
    const Track &t = trace.tracks[track];
    return t.thread == kNoIndex ? -1 : trace.threads[t.thread].tid;
}

std::string_view Context::apiName(EventRef call) const
{
    std::string_view name = trace.name(call);
    // "cudaMemcpyAsync_v3020": drop "_v" and the digits after it.
    std::size_t digits = 0;
    while (digits < name.size() && std::isdigit(static_cast<unsigned char>(name[name.size() - 1 - digits])))
        ++digits;
    if (digits > 0 && digits + 2 <= name.size() && name.substr(name.size() - digits - 2, 2) == "_v")
        name.remove_suffix(digits + 2);
    return name;
}

std::vector<std::vector<StepRange>> Context::stepRanges(const std::vector<std::string> &patterns) const
{
    std::vector<std::regex> compiled;
    for (const std::string &p : patterns)
        compiled.emplace_back(p, std::regex::ECMAScript);
    // Per distinct name: the first pattern it matches in full and its number (once per name).
    struct Match
    {
        std::int8_t pattern = -2; // -2: not looked at yet, -1: no pattern
        std::int64_t number = 0;
    };
    std::vector<Match> byName(trace.strings.size());
    const auto matchOf = [&](StringId name) -> Match {
        if (name < byName.size() && byName[name].pattern != -2)
            return byName[name];
        Match m{-1, 0};
        const std::string text(trace.strings.view(name));
        for (std::size_t p = 0; p < compiled.size() && m.pattern < 0; ++p) {
            std::smatch found;
            if (std::regex_match(text, found, compiled[p]) && found.size() == 2) {
                try {
                    m = {static_cast<std::int8_t>(p), std::stoll(found[1].str())};
                } catch (const std::exception &) { // not a number, or out of range
                }
            }
        }
        if (name < byName.size())
            byName[name] = m;
        return m;
    };
    // candidates[scope][pattern]
    std::vector<std::vector<std::vector<StepRange>>> candidates(
        m_scopes.size(), std::vector<std::vector<StepRange>>(patterns.size()));
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
        const Track &track = trace.tracks[t];
        if (track.thread == kNoIndex || (track.kind != TrackKind::ThreadRanges && track.kind != TrackKind::CpuThread))
            continue;
        auto &scope = candidates[scopeOfTrack(t)];
        for (std::uint32_t i = 0; i < track.events.size(); ++i) {
            const Event &e = track.events[i];
            if (e.kind != EventKind::Range && e.kind != EventKind::CpuOp)
                continue;
            const Match m = matchOf(e.name);
            if (m.pattern >= 0)
                scope[static_cast<std::size_t>(m.pattern)].push_back({e.start, e.end(), {t, i}, m.number});
        }
    }
    std::vector<std::vector<StepRange>> result(m_scopes.size());
    for (std::size_t s = 0; s < m_scopes.size(); ++s) {
        for (auto &list : candidates[s]) {
            if (list.empty())
                continue;
            std::sort(list.begin(), list.end(), [](const StepRange &a, const StepRange &b) {
                return std::tie(a.start, a.number, a.ref) < std::tie(b.start, b.number, b.ref);
            });
            result[s] = std::move(list);
            break;
        }
    }
    return result;
}

const std::vector<Step> &Context::steps()
{
    if (m_steps)
        return *m_steps;
    std::vector<Step> steps;
    if (m_stepGiven) {
        for (std::size_t s = 0; s < m_scopes.size(); ++s)
            steps.push_back({m_window.from, m_window.to, s, {}});
        m_steps = std::move(steps);
        return *m_steps;
    }
    const auto ranges = stepRanges({R"(ProfilerStep#(\d+))", R"(Iteration (\d+))"});
    // The last end of the GPU ops launched by a call inside each step, on any
    // thread of the step's process: per (scope, process) the steps by start,
    // and for each call the last step starting at or before it.
    const auto processOf = [&](std::uint32_t track) {
        const Track &t = trace.tracks[track];
        return t.thread != kNoIndex ? trace.threads[t.thread].process : t.process;
    };
    std::map<std::pair<std::size_t, std::int32_t>, std::vector<std::size_t>> byProcess;
    for (std::size_t s = 0; s < ranges.size(); ++s)
        for (std::size_t i = 0; i < ranges[s].size(); ++i)
            byProcess[{s, processOf(ranges[s][i].ref.track)}].push_back(i);
    std::vector<std::vector<std::optional<TimeNs>>> lastLaunched(ranges.size());
    for (std::size_t s = 0; s < ranges.size(); ++s)
        lastLaunched[s].resize(ranges[s].size());
    for (const StreamOps &stream : streams()) {
        const Track &track = trace.tracks[stream.track];
        for (std::size_t k = 0; k < stream.ops.size(); ++k) {
            const EventRef callRef = stream.launchCall[k];
            if (!callRef.isValid())
                continue;
            const std::size_t s = scopeOfTrack(callRef.track);
            const auto list = byProcess.find({s, processOf(callRef.track)});
            if (list == byProcess.end())
                continue;
            const Event &call = trace.event(callRef);
            const auto &order = list->second; // indices into ranges[s], by start
            auto it = std::upper_bound(order.begin(), order.end(), call.start,
                                       [&](TimeNs t, std::size_t i) { return t < ranges[s][i].start; });
            if (it == order.begin())
                continue;
            const std::size_t i = *std::prev(it);
            if (call.end() > ranges[s][i].end)
                continue; // not inside the step
            const TimeNs end = track.events[stream.ops[k]].end();
            auto &last = lastLaunched[s][i];
            last = last ? std::max(*last, end) : end;
        }
    }
    for (std::size_t s = 0; s < m_scopes.size(); ++s) {
        if (!ranges[s].empty()) {
            appendDeviceSteps(ranges[s], lastLaunched[s], s, steps);
            continue;
        }
        // No steps: the rank's whole span is one.
        TimeNs first = 0, last = 0;
        bool any = false;
        for (std::uint32_t t = m_scopes[s].firstTrack; t < m_scopes[s].endTrack; ++t) {
            for (const Event &e : trace.tracks[t].events) {
                if (e.kind == EventKind::CounterSample)
                    continue;
                first = any ? std::min(first, e.start) : e.start;
                last = any ? std::max(last, e.end()) : e.end();
                any = true;
            }
        }
        if (any)
            steps.push_back({first, last, s, {}});
    }
    m_steps = std::move(steps);
    return *m_steps;
}

Severity Context::severityOf(double share) const
{
    if (share >= options.severityHigh)
        return Severity::High;
    if (share >= options.severityMedium)
        return Severity::Medium;
    return Severity::Low;
}

RuleResult Context::result(Finding finding, bool fires) const
{
    finding.severity = severityOf(finding.shareOfStep);
    return {std::move(finding), fires};
}

bool startsWithNoCase(std::string_view text, std::string_view prefix)
{
    if (text.size() < prefix.size())
        return false;
    for (std::size_t i = 0; i < prefix.size(); ++i)
        if (lower(text[i]) != lower(prefix[i]))
            return false;
    return true;
}

bool containsNoCase(std::string_view text, std::string_view part)
{
    if (part.empty())
        return true;
    for (std::size_t i = 0; i + part.size() <= text.size(); ++i)
        if (startsWithNoCase(text.substr(i), part))
            return true;
    return false;
}

void sortByDurationDescending(std::vector<FindingEvent> &events)
{
    std::sort(events.begin(), events.end(), [](const FindingEvent &a, const FindingEvent &b) {
        return std::tie(b.duration, a.start, a.event, a.device) < std::tie(a.duration, b.start, b.event, b.device);
    });
}

std::string percentText(double percent)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.1f", percent);
    return buffer;
}

std::string durationText(TimeNs ns)
{
    char buffer[48];
    const double v = static_cast<double>(ns);
    if (ns < 1'000)
        std::snprintf(buffer, sizeof buffer, "%lld ns", static_cast<long long>(ns));
    else if (ns < 1'000'000)
        std::snprintf(buffer, sizeof buffer, "%.2f us", v / 1e3);
    else if (ns < 1'000'000'000)
        std::snprintf(buffer, sizeof buffer, "%.2f ms", v / 1e6);
    else
        std::snprintf(buffer, sizeof buffer, "%.2f s", v / 1e9);
    return buffer;
}

} // namespace tracelane::findings
