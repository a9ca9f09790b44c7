#include "kernel_summary.h"

namespace tracelane {

NameSummary kernelSummary(const Trace &trace)
{
    return summarizeByName(trace, {EventKind::Kernel});
}

NameSummary kernelSummary(const std::vector<const Trace *> &traces)
{
    return summarizeByName(traces, {EventKind::Kernel});
}

std::vector<EventRef> kernelInstances(const Trace &trace, std::string_view name)
{
    std::vector<EventRef> found;
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
        const auto &events = trace.tracks[t].events;
        for (std::uint32_t i = 0; i < events.size(); ++i)
            if (events[i].kind == EventKind::Kernel && trace.strings.view(events[i].name) == name)
                found.push_back({t, i});
    }
    return found;
}

Table kernelSummaryTable(const NameSummary &summary)
{
    return nameSummaryTable(summary, "Instances", "Name");
}

} // namespace tracelane
