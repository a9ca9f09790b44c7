#pragma once
// Perfetto tracks (TrackDescriptor, by uuid) and where their events land in
// the model. The rules (docs/INPUT_PERFETTO.md):
//  - a thread track, or a track under one, belongs to that thread; its events
//    take the thread's lane their category names (CPU ops, ranges, API calls);
//  - a track named like GPU hardware (GPU, agent, device, queue, stream), or
//    under one, and not under a thread, is a GPU stream: device and stream
//    numbers come from the names ("GPU 0", "Queue 3");
//  - a counter track is a counter of its process (or of the whole trace);
//  - any other track (process tracks, custom tracks) holds async slices and
//    instants of its process, or of the whole trace.

#include "import/protobuf/proto_wire.h"
#include "model/trace_builder.h"

#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>

namespace tracelane {

struct PerfettoTrackInfo
{
    std::uint64_t parent = 0;
    std::string name;
    bool hasProcess = false, hasThread = false, isCounter = false;
    std::int64_t pid = 0, tid = 0;
    std::string processName, threadName;
    bool counterBytes = false;
    std::int64_t unitMultiplier = 1;
    bool incremental = false;
    friend bool operator==(const PerfettoTrackInfo &, const PerfettoTrackInfo &) = default;
};

// Where a Perfetto track's events go.
struct PerfettoBinding
{
    // Made on first use (PerfettoTracks::threadOf / processOf): a thread track
    // whose events all go to GPU streams (Kineto's GPU rows) adds no thread.
    bool hasThread = false, hasProcess = false;
    std::int64_t pid = 0, tid = 0;
    std::string threadName;
    std::int32_t thread = kNoIndex;
    std::int32_t process = kNoIndex;
    bool gpu = false;
    std::int64_t device = 0, stream = 0; // GPU tracks; for a thread track: pid and tid (Kineto's GPU rows)
    StringId name = 0;
    bool counter = false, counterBytes = false, incremental = false;
    std::int64_t unitMultiplier = 1;
    std::uint32_t counterTrack = 0xFFFFFFFFu; // made on the first value
    std::uint32_t lanes[3] = {0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu}; // thread lanes: CPU, ranges, API
};

class PerfettoTracks
{
public:
    explicit PerfettoTracks(TraceBuilder &builder) : m_builder(builder) {}

    void describe(ProtoReader descriptor);
    PerfettoBinding &binding(std::uint64_t uuid);
    std::int32_t threadOf(PerfettoBinding &binding);  // the thread's index
    std::int32_t processOf(PerfettoBinding &binding); // kNoIndex: a track of the whole trace
    bool described(std::uint64_t uuid) const { return m_info.count(uuid) != 0; }
    std::size_t describedCount() const { return m_info.size(); }

private:
    const PerfettoTrackInfo *info(std::uint64_t uuid) const;
    PerfettoBinding resolve(std::uint64_t uuid);
    std::int32_t process(std::int64_t pid);
    std::int32_t thread(std::int64_t pid, std::int64_t tid, const std::string &name);

    TraceBuilder &m_builder;
    std::unordered_map<std::uint64_t, PerfettoTrackInfo> m_info;
    std::unordered_map<std::uint64_t, PerfettoBinding> m_bindings;
    std::unordered_map<std::int64_t, std::string> m_processNames;
    std::unordered_map<std::int64_t, std::int32_t> m_processes;
    std::map<std::pair<std::int64_t, std::int64_t>, std::int32_t> m_threads;
    std::unordered_map<std::int64_t, std::int32_t> m_nextStream; // per GPU device, for unnumbered queues
};

} // namespace tracelane
