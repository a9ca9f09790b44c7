#include "timeline/efficiency_lane_text.h"

#include "analysis/gpu/kernel_name.h"
#include "analysis/summaries/api_summary.h"
#include "time_format.h"
#include "timeline/track_grouping.h"

#include <QStringList>

#include <algorithm>

namespace tracelane {
namespace {

// A kernel's own name, not its whole signature: a demangled name can fill the screen.
QString kernelNameOf(const Trace &trace, EventRef ref)
{
    return QString::fromStdString(shortKernelName(trace.name(ref)));
}

// As `api` prints it, without nsys' "_v7000" suffix.
QString apiNameOf(const Trace &trace, EventRef ref)
{
    return QString::fromStdString(apiDisplayName(std::string(trace.name(ref))));
}

QString at(const Trace &trace, TimeNs time)
{
    return TimeFormat::offset(time - trace.startNs, 1);
}

// The GPU op that ended a gap: the first one starting when the gap ends.
EventRef opStartingAt(const Trace &trace, std::uint32_t track, TimeNs time)
{
    const auto &events = trace.tracks[track].events;
    auto it = std::lower_bound(events.begin(), events.end(), time, [](const Event &e, TimeNs t) { return e.start < t; });
    for (; it != events.end() && it->start == time; ++it)
        if (isGpuWork(it->kind))
            return EventRef{track, std::uint32_t(it - events.begin())};
    return {};
}

// The earliest-starting launch call of a GPU op, as the analyses pick it.
EventRef launchOf(const Trace &trace, EventRef op)
{
    EventRef best;
    for (const Flow *flow : trace.flowsTo(op))
        if (flow->kind == FlowKind::Launch && (!best.isValid() || trace.event(flow->from).start < trace.event(best).start))
            best = flow->from;
    return best;
}

} // namespace

QString EfficiencyLaneText::causeName(IdleCause cause)
{
    switch (cause) {
    case IdleCause::HostWait: return tr("host wait");
    case IdleCause::KernelWait: return tr("kernel wait");
    case IdleCause::Other: return tr("other");
    }
    return tr("other");
}

QString EfficiencyLaneText::queueMaximum(std::int32_t depth)
{
    return tr("max %1").arg(depth);
}

QString EfficiencyLaneText::gapToolTip(const Trace &trace, const StreamGaps &gaps, const DrawItem &shade)
{
    const QString span = tr("%1 – %2").arg(at(trace, shade.start), at(trace, shade.end));
    if (shade.count > 1) {
        const StreamGaps::Split idle = gaps.idleIn(shade.event, shade.count);
        QStringList split;
        for (IdleCause cause : {IdleCause::HostWait, IdleCause::KernelWait, IdleCause::Other})
            split << tr("%1 %2").arg(causeName(cause), TimeFormat::duration(idle[std::size_t(cause)]));
        return tr("%n idle gaps too small to show", nullptr, int(shade.count)) + QLatin1Char('\n') + split.join(tr(", "))
               + QLatin1Char('\n') + span + QLatin1Char('\n') + tr("Click to zoom in");
    }
    // One gap: the shade covers exactly it.
    const QString head = tr("Idle %1: %2").arg(TimeFormat::duration(shade.end - shade.start), causeName(gaps.causes[shade.event]))
                         + QLatin1Char('\n') + span;
    const EventRef next = opStartingAt(trace, shade.track, shade.end);
    if (!next.isValid())
        return head;
    const EventRef launch = launchOf(trace, next);
    return head + QLatin1Char('\n')
           + (launch.isValid() ? tr("Next: %1, launched by %2 at %3")
                                     .arg(kernelNameOf(trace, next), apiNameOf(trace, launch), at(trace, trace.event(launch).start))
                               : tr("Next: %1 (no launch call in the trace)").arg(kernelNameOf(trace, next)));
}

QString EfficiencyLaneText::queueToolTip(const Trace &trace, const StreamQueue &queue, std::uint32_t track,
                                         TimeNs time, TimeNs pixelEnd)
{
    const std::int32_t depth = queue.depthAt(time);
    QString text = tr("Queue depth: %1 at %2").arg(depth).arg(at(trace, time));
    const std::int32_t deepest = queue.maxIn(time, pixelEnd);
    if (deepest > depth)
        text += QLatin1Char('\n') + tr("up to %1 within this pixel").arg(deepest);
    return text + QLatin1Char('\n') + tr("Launched operations not yet started; max %1").arg(queue.max)
           + QLatin1Char('\n') + TrackGrouping::trackPath(trace, track);
}

QString EfficiencyLaneText::shadingLegend()
{
    return tr("Idle gaps are shaded by cause:\n"
              "red – host wait: the launch call came after the stream ran dry\n"
              "yellow – kernel wait: launched in time, idle under 30 µs\n"
              "grey – other: launched in time, idle 30 µs or longer");
}

} // namespace tracelane
