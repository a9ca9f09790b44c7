#include "what_if.h"

#include <cmath>
#include <optional>
#include <regex>
#include <sstream>

namespace tracelane {
namespace {

struct Key
{
    const char *text;
    WhatIfTarget target;
    bool named; // "key:REGEX=F" instead of "key=F"
};

constexpr Key kKeys[] = {
    {"kernels", WhatIfTarget::Kernels, false},         {"kernel", WhatIfTarget::KernelNamed, true},
    {"op", WhatIfTarget::OpNamed, true},               {"comm", WhatIfTarget::Communication, false},
    {"memory", WhatIfTarget::Memory, false},           {"launch-overhead", WhatIfTarget::LaunchOverhead, false},
    {"cpu", WhatIfTarget::Cpu, false},
};

bool startsWithKey(const std::string &text, std::size_t at)
{
    for (const Key &key : kKeys) {
        const std::size_t length = std::char_traits<char>::length(key.text);
        if (text.compare(at, length, key.text) == 0 && at + length < text.size() &&
            text[at + length] == (key.named ? ':' : '='))
            return true;
    }
    return false;
}

std::string parseOne(const std::string &part, WhatIfRule &rule)
{
    const std::size_t equals = part.rfind('=');
    if (equals == std::string::npos)
        return "'" + part + "' has no =FACTOR";
    const std::string factorText = part.substr(equals + 1);
    char *endOfNumber = nullptr;
    rule.factor = std::strtod(factorText.c_str(), &endOfNumber);
    if (factorText.empty() || *endOfNumber != '\0' || !std::isfinite(rule.factor) || rule.factor < 0)
        return "'" + part + "': the factor must be a number from 0";
    const std::string lhs = part.substr(0, equals);
    for (const Key &key : kKeys) {
        const std::string name = key.text;
        if (!key.named && lhs == name) {
            rule.target = key.target;
            return {};
        }
        if (key.named && lhs.compare(0, name.size() + 1, name + ":") == 0) {
            rule.target = key.target;
            rule.pattern = lhs.substr(name.size() + 1);
            if (rule.pattern.empty())
                return "'" + part + "' needs a regular expression after '" + name + ":'";
            try {
                std::regex check(rule.pattern);
            } catch (const std::regex_error &) {
                return "'" + rule.pattern + "' is not a valid regular expression";
            }
            return {};
        }
    }
    return "'" + lhs +
           "' is not one of kernels, kernel:REGEX, op:REGEX, comm, memory, launch-overhead, cpu";
}

std::string_view keyName(WhatIfTarget target)
{
    for (const Key &key : kKeys)
        if (key.target == target)
            return key.text;
    return "?";
}

// Whether each name matches `pattern`, asked once per name.
class NameMatcher
{
public:
    NameMatcher(const StringTable &strings, const std::string &pattern)
        : m_strings(strings), m_regex(pattern), m_known(strings.size(), 2)
    {
    }
    bool operator()(StringId name)
    {
        if (name >= m_known.size())
            return false;
        if (m_known[name] == 2)
            m_known[name] = std::regex_search(std::string(m_strings.view(name)), m_regex) ? 1 : 0;
        return m_known[name] == 1;
    }

private:
    const StringTable &m_strings;
    std::regex m_regex;
    std::vector<std::uint8_t> m_known; // 2: not asked yet
};

bool isCpuTime(const PathEdge &edge)
{
    return edge.kind == PathEdgeKind::Duration || edge.kind == PathEdgeKind::Self || edge.kind == PathEdgeKind::Gap;
}

bool isGpuDuration(const PathEdge &edge)
{
    return edge.kind == PathEdgeKind::Duration &&
           (edge.category == PathCategory::GpuCompute || edge.category == PathCategory::GpuCommunication ||
            edge.category == PathCategory::GpuMemory);
}

} // namespace

std::string WhatIf::text() const
{
    std::ostringstream out;
    for (const WhatIfRule &rule : rules) {
        out << (&rule == &rules.front() ? "" : ",") << keyName(rule.target);
        if (!rule.pattern.empty())
            out << ':' << rule.pattern;
        out << '=' << rule.factor;
    }
    return out.str();
}

ParsedWhatIf parseWhatIf(const std::string &spec)
{
    ParsedWhatIf parsed;
    std::size_t from = 0;
    while (from <= spec.size()) {
        std::size_t comma = spec.find(',', from);
        while (comma != std::string::npos && !startsWithKey(spec, comma + 1))
            comma = spec.find(',', comma + 1);
        const std::string part = spec.substr(from, comma == std::string::npos ? std::string::npos : comma - from);
        WhatIfRule rule;
        if (std::string error = parseOne(part, rule); !error.empty()) {
            parsed.error = error;
            return parsed;
        }
        parsed.whatIf.rules.push_back(rule);
        if (comma == std::string::npos)
            break;
        from = comma + 1;
    }
    return parsed;
}

std::vector<TimeNs> whatIfWeights(const Trace &trace, const DependencyGraph &graph, const WhatIf &whatIf)
{
    // The factor of each local event's own time, rule by rule.
    std::vector<double> eventFactor(graph.events.size(), 1.0);
    std::vector<double> gapFactor(graph.events.size(), 1.0); // a thread's time before an outermost event
    for (const WhatIfRule &rule : whatIf.rules) {
        std::vector<std::uint8_t> matched;
        if (rule.target == WhatIfTarget::OpNamed) {
            NameMatcher matches(trace.strings, rule.pattern);
            matched.assign(graph.events.size(), 0);
            // Parents come before their children, so one pass carries a match down.
            for (std::uint32_t e = 0; e < graph.events.size(); ++e)
                matched[e] = (graph.parent[e] != kNoPathEvent && matched[graph.parent[e]]) ||
                             matches(trace.event(graph.events[e]).name);
        }
        std::optional<NameMatcher> kernelMatches;
        if (rule.target == WhatIfTarget::KernelNamed)
            kernelMatches.emplace(trace.strings, rule.pattern);
        for (std::uint32_t e = 0; e < graph.events.size(); ++e) {
            const Event &event = trace.event(graph.events[e]);
            const PathCategory category = graph.category[e];
            const bool gpu = isGpuWork(event.kind);
            bool applies = false;
            switch (rule.target) {
            case WhatIfTarget::Kernels: applies = gpu && category == PathCategory::GpuCompute; break;
            case WhatIfTarget::KernelNamed:
                applies = gpu && event.kind == EventKind::Kernel && (*kernelMatches)(event.name);
                break;
            case WhatIfTarget::OpNamed: applies = !gpu && matched[e]; break;
            case WhatIfTarget::Communication: applies = gpu && category == PathCategory::GpuCommunication; break;
            case WhatIfTarget::Memory: applies = gpu && category == PathCategory::GpuMemory; break;
            case WhatIfTarget::LaunchOverhead: applies = !gpu && category == PathCategory::LaunchOverhead; break;
            case WhatIfTarget::Cpu:
                applies = !gpu && (category == PathCategory::Cpu || category == PathCategory::DataLoading);
                if (!gpu) // the thread's time between outermost events is Python's
                    gapFactor[e] *= rule.factor;
                break;
            }
            if (applies)
                eventFactor[e] *= rule.factor;
        }
    }
    std::vector<TimeNs> weights(graph.edges.size());
    for (std::size_t k = 0; k < graph.edges.size(); ++k) {
        const PathEdge &edge = graph.edges[k];
        double factor = 1.0;
        if (edge.event != kNoPathEvent) {
            if (edge.kind == PathEdgeKind::Gap)
                factor = gapFactor[edge.event];
            else if (isCpuTime(edge) || isGpuDuration(edge))
                factor = eventFactor[edge.event];
        }
        weights[k] = factor == 1.0 ? edge.weight
                                   : TimeNs(std::llround(static_cast<long double>(edge.weight) * factor));
    }
    return weights;
}

} // namespace tracelane
