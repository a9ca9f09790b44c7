#pragma once
// The only way to make a Trace. Importers add processes, threads, GPU streams,
// events (in any order) and flow endpoints; finish() sorts every track, computes
// nesting depths, links launches to GPU work by correlation id, binds flows to
// events and hands back the immutable trace.

#include "args.h"
#include "trace.h"

#include <map>
#include <optional>
#include <memory>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace tracelane {

enum class FlowPhase : std::uint8_t { Start, Step, End };

// One Chrome-trace flow event (ph s/t/f), bound to a slice when the trace is finished.
// 32 bytes: a Kineto trace has about one flow record for every two events.
struct FlowPoint
{
    std::uint64_t id = 0;
    TimeNs time = 0;
    StringId category = 0;
    std::uint32_t track = 0;
    FlowPhase phase = FlowPhase::Start;
    bool bindEnclosing = true; // s/t always; f only with "bp":"e", else the next slice
    FlowKind kind = FlowKind::Generic;
    std::uint32_t arrival = 0; // set by addFlowPoint(); in the padding, so sorting needs no stable buffer
};
static_assert(sizeof(FlowPoint) <= 32);

class TraceBuilder
{
public:
    // Names longer than this are cut (and counted): a multi-megabyte name helps no one.
    static constexpr std::size_t kMaxNameLength = 64 * 1024;

    TraceBuilder();

    StringTable &strings() { return m_trace->strings; }
    StringId intern(std::string_view text) { return m_trace->strings.intern(text); }
    StringId intern(std::string_view text, std::uint64_t hash) { return m_trace->strings.intern(text, hash); }
    StringId internName(std::string_view text);
    StringId internName(std::string_view text, std::uint64_t hash); // hash: StringTable::hashOf(text)
    Diagnostics &diagnostics() { return m_trace->diagnostics; }
    SourceInfo &source() { return m_trace->source; }
    // The snapshot a memory-snapshot import read, kept with the trace (Trace::memorySnapshot).
    void setMemorySnapshot(std::shared_ptr<const MemorySnapshot> snapshot)
    {
        m_trace->memorySnapshot = std::move(snapshot);
    }

    std::int32_t process(std::int64_t pid);
    std::int32_t namedProcess(std::string_view name); // pid written as a string
    Process &processAt(std::int32_t index) { return m_trace->processes[index]; }
    std::int32_t thread(std::int32_t process, std::int64_t tid);
    Thread &threadAt(std::int32_t index) { return m_trace->threads[index]; }
    std::int32_t device(std::int32_t id);
    GpuDevice &deviceAt(std::int32_t index) { return m_trace->devices[index]; }
    std::int32_t stream(std::int32_t device, std::int64_t streamId);

    std::uint32_t threadTrack(std::int32_t thread, TrackKind kind, StringId domain = 0);
    std::optional<std::uint32_t> findThreadTrack(std::int32_t thread, TrackKind kind, StringId domain = 0) const;
    std::uint32_t streamTrack(std::int32_t stream, TrackKind kind);
    // Async, Counter, Instants; `process` is kNoIndex for a track of the whole trace.
    std::uint32_t processTrack(std::int32_t process, TrackKind kind, StringId name);
    Track &trackAt(std::uint32_t index) { return m_trace->tracks[index]; }
    std::size_t trackCount() const { return m_trace->tracks.size(); }

    // Arguments for the next addEvent(); it flushes them into the event's track.
    ArgWriter &args() { return m_args; }
    // The index of a category name for Event::category (0 for ""). Past
    // kMaxCategories - 1 distinct names, the rest share one "(more categories)".
    CategoryIndex category(std::string_view name);
    // The reference is valid for addFlow() until finish() re-sorts the tracks.
    // Times must lie within ±kMaxTimeNs (time_math.h): an event starting outside
    // is skipped (an invalid reference is returned), one ending outside is cut at
    // the limit, a negative duration becomes 0; each is counted in diagnostics().
    // `sourceRecord` numbers the record the event came from (Track::sourceRecords);
    // negative or past 32 bits: none.
    EventRef addEvent(std::uint32_t track, Event event, std::int64_t sourceRecord = -1);
    // The sample's reference, invalid when its time is out of range (skipped, counted).
    EventRef addCounterSample(std::uint32_t track, TimeNs time, double value, std::int64_t sourceRecord = -1);

    void addFlow(EventRef from, EventRef to, FlowKind kind);
    void addFlowPoint(const FlowPoint &point)
    {
        m_flowPoints.push_back(point);
        m_flowPoints.back().arrival = static_cast<std::uint32_t>(m_flowPoints.size() - 1);
    }
    // Grows every track's storage to `factor` times what it holds now, once an
    // importer can estimate the final size: avoids doubling growth (up to 2x the
    // memory) and the copy that trims it afterwards.
    void reserveForGrowth(double factor);
    // Launch flows from CUDA API calls to GPU work sharing a correlation id (default on).
    void setLinkByCorrelation(bool on) { m_linkByCorrelation = on; }
    // What a thread's API lane is called: "CUDA API" unless the importer knows better
    // ("OpenCL API", "MTIA runtime"). Applies to lanes created afterwards.
    void setApiLaneName(std::string_view name) { m_apiLaneName = std::string(name); }

    std::shared_ptr<Trace> finish();

private:
    bool fitTimes(Event &event); // false: skip the event
    std::string describe(const Event &event) const;
    void sortTracks(std::vector<std::vector<std::uint32_t>> &newIndexOf);
    void computeDepths(Track &track);
    void assignAsyncLanes(Track &track);
    void reserveFlows();
    void bindFlowPoints();
    void linkCorrelations();
    void indexFlows();

    std::shared_ptr<Trace> m_trace;
    ArgWriter m_args;
    std::unordered_map<std::int64_t, std::int32_t> m_processByPid;
    std::unordered_map<std::string, std::int32_t> m_processByName;
    std::map<std::pair<std::int32_t, std::int64_t>, std::int32_t> m_threadByKey;
    std::unordered_map<std::int32_t, std::int32_t> m_deviceById;
    std::map<std::pair<std::int32_t, std::int64_t>, std::int32_t> m_streamByKey;
    std::map<std::tuple<int, std::int32_t, std::uint32_t>, std::uint32_t> m_trackByKey;
    std::unordered_map<StringId, CategoryIndex> m_categoryByName;
    std::string m_lastCategoryText; // events of one category come in runs: skip the lookup
    CategoryIndex m_lastCategory = 0;
    std::vector<Flow> m_explicitFlows;
    std::vector<FlowPoint> m_flowPoints;
    bool m_linkByCorrelation = true;
    std::string m_apiLaneName = "CUDA API";
    std::int64_t m_nextSyntheticPid = -1;
};

} // namespace tracelane
