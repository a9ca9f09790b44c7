#include "finding_context.h"

#include "analysis/operators/iteration_table.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <tuple>

namespace tracelane::findings {
namespace {

char lower(char c)
{
    return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
}

// The steps of each scope from one pattern's iterations.
std::vector<std::vector<Iteration>> iterationsByScope(const Context &context, const std::string &pattern)
{
    IterationOptions options;
    options.pattern = pattern;
    options.scope = LaunchScope::Process;
    IterationTable table = detectIterations(context.trace, options);
    std::vector<std::vector<Iteration>> byScope(context.scopes().size());
    for (Iteration &it : table.iterations)
        byScope[context.scopeOfTrack(it.ref.track)].push_back(std::move(it));
    return byScope;
}

// The plugin's device-side step: it ends no earlier than the last GPU op
// launched inside it, and starts no earlier than the previous step ended.
void appendDeviceSteps(const std::vector<Iteration> &iterations, std::size_t scope, std::vector<Step> &steps)
{
    std::optional<TimeNs> previousEnd;
    for (const Iteration &it : iterations) {
        Step step;
        step.scope = scope;
        step.ref = it.ref;
        step.start = previousEnd ? std::max(*previousEnd, it.start) : it.start;
        step.end = it.gpu.ops > 0 ? std::max(it.end, it.gpu.projectedEnd) : it.end;
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
    const auto profilerSteps = iterationsByScope(*this, R"(ProfilerStep#(\d+))");
    std::optional<std::vector<std::vector<Iteration>>> iterations;
    for (std::size_t s = 0; s < m_scopes.size(); ++s) {
        if (!profilerSteps[s].empty()) {
            appendDeviceSteps(profilerSteps[s], s, steps);
            continue;
        }
        if (!iterations)
            iterations = iterationsByScope(*this, R"(Iteration (\d+))");
        if (!(*iterations)[s].empty()) {
            appendDeviceSteps((*iterations)[s], s, steps);
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
