#include "timeline/timeline_model.h"

#include "timeline/track_grouping.h"

#include <algorithm>

namespace tracelane {

TimelineModel::TimelineModel(std::shared_ptr<const Trace> trace)
    : m_trace(std::move(trace))
    , m_depths(*m_trace)
    , m_operatorDepths(*m_trace)
    , m_efficiency(*m_trace)
    , m_layout(TrackGrouping::arrange(*m_trace))
{
    TrackGrouping::addQueueDepthLanes(m_layout, m_efficiency);
    if (m_operatorDepths.anyPythonFrames()) {
        m_operatorIndex = DepthIndex(*m_trace, m_operatorDepths);
        for (int n = 0; n < m_layout.nodeCount(); ++n) {
            const TrackNode &node = m_layout.node(n);
            if (!node.isGroup && node.lane == LaneKind::Events && node.track >= 0)
                m_layout.setLevelsWithoutPython(n, m_operatorDepths.levels(*m_trace, std::uint32_t(node.track)));
        }
    }
    TrackGrouping::pinGpuStreamsIfDeep(m_layout, *m_trace);
    m_counterMaximum.assign(m_trace->tracks.size(), 0.0);
    m_counterSamples.resize(m_trace->tracks.size());
    m_counterTimes.resize(m_trace->tracks.size());
    for (std::size_t t = 0; t < m_trace->tracks.size(); ++t) {
        const Track &track = m_trace->tracks[t];
        if (track.kind != TrackKind::Counter || track.counterValues.empty())
            continue;
        m_counterSamples[t] = CounterRangeMax(track.counterValues);
        m_counterTimes[t].reserve(track.events.size());
        for (const Event &e : track.events)
            m_counterTimes[t].push_back(e.start);
        m_counterMaximum[t] = m_counterSamples[t].max(0, track.counterValues.size(), 0.0);
    }
    const TimelinePalette palettes[2] = {TimelinePalette::light(), TimelinePalette::darkPalette()};
    for (int p = 0; p < 2; ++p) {
        m_nameColors[p].resize(m_trace->strings.size());
        m_runColors[p].resize(m_trace->strings.size());
        for (StringId id = 0; id < m_trace->strings.size(); ++id) {
            m_nameColors[p][id] = palettes[p].colorFor(m_trace->strings.view(id));
            m_runColors[p][id] = QColor(m_nameColors[p][id]).darker(125).rgb();
        }
    }
}

int TimelineModel::shownDepth(EventRef ref, bool pythonHidden) const
{
    if (!pythonHidden)
        return m_trace->event(ref).depth;
    const std::uint8_t d = m_operatorDepths.depth(*m_trace, ref);
    return d == OperatorDepths::kPythonFrame ? -1 : int(d);
}

double TimelineModel::counterMaximum(std::uint32_t track) const
{
    return track < m_counterMaximum.size() ? m_counterMaximum[track] : 0.0;
}

const std::vector<TimeNs> &TimelineModel::counterTimes(std::uint32_t track) const
{
    static const std::vector<TimeNs> none;
    return track < m_counterTimes.size() ? m_counterTimes[track] : none;
}

const CounterRangeMax &TimelineModel::counterSamples(std::uint32_t track) const
{
    static const CounterRangeMax none;
    return track < m_counterSamples.size() ? m_counterSamples[track] : none;
}

} // namespace tracelane
