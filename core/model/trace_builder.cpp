#include "trace_builder.h"

#include <algorithm>
#include <numeric>
#include <string>

namespace tracelane {

TraceBuilder::TraceBuilder()
    : m_trace(std::make_shared<Trace>())
{
}

StringId TraceBuilder::internName(std::string_view text)
{
    if (text.size() > kMaxNameLength) {
        diagnostics().add("name-truncated", "names longer than 64 KiB were cut");
        text = text.substr(0, kMaxNameLength);
    }
    return intern(text);
}

std::int32_t TraceBuilder::process(std::int64_t pid)
{
    auto [it, inserted] = m_processByPid.try_emplace(pid, static_cast<std::int32_t>(m_trace->processes.size()));
    if (inserted) {
        Process p;
        p.pid = pid;
        p.sortIndex = pid;
        m_trace->processes.push_back(p);
    }
    return it->second;
}

std::int32_t TraceBuilder::namedProcess(std::string_view name)
{
    auto it = m_processByName.find(std::string(name));
    if (it != m_processByName.end())
        return it->second;
    while (m_processByPid.count(m_nextSyntheticPid))
        --m_nextSyntheticPid;
    const std::int32_t index = process(m_nextSyntheticPid--);
    Process &p = m_trace->processes[index];
    p.name = internName(name);
    p.sortIndex = std::numeric_limits<std::int32_t>::max(); // named pseudo-processes go last
    m_processByName.emplace(std::string(name), index);
    return index;
}

std::int32_t TraceBuilder::thread(std::int32_t process, std::int64_t tid)
{
    auto [it, inserted] = m_threadByKey.try_emplace({process, tid}, static_cast<std::int32_t>(m_trace->threads.size()));
    if (inserted) {
        Thread t;
        t.process = process;
        t.tid = tid;
        t.sortIndex = tid;
        m_trace->threads.push_back(t);
    }
    return it->second;
}

std::int32_t TraceBuilder::device(std::int32_t id)
{
    auto [it, inserted] = m_deviceById.try_emplace(id, static_cast<std::int32_t>(m_trace->devices.size()));
    if (inserted)
        m_trace->devices.push_back(GpuDevice{id, 0});
    return it->second;
}

std::int32_t TraceBuilder::stream(std::int32_t device, std::int64_t streamId)
{
    auto [it, inserted] = m_streamByKey.try_emplace({device, streamId}, static_cast<std::int32_t>(m_trace->streams.size()));
    if (inserted)
        m_trace->streams.push_back(Stream{device, streamId});
    return it->second;
}

std::uint32_t TraceBuilder::threadTrack(std::int32_t thread, TrackKind kind, StringId domain)
{
    auto [it, inserted] = m_trackByKey.try_emplace({int(kind), thread, domain},
                                                   static_cast<std::uint32_t>(m_trace->tracks.size()));
    if (inserted) {
        Track track;
        track.kind = kind;
        track.thread = thread;
        track.process = m_trace->threads[thread].process;
        track.domain = domain;
        switch (kind) {
        case TrackKind::ThreadRanges: track.name = domain ? domain : intern("Ranges"); break;
        case TrackKind::ThreadApi: track.name = intern(m_apiLaneName); break;
        default: track.name = intern("Thread " + std::to_string(m_trace->threads[thread].tid)); break;
        }
        m_trace->tracks.push_back(std::move(track));
    }
    return it->second;
}

std::optional<std::uint32_t> TraceBuilder::findThreadTrack(std::int32_t thread, TrackKind kind, StringId domain) const
{
    if (auto it = m_trackByKey.find({int(kind), thread, domain}); it != m_trackByKey.end())
        return it->second;
    return std::nullopt;
}

std::uint32_t TraceBuilder::streamTrack(std::int32_t stream, TrackKind kind)
{
    auto [it, inserted] = m_trackByKey.try_emplace({int(kind), stream, 0},
                                                   static_cast<std::uint32_t>(m_trace->tracks.size()));
    if (inserted) {
        Track track;
        track.kind = kind;
        track.stream = stream;
        const std::string id = std::to_string(m_trace->streams[stream].streamId);
        track.name = intern(kind == TrackKind::GpuRanges ? "Stream " + id + " annotations" : "Stream " + id);
        m_trace->tracks.push_back(std::move(track));
    }
    return it->second;
}

std::uint32_t TraceBuilder::processTrack(std::int32_t process, TrackKind kind, StringId name)
{
    auto [it, inserted] = m_trackByKey.try_emplace({int(kind), process, name},
                                                   static_cast<std::uint32_t>(m_trace->tracks.size()));
    if (inserted) {
        Track track;
        track.kind = kind;
        track.process = process;
        track.name = name;
        m_trace->tracks.push_back(std::move(track));
    }
    return it->second;
}

EventRef TraceBuilder::addEvent(std::uint32_t trackIndex, Event event)
{
    Track &track = m_trace->tracks[trackIndex];
    if (event.duration < 0) {
        diagnostics().add("negative-duration", "events with a negative duration were given duration 0");
        event.duration = 0;
    }
    event.args = m_args.flushTo(track.argBlob, m_trace->argSchemas);
    track.events.push_back(event);
    return {trackIndex, static_cast<std::uint32_t>(track.events.size() - 1)};
}

void TraceBuilder::addCounterSample(std::uint32_t trackIndex, TimeNs time, double value)
{
    Track &track = m_trace->tracks[trackIndex];
    Event e;
    e.start = time;
    e.kind = EventKind::CounterSample;
    e.name = track.name;
    track.events.push_back(e);
    track.counterValues.push_back(value);
}

void TraceBuilder::addFlow(EventRef from, EventRef to, FlowKind kind)
{
    m_explicitFlows.push_back({from, to, kind});
}

void TraceBuilder::sortTracks(std::vector<std::vector<std::uint32_t>> &newIndexOf)
{
    // Tracks that explicit flows point into, or with parallel counter values,
    // need the permutation; all others sort in place (no second copy of the events).
    std::vector<bool> referenced(m_trace->tracks.size(), false);
    for (const Flow &f : m_explicitFlows) {
        referenced[f.from.track] = true;
        referenced[f.to.track] = true;
    }
    // Equal starts put the enclosing (longer) event first; the rest of the key
    // only makes the order independent of the order events were added in.
    auto before = [](const Event &a, const Event &b) {
        if (a.start != b.start)
            return a.start < b.start;
        if (a.duration != b.duration)
            return a.duration > b.duration;
        return std::tie(a.kind, a.name, a.correlation, a.args) < std::tie(b.kind, b.name, b.correlation, b.args);
    };
    newIndexOf.resize(m_trace->tracks.size());
    for (std::size_t t = 0; t < m_trace->tracks.size(); ++t) {
        Track &track = m_trace->tracks[t];
        auto &ev = track.events;
        if (std::is_sorted(ev.begin(), ev.end(), before))
            continue; // identity mapping: newIndexOf[t] stays empty
        if (!referenced[t] && track.counterValues.empty()) {
            std::sort(ev.begin(), ev.end(), before);
            continue;
        }
        std::vector<std::uint32_t> order(ev.size());
        std::iota(order.begin(), order.end(), 0u);
        std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
            return before(ev[a], ev[b]) || (!before(ev[b], ev[a]) && a < b);
        });
        std::vector<Event> events(ev.size());
        std::vector<double> values(track.counterValues.size());
        std::vector<std::uint32_t> &inverse = newIndexOf[t];
        inverse.resize(ev.size());
        for (std::size_t i = 0; i < order.size(); ++i) {
            events[i] = ev[order[i]];
            if (!values.empty())
                values[i] = track.counterValues[order[i]];
            inverse[order[i]] = static_cast<std::uint32_t>(i);
        }
        track.events.swap(events);
        track.counterValues.swap(values);
    }
}

void TraceBuilder::computeDepths(Track &track)
{
    auto &events = track.events;
    if (track.kind == TrackKind::Counter) {
        for (std::size_t i = 0; i + 1 < events.size(); ++i)
            events[i].duration = events[i + 1].start - events[i].start;
        return;
    }
    if (track.kind == TrackKind::Async) {
        // Async slices need not nest: greedy lanes, each event in the first free lane.
        std::vector<TimeNs> laneEnd;
        for (Event &e : events) {
            if (e.duration == 0) // instants mark a moment; they take no lane of their own
                continue;
            std::size_t lane = 0;
            while (lane < laneEnd.size() && laneEnd[lane] > e.start)
                ++lane;
            if (lane == laneEnd.size())
                laneEnd.push_back(e.end());
            else
                laneEnd[lane] = e.end();
            e.depth = static_cast<std::uint8_t>(std::min<std::size_t>(lane, 255));
            track.maxDepth = std::max(track.maxDepth, e.depth);
        }
        return;
    }
    std::vector<TimeNs> stackEnds;
    std::uint64_t crossing = 0;
    for (Event &e : events) {
        while (!stackEnds.empty() && stackEnds.back() <= e.start && !(e.duration == 0 && stackEnds.back() == e.start))
            stackEnds.pop_back();
        if (!stackEnds.empty() && e.end() > stackEnds.back())
            ++crossing; // overlaps its parent's end: drawn one level deeper anyway
        if (stackEnds.size() > 255)
            diagnostics().add("depth-limit", "events nested deeper than 255 levels are drawn at level 255");
        e.depth = static_cast<std::uint8_t>(std::min<std::size_t>(stackEnds.size(), 255));
        track.maxDepth = std::max(track.maxDepth, e.depth);
        stackEnds.push_back(e.end());
    }
    if (crossing)
        diagnostics().add("improper-nesting", "slices on one thread overlap without nesting", {}, crossing);
}

namespace {

// Deepest event on `track` whose [start, end] contains `time`.
std::optional<std::uint32_t> enclosingEvent(const Track &track, TimeNs time)
{
    const auto &ev = track.events;
    auto it = std::upper_bound(ev.begin(), ev.end(), time, [](TimeNs t, const Event &e) { return t < e.start; });
    std::optional<std::uint32_t> best;
    int bestDepth = -1;
    // Walk back: candidates start at or before `time`; stop once an outermost event ends before it.
    for (auto i = it - ev.begin(); i-- > 0;) {
        const Event &e = ev[i];
        if (e.end() >= time && e.depth > bestDepth) {
            best = static_cast<std::uint32_t>(i);
            bestDepth = e.depth;
        }
        if (e.depth == 0) // earlier events nest in earlier top-level events, which end before this one
            break;
    }
    return best;
}

std::optional<std::uint32_t> nextEvent(const Track &track, TimeNs time)
{
    const auto &ev = track.events;
    auto it = std::lower_bound(ev.begin(), ev.end(), time, [](const Event &e, TimeNs t) { return e.start < t; });
    if (it == ev.end())
        return std::nullopt;
    return static_cast<std::uint32_t>(it - ev.begin());
}

} // namespace

void TraceBuilder::bindFlowPoints()
{
    auto &points = m_flowPoints;
    std::stable_sort(points.begin(), points.end(), [](const FlowPoint &a, const FlowPoint &b) {
        return std::tie(a.category, a.id, a.time, a.phase) < std::tie(b.category, b.id, b.time, b.phase);
    });
    auto bind = [this](const FlowPoint &p) -> std::optional<EventRef> {
        const Track &track = m_trace->tracks[p.track];
        auto index = p.bindEnclosing ? enclosingEvent(track, p.time) : nextEvent(track, p.time);
        if (!index)
            return std::nullopt;
        return EventRef{p.track, *index};
    };
    std::uint64_t unbound = 0, withoutStart = 0, withoutEnd = 0;
    for (std::size_t i = 0; i < points.size();) {
        std::size_t j = i;
        while (j < points.size() && points[j].category == points[i].category && points[j].id == points[i].id)
            ++j;
        // Chain within one (category, id): s -> t -> ... -> f; a new s starts a new chain.
        std::optional<EventRef> previous;
        bool open = false;
        for (std::size_t k = i; k < j; ++k) {
            const FlowPoint &p = points[k];
            auto ref = bind(p);
            if (!ref)
                ++unbound;
            if (p.phase == FlowPhase::Start) {
                if (open)
                    ++withoutEnd;
                previous = ref;
                open = true;
                continue;
            }
            if (!open) {
                ++withoutStart;
                continue;
            }
            if (previous && ref && !(*previous == *ref))
                m_trace->flows.push_back({*previous, *ref, p.kind});
            previous = ref;
            if (p.phase == FlowPhase::End)
                open = false;
        }
        if (open)
            ++withoutEnd;
        i = j;
    }
    if (unbound)
        diagnostics().add("flow-unbound", "flow events with no slice at their time on their thread", {}, unbound);
    if (withoutStart)
        diagnostics().add("flow-without-start", "flow ends or steps with no matching start (kept no arrow)", {},
                          withoutStart);
    if (withoutEnd)
        diagnostics().add("flow-without-end", "flow starts with no matching end (kept no arrow)", {}, withoutEnd);
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

namespace {

// Trimming copies the array; only worth it when a tenth or more is unused.
template<typename T>
void trimIfLoose(std::vector<T> &v)
{
    if (v.capacity() > v.size() + v.size() / 10 + 64)
        v.shrink_to_fit();
}

} // namespace

void TraceBuilder::reserveForGrowth(double factor)
{
    if (factor <= 1.0)
        return;
    auto grow = [factor](auto &v) { v.reserve(static_cast<std::size_t>(double(v.size()) * factor) + 16); };
    for (Track &track : m_trace->tracks) {
        grow(track.events);
        grow(track.argBlob);
        if (!track.counterValues.empty())
            grow(track.counterValues);
    }
    grow(m_flowPoints);
}

std::shared_ptr<Trace> TraceBuilder::finish()
{
    std::vector<std::vector<std::uint32_t>> newIndexOf;
    sortTracks(newIndexOf);
    for (Flow &f : m_explicitFlows) {
        for (EventRef *ref : {&f.from, &f.to})
            if (!newIndexOf[ref->track].empty())
                ref->index = newIndexOf[ref->track][ref->index];
        m_trace->flows.push_back(f);
    }
    std::vector<Flow>().swap(m_explicitFlows);

    bool any = false;
    for (Track &track : m_trace->tracks) {
        computeDepths(track);
        trimIfLoose(track.events);
        trimIfLoose(track.argBlob);
        trimIfLoose(track.counterValues);
        for (const Event &e : track.events) {
            if (!any) {
                m_trace->startNs = e.start;
                m_trace->endNs = e.end();
                any = true;
            }
            m_trace->startNs = std::min(m_trace->startNs, e.start);
            m_trace->endNs = std::max(m_trace->endNs, e.end());
        }
    }
    bindFlowPoints();
    if (m_linkByCorrelation)
        linkCorrelations();
    indexFlows();
    auto trace = std::move(m_trace);
    m_trace = std::make_shared<Trace>();
    return trace;
}

} // namespace tracelane
