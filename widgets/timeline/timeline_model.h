#pragma once
// A loaded trace with what the timeline derives from it once: the per-depth
// index, the track arrangement, counter scales and the efficiency lanes (idle
// gaps, queue depth). Built on the loading thread; afterwards only the
// arrangement changes (on the GUI thread).

#include "analysis/ranks/rank_summary.h"
#include "model/depth_index.h"
#include "model/operator_depths.h"
#include "model/trace.h"
#include "timeline/efficiency_lanes.h"
#include "timeline/range_max.h"
#include "timeline/timeline_palette.h"
#include "timeline/track_layout.h"

#include <QRgb>

#include <memory>
#include <optional>
#include <vector>

namespace tracelane {

class TimelineModel
{
public:
    explicit TimelineModel(std::shared_ptr<const Trace> trace);

    const Trace &trace() const { return *m_trace; }
    const std::shared_ptr<const Trace> &tracePointer() const { return m_trace; }
    const DepthIndex &depths() const { return m_depths; }
    // The ranks of a trace merged from several (trace_group.h), summarised while
    // each was whole; null for one trace.
    const RankSummary *ranks() const { return m_ranks ? &*m_ranks : nullptr; }
    void setRanks(RankSummary ranks) { m_ranks = std::move(ranks); }
    // The index to draw `track` from: by depth without Python frames while
    // they are hidden (View > Hide Python Frames) and the track has any.
    const DepthIndex &depthsFor(std::uint32_t track, bool pythonHidden) const
    {
        return pythonHidden && m_operatorDepths.hasPythonFrames(track) ? m_operatorIndex : m_depths;
    }
    const OperatorDepths &operatorDepths() const { return m_operatorDepths; }
    // The row an event is drawn in within its lane: Event::depth, or its depth
    // without Python frames while they are hidden (-1 for a hidden frame).
    int shownDepth(EventRef ref, bool pythonHidden) const;
    const EfficiencyLanes &efficiency() const { return m_efficiency; }
    TrackLayout &layout() { return m_layout; }
    const TrackLayout &layout() const { return m_layout; }
    // Largest sample of a counter track (0 for other tracks): the top of its chart.
    double counterMaximum(std::uint32_t track) const;
    // A counter track's samples, for the largest of any stretch of them (one per
    // pixel column, so a peak shows at every zoom); empty for other tracks.
    const CounterRangeMax &counterSamples(std::uint32_t track) const;
    // Its sample times, contiguous: a frame's searches touch 8 bytes a probe, not an Event.
    const std::vector<TimeNs> &counterTimes(std::uint32_t track) const;
    // The palette's colour for a name, hashed once per name at load, not per box per frame.
    QRgb nameColor(StringId name, bool dark) const
    {
        const auto &colors = m_nameColors[dark ? 1 : 0];
        return name < colors.size() ? colors[name] : 0;
    }
    // The fill of a merged run that starts with `name`: a shade darker than the
    // name's colour, since there is more there than one event.
    QRgb runColor(StringId name, bool dark) const
    {
        const auto &colors = m_runColors[dark ? 1 : 0];
        return name < colors.size() ? colors[name] : 0;
    }

private:
    std::shared_ptr<const Trace> m_trace;
    std::optional<RankSummary> m_ranks;
    DepthIndex m_depths;
    OperatorDepths m_operatorDepths;
    DepthIndex m_operatorIndex; // only tracks with Python frames
    EfficiencyLanes m_efficiency;
    TrackLayout m_layout;
    std::vector<double> m_counterMaximum;
    std::vector<CounterRangeMax> m_counterSamples;
    std::vector<std::vector<TimeNs>> m_counterTimes;
    std::vector<QRgb> m_nameColors[2]; // light, dark
    std::vector<QRgb> m_runColors[2];
};

} // namespace tracelane
