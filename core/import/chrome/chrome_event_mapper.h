#pragma once
// Maps Chrome-trace events onto the model: which track an event belongs to,
// what kind it is, begin/end and async pairing, counters, flow endpoints and
// process / thread metadata. Categories are those of the PyTorch profiler
// (Kineto), the legacy autograd profiler and generic Chrome traces; see
// docs/FORMATS.md in the shared material and docs/IMPORT_RULES.md.

#include "model/trace_builder.h"
#include "raw_event.h"

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

namespace tracelane {

class ChromeEventMapper
{
public:
    explicit ChromeEventMapper(TraceBuilder &builder);

    void map(const RawEvent &event);
    void metadata(const std::string &key, const std::string &value);
    void device(std::int64_t id, const std::string &name);
    // Closes what is still open, binds flows and applies names; call once at the end.
    void finish();

private:
    void noteTime(TimeNs start, TimeNs end); // keeps m_latest
    struct Placement; // where a slice goes and what it is
    // A flow endpoint carried by an X or B slice (flow events version 2:
    // "bind_id" with "flow_in" / "flow_out"). It binds to that very slice.
    struct SliceFlow
    {
        std::uint64_t id = 0;
        TimeNs time = 0;
        std::uint32_t arrival = 0; // file order, for ties
        FlowPhase phase = FlowPhase::Start;
        bool present = false;
    };
    struct OpenSlice
    {
        std::uint32_t track;
        TimeNs start;
        StringId name;
        EventKind kind;
        CorrelationId correlation;
        std::vector<Arg> args;
        SliceFlow flow = {};
        CategoryIndex category = 0;
        std::uint64_t source = 0; // the B (or b) event's index
    };
    struct BoundSliceFlow
    {
        SliceFlow flow;
        EventRef slice;
    };
    struct PendingFlow // a flow on a thread or stream not seen yet
    {
        std::int64_t pid, tid;
        FlowPoint point;
        bool ac2g;
        std::uint64_t location;
    };

    std::int64_t pidValue(const RawId &pid);
    std::int64_t tidValue(const RawId &tid, std::int64_t pid);
    std::int32_t processIndex(std::int64_t pid);
    std::int32_t threadIndex(std::int64_t pid, std::int64_t tid);
    Placement place(const RawEvent &event, std::int64_t pid, std::int64_t tid);
    std::uint32_t laneTrack(std::int32_t thread, TrackKind kind);
    std::uint32_t gpuTrack(std::int64_t device, std::int64_t stream, TrackKind kind, std::int64_t pid,
                           std::int64_t tid);
    StringId eventName(const RawEvent &event); // interned, with the parser's hash when it has one
    StringId readableKernelName(StringId name); // demangled when it is a mangled symbol (chrome_kernel_names.cpp)
    StringId argText(const RawArg &arg);
    CorrelationId collectArgs(const RawEvent &event, std::vector<Arg> *keep);
    void addSlice(const RawEvent &event, std::int64_t pid, std::int64_t tid, TimeNs start, TimeNs duration);
    void scopedInstant(const RawEvent &event, std::int64_t pid);
    void beginSlice(const RawEvent &event, std::int64_t pid, std::int64_t tid);
    void endSlice(const RawEvent &event, std::int64_t pid, std::int64_t tid);
    void asyncEvent(const RawEvent &event, std::int64_t pid);
    void counter(const RawEvent &event, std::int64_t pid);
    void flow(const RawEvent &event, std::int64_t pid, std::int64_t tid);
    SliceFlow sliceFlow(const RawEvent &event);
    void addSliceFlow(const SliceFlow &flow, EventRef slice);
    void linkSliceFlows();
    void metadataEvent(const RawEvent &event, std::int64_t pid, std::int64_t tid);
    std::string location(const RawEvent &event) const;
    std::optional<std::uint32_t> flowTrack(std::int64_t pid, std::int64_t tid, bool ac2g, bool anyLane) const;
    void resolveFlows();
    void applyNames();

    TraceBuilder &m_builder;
    std::map<std::string, std::int64_t> m_textPids;
    std::map<std::pair<std::int64_t, std::string>, std::int64_t> m_textTids;
    std::map<std::int64_t, std::string> m_pidText;
    std::map<std::pair<std::int64_t, std::int64_t>, std::string> m_tidText;
    std::unordered_map<std::int64_t, std::int32_t> m_processes;
    std::map<std::pair<std::int64_t, std::int64_t>, std::int32_t> m_threads;
    std::map<std::tuple<std::int64_t, std::int64_t, int>, std::uint32_t> m_gpuTracks;
    std::map<std::pair<std::int64_t, std::int64_t>, std::uint32_t> m_gpuTrackByPidTid;
    std::map<std::pair<std::int64_t, std::int64_t>, std::vector<OpenSlice>> m_openSlices;
    std::map<std::tuple<std::int64_t, std::string, std::string, std::string>, std::vector<OpenSlice>> m_openAsync;
    std::vector<PendingFlow> m_flows;
    std::vector<BoundSliceFlow> m_sliceFlows;
    std::uint32_t m_sliceFlowArrivals = 0;

    struct Names
    {
        std::string name, label;
        std::optional<std::int64_t> sortIndex;
    };
    std::map<std::int64_t, Names> m_processNames;
    std::map<std::pair<std::int64_t, std::int64_t>, Names> m_threadNames;

    // Last thread looked up: consecutive events are usually on one thread.
    std::int64_t m_lastPid = 0, m_lastTid = 0;
    std::int32_t m_lastThread = -1;
    TimeNs m_latest = 0; // the latest time an event reached: where unclosed slices end
    std::int64_t m_nextSyntheticId = -1000000;
    StringId m_correlationKey = 0;
    StringId m_mangledNameKey = 0;
    std::unordered_map<StringId, StringId> m_demangledNames; // by the mangled name
    static constexpr std::uint32_t kNoTrack = 0xFFFFFFFFu;
    std::vector<std::array<std::uint32_t, 3>> m_laneTracks; // per thread: CPU ops, ranges, API calls
    std::string m_lastCategoryText = "\x01"; // never a real category
    std::uint8_t m_lastLane = 0;
    EventKind m_lastKind = EventKind::Slice;
};

} // namespace tracelane
