#include "trace_builder.h"

#include "time_math.h"

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

StringId TraceBuilder::internName(std::string_view text, std::uint64_t hash)
{
    if (text.size() > kMaxNameLength)
        return internName(text); // the hash was of the whole text
    return intern(text, hash);
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

std::string TraceBuilder::describe(const Event &event) const
{
    constexpr std::size_t kMaxShown = 80;
    const std::string_view name = m_trace->strings.view(event.name);
    return "'" + std::string(name.substr(0, kMaxShown)) + (name.size() > kMaxShown ? "...'" : "'") + " at "
           + std::to_string(event.start) + " ns";
}

bool TraceBuilder::fitTimes(Event &event)
{
    Diagnostics &d = diagnostics();
    if (!isModelTime(event.start)) {
        d.add("time-out-of-range", "events starting more than 146 years from the trace's zero were skipped",
              d.wantsExample("time-out-of-range") ? describe(event) : std::string());
        return false;
    }
    if (event.duration < 0) {
        d.add("negative-duration", "events with a negative duration were given duration 0");
        event.duration = 0;
    }
    if (event.duration > kMaxTimeNs - event.start) { // cannot overflow: start is a model time
        d.add("end-out-of-range", "events ending more than 146 years from the trace's zero were cut there",
              d.wantsExample("end-out-of-range") ? describe(event) : std::string());
        event.duration = kMaxTimeNs - event.start;
    }
    return true;
}

namespace {

std::uint32_t sourceRecordOf(std::int64_t record)
{
    return record >= 0 && record < std::int64_t(kNoSourceRecord) ? std::uint32_t(record) : kNoSourceRecord;
}

} // namespace

CategoryIndex TraceBuilder::category(std::string_view name)
{
    if (name.empty())
        return 0;
    if (name == m_lastCategoryText && m_lastCategory != 0)
        return m_lastCategory;
    std::vector<StringId> &names = m_trace->categories;
    const StringId id = internName(name);
    auto it = m_categoryByName.find(id);
    if (it == m_categoryByName.end()) {
        CategoryIndex index = kMaxCategories;
        if (names.size() < kMaxCategories) {
            index = static_cast<CategoryIndex>(names.size());
            names.push_back(id);
        } else {
            if (names.size() == kMaxCategories)
                names.push_back(intern("(more categories)"));
            diagnostics().add("category-limit", "events of categories past the 32766th share one category",
                              std::string(name.substr(0, 80)));
        }
        it = m_categoryByName.emplace(id, index).first;
    }
    m_lastCategoryText.assign(name);
    m_lastCategory = it->second;
    return it->second;
}

EventRef TraceBuilder::addEvent(std::uint32_t trackIndex, Event event, std::int64_t sourceRecord)
{
    Track &track = m_trace->tracks[trackIndex];
    if (!fitTimes(event)) {
        m_args.clear();
        return {};
    }
    event.args = m_args.flushTo(track.argBlob, m_trace->argSchemas);
    track.events.push_back(event);
    track.sourceRecords.push_back(sourceRecordOf(sourceRecord));
    return {trackIndex, static_cast<std::uint32_t>(track.events.size() - 1)};
}

EventRef TraceBuilder::addCounterSample(std::uint32_t trackIndex, TimeNs time, double value,
                                        std::int64_t sourceRecord)
{
    Track &track = m_trace->tracks[trackIndex];
    Event e;
    e.start = time;
    e.kind = EventKind::CounterSample;
    e.name = track.name;
    if (!fitTimes(e))
        return {};
    track.events.push_back(e);
    track.counterValues.push_back(value);
    track.sourceRecords.push_back(sourceRecordOf(sourceRecord));
    return {trackIndex, static_cast<std::uint32_t>(track.events.size() - 1)};
}

void TraceBuilder::addFlow(EventRef from, EventRef to, FlowKind kind)
{
    if (!from.isValid() || !to.isValid()) // an end was skipped by addEvent()
        return;
    m_explicitFlows.push_back({from, to, kind});
}

namespace {

// Trimming copies the array; worth it when a 32nd or more is unused (the
// reservation for growth leaves about 5 %).
template<typename T>
void trimIfLoose(std::vector<T> &v)
{
    if (v.capacity() > v.size() + v.size() / 32 + 64)
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
        grow(track.sourceRecords);
        if (!track.counterValues.empty())
            grow(track.counterValues);
    }
    grow(m_flowPoints);
}

std::shared_ptr<Trace> TraceBuilder::finish()
{
    std::vector<std::vector<std::uint32_t>> newIndexOf;
    sortTracks(newIndexOf);
    reserveFlows();
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
    // Last, once the flow points are gone: each trim copies one array.
    for (Track &track : m_trace->tracks) {
        trimIfLoose(track.events);
        trimIfLoose(track.argBlob);
        trimIfLoose(track.counterValues);
        trimIfLoose(track.sourceRecords);
    }
    auto trace = std::move(m_trace);
    m_trace = std::make_shared<Trace>();
    return trace;
}

} // namespace tracelane
