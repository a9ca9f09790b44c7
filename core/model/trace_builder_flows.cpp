// TraceBuilder::finish(), part two: flows. Chrome flow records are bound to the
// slices they point at, launches are linked to their GPU work by correlation id,
// and the result is indexed both ways.
#include "trace_builder.h"

#include <algorithm>
#include <numeric>
#include <unordered_map>
#include <utility>
#include <vector>

namespace tracelane {

namespace {

constexpr std::uint32_t kUnbound = 0xFFFFFFFFu;

// First event on `track` starting at or after `time` ("f" without "bp":"e").
std::uint32_t nextEvent(const Track &track, TimeNs time)
{
    const auto &ev = track.events;
    auto it = std::lower_bound(ev.begin(), ev.end(), time, [](const Event &e, TimeNs t) { return e.start < t; });
    return it == ev.end() ? kUnbound : static_cast<std::uint32_t>(it - ev.begin());
}

// Binds points of one track, given in time order, to the deepest event whose
// [start, end] contains their time; ties go to the later event. As Chrome does,
// only events since the last outermost (depth 0) event starting at or before the
// time are candidates: earlier ones nest in earlier top-level events.
//
// One sweep with a heap of candidates by (depth, index): each event enters once
// and leaves once (lazily, when it is on top and has ended before the time:
// later points cannot be inside it either), so a track costs O((events + points)
// log events), whatever the nesting. Walking back from each point instead cost
// a walk over every child of a long slice for each flow at its end.
class EnclosingSweep
{
public:
    explicit EnclosingSweep(const Track &track) : m_events(track.events) {}

    std::uint32_t bind(TimeNs time)
    {
        for (; m_next < m_events.size() && m_events[m_next].start <= time; ++m_next) {
            if (m_events[m_next].depth == 0)
                m_heap.clear(); // the walk back would stop here
            m_heap.push_back({m_events[m_next].depth, static_cast<std::uint32_t>(m_next)});
            std::push_heap(m_heap.begin(), m_heap.end());
        }
        while (!m_heap.empty() && m_events[m_heap.front().second].end() < time) {
            std::pop_heap(m_heap.begin(), m_heap.end());
            m_heap.pop_back();
        }
        return m_heap.empty() ? kUnbound : m_heap.front().second;
    }

private:
    const std::vector<Event> &m_events;
    std::size_t m_next = 0;
    std::vector<std::pair<std::uint8_t, std::uint32_t>> m_heap; // (depth, index), deepest then latest on top
};

} // namespace

// Room for every flow finish() can make, taken once: growing by doubling while
// the flow points are still held kept up to three copies of the flows resident
// at the peak of a load. Pages reserved but never written cost no memory, and
// indexFlows() trims the array.
void TraceBuilder::reserveFlows()
{
    std::size_t bound = m_trace->flows.size() + m_explicitFlows.size();
    for (const FlowPoint &p : m_flowPoints)
        bound += p.phase != FlowPhase::Start; // each step or end links to at most one earlier point
    if (m_linkByCorrelation)
        for (const Track &track : m_trace->tracks)
            if (track.kind == TrackKind::GpuStream)
                for (const Event &e : track.events)
                    bound += e.correlation && (isGpuWork(e.kind) || e.kind == EventKind::Sync);
    m_trace->flows.reserve(bound);
}

void TraceBuilder::bindFlowPoints()
{
    auto &points = m_flowPoints;
    // First the event each point lands on, track by track in time order
    // (4 bytes per point, by order of arrival).
    std::sort(points.begin(), points.end(), [](const FlowPoint &a, const FlowPoint &b) {
        return std::tie(a.track, a.time, a.arrival) < std::tie(b.track, b.time, b.arrival);
    });
    std::vector<std::uint32_t> boundTo(points.size(), kUnbound);
    for (std::size_t i = 0; i < points.size();) {
        const std::uint32_t trackIndex = points[i].track;
        const Track &track = m_trace->tracks[trackIndex];
        EnclosingSweep sweep(track);
        for (; i < points.size() && points[i].track == trackIndex; ++i) {
            const FlowPoint &p = points[i];
            boundTo[p.arrival] = p.bindEnclosing ? sweep.bind(p.time) : nextEvent(track, p.time);
        }
    }
    // Then the chains. Ties keep their order of arrival. Sorting by it too, in
    // place, gives the order of a stable sort without its buffer of half the
    // points (13 MB at the end of a 1.5 M-event Kineto trace, when memory peaks).
    std::sort(points.begin(), points.end(), [](const FlowPoint &a, const FlowPoint &b) {
        return std::tie(a.category, a.id, a.time, a.phase, a.arrival)
               < std::tie(b.category, b.id, b.time, b.phase, b.arrival);
    });
    auto bind = [&boundTo](const FlowPoint &p) -> std::optional<EventRef> {
        const std::uint32_t index = boundTo[p.arrival];
        if (index == kUnbound)
            return std::nullopt;
        return EventRef{p.track, index};
    };
    // Kineto writes an ac2g end ("f") for every CUDA call with a correlation id,
    // but a start ("s") only where the call queued GPU work, and a start on
    // synchronisations (cuda...Synchronize, cudaStreamWaitEvent) whose GPU-side record
    // it only writes when CUDA sync activity is recorded. Those
    // are normal for every PyTorch trace: counted as information, not warnings.
    auto onApiCall = [this](const FlowPoint &p, const std::optional<EventRef> &ref) {
        return p.kind == FlowKind::Launch && ref && m_trace->tracks[ref->track].kind == TrackKind::ThreadApi;
    };
    auto isSynchronisation = [this](const EventRef &ref) {
        const std::string_view name = m_trace->strings.view(m_trace->tracks[ref.track].events[ref.index].name);
        return name.find("Synchronize") != std::string_view::npos || name.find("WaitEvent") != std::string_view::npos;
    };
    std::uint64_t unbound = 0, withoutStart = 0, withoutEnd = 0, endsOnCalls = 0, syncStarts = 0;
    for (std::size_t i = 0; i < points.size();) {
        std::size_t j = i;
        while (j < points.size() && points[j].category == points[i].category && points[j].id == points[i].id)
            ++j;
        // Chain within one (category, id): s -> t -> ... -> f; a new s starts a new chain.
        std::optional<EventRef> previous;
        const FlowPoint *open = nullptr;
        std::optional<EventRef> openedOn;
        auto leaveOpen = [&] {
            if (onApiCall(*open, openedOn) && isSynchronisation(*openedOn))
                ++syncStarts;
            else
                ++withoutEnd;
        };
        for (std::size_t k = i; k < j; ++k) {
            const FlowPoint &p = points[k];
            auto ref = bind(p);
            if (!ref)
                ++unbound;
            if (p.phase == FlowPhase::Start) {
                if (open)
                    leaveOpen();
                previous = openedOn = ref;
                open = &p;
                continue;
            }
            if (!open) {
                if (p.phase == FlowPhase::End && onApiCall(p, ref))
                    ++endsOnCalls;
                else
                    ++withoutStart;
                continue;
            }
            if (previous && ref && !(*previous == *ref))
                m_trace->flows.push_back({*previous, *ref, p.kind});
            previous = ref;
            if (p.phase == FlowPhase::End)
                open = nullptr;
        }
        if (open)
            leaveOpen();
        i = j;
    }
    if (unbound)
        diagnostics().add("flow-unbound", "flow events with no slice at their time on their thread", {}, unbound);
    if (withoutStart)
        diagnostics().add("flow-without-start", "flow ends or steps with no matching start (kept no arrow)", {},
                          withoutStart);
    if (withoutEnd)
        diagnostics().add("flow-without-end", "flow starts with no matching end (kept no arrow)", {}, withoutEnd);
    if (endsOnCalls)
        diagnostics().addInformation("flow-end-on-api-call",
                                     "launch flow ends on CUDA calls that launched no GPU work (no arrow)", endsOnCalls);
    if (syncStarts)
        diagnostics().addInformation("flow-sync-without-end",
                                     "launch flows from synchronisation calls with no GPU-side record (no arrow)",
                                     syncStarts);
    std::vector<FlowPoint>().swap(m_flowPoints);
}

void TraceBuilder::linkCorrelations()
{
    // A flat index sorted by correlation id, not a hash map: one allocation for
    // millions of launches, a third of the memory, and launches arrive almost in
    // id order, so sorting is nearly free.
    struct Launch
    {
        CorrelationId correlation;
        EventRef ref;
    };
    auto &tracks = m_trace->tracks;
    std::size_t apiEvents = 0;
    for (const Track &track : tracks)
        if (track.kind == TrackKind::ThreadApi)
            apiEvents += track.events.size();
    const auto byCorrelation = [](const Launch &a, const Launch &b) { return a.correlation < b.correlation; };
    std::vector<Launch> launches;
    launches.reserve(apiEvents);
    // Each thread's calls are in time order, and so nearly always in id order:
    // merge thread by thread. Stable, so of calls sharing an id the first in
    // track order is linked.
    for (std::uint32_t t = 0; t < tracks.size(); ++t) {
        if (tracks[t].kind != TrackKind::ThreadApi)
            continue;
        const auto mid = static_cast<std::ptrdiff_t>(launches.size());
        for (std::uint32_t i = 0; i < tracks[t].events.size(); ++i)
            if (const CorrelationId c = tracks[t].events[i].correlation)
                launches.push_back({c, EventRef{t, i}});
        if (!std::is_sorted(launches.begin() + mid, launches.end(), byCorrelation))
            std::stable_sort(launches.begin() + mid, launches.end(), byCorrelation);
        std::inplace_merge(launches.begin(), launches.begin() + mid, launches.end(), byCorrelation);
    }
    const auto firstOfEach = std::unique(launches.begin(), launches.end(), [](const Launch &a, const Launch &b) {
        return a.correlation == b.correlation;
    });
    const auto duplicates = static_cast<std::uint64_t>(launches.end() - firstOfEach);
    launches.erase(firstOfEach, launches.end());

    std::uint64_t orphans = 0;
    for (std::uint32_t t = 0; t < tracks.size(); ++t) {
        if (tracks[t].kind != TrackKind::GpuStream)
            continue;
        for (std::uint32_t i = 0; i < tracks[t].events.size(); ++i) {
            const Event &e = tracks[t].events[i];
            if (!e.correlation || !(isGpuWork(e.kind) || e.kind == EventKind::Sync))
                continue;
            const auto it = std::lower_bound(launches.begin(), launches.end(), Launch{e.correlation, {}},
                                             byCorrelation);
            if (it == launches.end() || it->correlation != e.correlation) {
                ++orphans;
                continue;
            }
            m_trace->flows.push_back({it->ref, EventRef{t, i}, FlowKind::Launch});
        }
    }
    if (duplicates)
        diagnostics().add("duplicate-correlation", "API calls share a correlation id; the first one is linked", {},
                          duplicates);
    if (orphans)
        diagnostics().add("gpu-work-without-launch", "GPU operations whose launching API call is not in the trace",
                          {}, orphans);
}

void TraceBuilder::indexFlows()
{
    auto &flows = m_trace->flows;
    const auto byFrom = [](const Flow &a, const Flow &b) {
        return std::tie(a.from, a.to, a.kind) < std::tie(b.from, b.to, b.kind);
    };
    // Launch flows arrive in GPU order, which is mostly launch order: check first.
    if (!std::is_sorted(flows.begin(), flows.end(), byFrom))
        std::sort(flows.begin(), flows.end(), byFrom);
    flows.erase(std::unique(flows.begin(), flows.end(),
                            [](const Flow &a, const Flow &b) { return a.from == b.from && a.to == b.to; }),
                flows.end());
    flows.shrink_to_fit();
    auto &byTo = m_trace->flowsByTo;
    byTo.resize(flows.size());
    std::iota(byTo.begin(), byTo.end(), 0u);
    const auto toOrder = [&flows](std::uint32_t a, std::uint32_t b) {
        return flows[a].to != flows[b].to ? flows[a].to < flows[b].to : a < b;
    };
    if (!std::is_sorted(byTo.begin(), byTo.end(), toOrder))
        std::sort(byTo.begin(), byTo.end(), toOrder);
}

} // namespace tracelane
