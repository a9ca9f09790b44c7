// ChromeEventMapper: flow records (bound to the lane they belong on) and the
// process / thread names and sort order from metadata events.
#include "chrome_event_mapper.h"

#include "chrome_categories.h"

#include <algorithm>
#include <charconv>
#include <string_view>
#include <tuple>

namespace tracelane {

void ChromeEventMapper::flow(const RawEvent &event, std::int64_t pid, std::int64_t tid)
{
    const RawId &id = event.id.present ? event.id : event.bindId; // some writers name a v1 id "bind_id"
    if (!id.present) {
        m_builder.diagnostics().add("flow-without-id", "flow events without an id were skipped", location(event));
        return;
    }
    // Kineto's launch arrows: "ac2g" since 2022, "async" named "launch" in the 2021 schema.
    const bool launchArrow = equalsIgnoreCase(event.cat, "ac2g")
                             || (equalsIgnoreCase(event.cat, "async") && event.name == "launch");
    PendingFlow pending{pid, tid, {}, launchArrow, event.byteOffset};
    FlowPoint &p = pending.point;
    p.id = id.isText ? std::hash<std::string>()(id.text) : static_cast<std::uint64_t>(id.number);
    p.category = m_builder.intern(event.cat);
    p.phase = event.ph == "s" ? FlowPhase::Start : event.ph == "t" ? FlowPhase::Step : FlowPhase::End;
    p.time = *event.ts;
    // Chrome binds "f" to the next slice unless "bp":"e" asks for the enclosing one.
    p.bindEnclosing = p.phase != FlowPhase::End || event.bp == "e";
    if (pending.ac2g || event.cat.rfind("cpu_to_", 0) == 0)
        p.kind = FlowKind::Launch;
    else if (equalsIgnoreCase(event.cat, "fwdbwd"))
        p.kind = FlowKind::ForwardBackward;
    if (auto track = flowTrack(pid, tid, pending.ac2g, false)) { // the usual case: bind now, keep nothing
        p.track = *track;
        m_builder.addFlowPoint(p);
        return;
    }
    m_flows.push_back(std::move(pending));
}

// Flow events version 2. The direction says what the slice is: flow_out only
// starts the flow, flow_in and flow_out pass it on, flow_in only receives it.
// Ids are numbers, or hexadecimal text ("0x402", as Perfetto reads them; other
// text is hashed).
ChromeEventMapper::SliceFlow ChromeEventMapper::sliceFlow(const RawEvent &event)
{
    SliceFlow f;
    if (!event.flowIn && !event.flowOut) {
        m_builder.diagnostics().add("flow-without-direction",
                                    "slices with a \"bind_id\" but neither \"flow_in\" nor \"flow_out\" got no arrow",
                                    location(event));
        return f;
    }
    const RawId &id = event.bindId;
    if (!id.isText) {
        f.id = static_cast<std::uint64_t>(id.number);
    } else {
        std::string_view hex = id.text;
        if (hex.size() > 2 && hex[0] == '0' && (hex[1] == 'x' || hex[1] == 'X'))
            hex.remove_prefix(2);
        const auto [end, ec] = std::from_chars(hex.data(), hex.data() + hex.size(), f.id, 16);
        if (hex.empty() || ec != std::errc() || end != hex.data() + hex.size())
            f.id = std::hash<std::string>()(id.text);
    }
    f.time = *event.ts;
    f.arrival = m_sliceFlowArrivals++;
    f.phase = event.flowIn && event.flowOut ? FlowPhase::Step : event.flowOut ? FlowPhase::Start : FlowPhase::End;
    f.present = true;
    return f;
}

void ChromeEventMapper::addSliceFlow(const SliceFlow &flow, EventRef slice)
{
    if (flow.present && slice.isValid()) // a slice the builder skipped carries no flow
        m_sliceFlows.push_back({flow, slice});
}

// Chains each id's endpoints in time order, as Perfetto does: a step or an end
// links from the last start or step; ends do not close the flow, so several
// ends may follow one start; a second start while one is open is ignored.
// O(n log n) in the endpoints.
void ChromeEventMapper::linkSliceFlows()
{
    auto &points = m_sliceFlows;
    std::sort(points.begin(), points.end(), [](const BoundSliceFlow &a, const BoundSliceFlow &b) {
        return std::tie(a.flow.id, a.flow.time, a.flow.arrival) < std::tie(b.flow.id, b.flow.time, b.flow.arrival);
    });
    std::uint64_t withoutStart = 0, duplicateStarts = 0;
    for (std::size_t i = 0; i < points.size();) {
        std::optional<EventRef> previous;
        std::size_t j = i;
        for (; j < points.size() && points[j].flow.id == points[i].flow.id; ++j) {
            const BoundSliceFlow &p = points[j];
            if (p.flow.phase == FlowPhase::Start) {
                if (previous)
                    ++duplicateStarts;
                else
                    previous = p.slice;
                continue;
            }
            if (!previous) {
                ++withoutStart;
                continue;
            }
            if (!(*previous == p.slice))
                m_builder.addFlow(*previous, p.slice, FlowKind::Generic);
            if (p.flow.phase == FlowPhase::Step)
                previous = p.slice;
        }
        i = j;
    }
    if (withoutStart)
        m_builder.diagnostics().add("flow-without-start", "flow ends or steps with no matching start (kept no arrow)",
                                    {}, withoutStart);
    if (duplicateStarts)
        m_builder.diagnostics().add("flow-duplicate-start",
                                    "flow starts (\"flow_out\") for an id already started were ignored", {},
                                    duplicateStarts);
    std::vector<BoundSliceFlow>().swap(m_sliceFlows);
}

void ChromeEventMapper::metadataEvent(const RawEvent &event, std::int64_t pid, std::int64_t tid)
{
    const RawArg *name = event.findArg("name");
    const RawArg *labels = event.findArg("labels");
    const RawArg *sortIndex = event.findArg("sort_index");
    if (event.name == "process_name" && name && name->kind == RawArg::Kind::String)
        m_processNames[pid].name = name->text;
    else if (event.name == "process_labels" && labels && labels->kind == RawArg::Kind::String)
        m_processNames[pid].label = labels->text;
    else if (event.name == "process_sort_index" && sortIndex && sortIndex->kind == RawArg::Kind::Int)
        m_processNames[pid].sortIndex = sortIndex->i;
    else if (event.name == "thread_name" && name && name->kind == RawArg::Kind::String)
        m_threadNames[{pid, tid}].name = name->text;
    else if (event.name == "thread_sort_index" && sortIndex && sortIndex->kind == RawArg::Kind::Int)
        m_threadNames[{pid, tid}].sortIndex = sortIndex->i;
}

std::optional<std::uint32_t> ChromeEventMapper::flowTrack(std::int64_t pid, std::int64_t tid, bool ac2g,
                                                          bool anyLane) const
{
    if (auto gpu = m_gpuTrackByPidTid.find({pid, tid}); gpu != m_gpuTrackByPidTid.end())
        return gpu->second;
    auto thread = m_threads.find({pid, tid});
    if (thread == m_threads.end())
        return std::nullopt;
    // ac2g starts sit on CUDA API calls; other flows on CPU ops, else any lane of the thread.
    const TrackKind preferred = ac2g ? TrackKind::ThreadApi : TrackKind::CpuThread;
    if (!anyLane)
        return m_builder.findThreadTrack(thread->second, preferred);
    for (TrackKind kind : {preferred, TrackKind::CpuThread, TrackKind::ThreadApi, TrackKind::ThreadRanges})
        if (auto track = m_builder.findThreadTrack(thread->second, kind))
            return track;
    return std::nullopt;
}

void ChromeEventMapper::resolveFlows()
{
    for (PendingFlow &f : m_flows) {
        const auto track = flowTrack(f.pid, f.tid, f.ac2g, true);
        if (!track) {
            m_builder.diagnostics().add("flow-unbound", "flow events with no slice at their time on their thread",
                                        "byte " + std::to_string(f.location));
            continue;
        }
        f.point.track = *track;
        m_builder.addFlowPoint(f.point);
    }
    std::vector<PendingFlow>().swap(m_flows);
}

void ChromeEventMapper::applyNames()
{
    for (const auto &[pid, index] : m_processes) {
        auto it = m_processNames.find(pid);
        if (it == m_processNames.end())
            continue;
        Process &p = m_builder.processAt(index);
        if (!it->second.name.empty())
            p.name = m_builder.internName(it->second.name);
        if (!it->second.label.empty())
            p.label = m_builder.internName(it->second.label);
        if (it->second.sortIndex)
            p.sortIndex = *it->second.sortIndex;
    }
    for (const auto &[key, index] : m_threads) {
        auto it = m_threadNames.find(key);
        if (it == m_threadNames.end())
            continue;
        Thread &t = m_builder.threadAt(index);
        if (!it->second.name.empty())
            t.name = m_builder.internName(it->second.name);
        if (it->second.sortIndex)
            t.sortIndex = *it->second.sortIndex;
    }
}

} // namespace tracelane
