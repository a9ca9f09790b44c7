// ChromeEventMapper: flow records (bound to the lane they belong on) and the
// process / thread names and sort order from metadata events.
#include "chrome_event_mapper.h"

#include "chrome_categories.h"

namespace tracelane {

void ChromeEventMapper::flow(const RawEvent &event, std::int64_t pid, std::int64_t tid)
{
    if (!event.id.present) {
        m_builder.diagnostics().add("flow-without-id", "flow events without an id were skipped", location(event));
        return;
    }
    PendingFlow pending{pid, tid, {}, equalsIgnoreCase(event.cat, "ac2g"), event.byteOffset};
    FlowPoint &p = pending.point;
    p.id = event.id.isText ? std::hash<std::string>()(event.id.text) : static_cast<std::uint64_t>(event.id.number);
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
