#pragma once
// The loaded trace. Built once by TraceBuilder, then immutable: views and
// analyses only read it, so they may run on worker threads without locks.

#include "args.h"
#include "diagnostics.h"
#include "event.h"
#include "string_table.h"
#include "track.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace tracelane {

struct MemorySnapshot; // import/snapshot/memory_snapshot.h

struct Process
{
    std::int64_t pid = 0;      // OS pid, or a synthetic id for named pids ("Spans")
    StringId name = 0;         // process_name metadata or the named pid
    StringId label = 0;        // process_labels ("CPU", "GPU 0")
    std::int64_t sortIndex = 0;
};

struct Thread
{
    std::int32_t process = kNoIndex;
    std::int64_t tid = 0;
    StringId name = 0;
    std::int64_t sortIndex = 0;
};

struct GpuDevice
{
    std::int32_t id = 0;       // device ordinal as the profiler reports it
    StringId name = 0;         // "NVIDIA H100 80GB HBM3"; 0 if unknown
};

struct Stream
{
    std::int32_t device = kNoIndex; // index into Trace::devices
    std::int64_t streamId = 0;
};

enum class FlowKind : std::uint8_t {
    Launch,          // CUDA API call -> kernel / memcpy / memset (correlation id)
    ForwardBackward, // forward op -> its backward op
    Generic,         // any other Chrome-trace flow
};

struct Flow
{
    EventRef from;
    EventRef to;
    FlowKind kind = FlowKind::Generic;
};

struct EventCounts
{
    std::uint64_t events = 0; // every event on every track
    std::uint64_t cpuOps = 0, ranges = 0, apiCalls = 0, kernels = 0, memcpys = 0, memsets = 0;
    std::uint64_t flows = 0, threads = 0, streams = 0;
};

struct SourceInfo
{
    std::string path;
    std::string format;        // importer id, e.g. "chrome-json"
    std::string formatName;    // for people, e.g. "PyTorch profiler (Kineto) trace"
    std::uint64_t fileBytes = 0;
    double loadSeconds = 0.0;
    std::vector<std::pair<std::string, std::string>> metadata; // top-level facts (versions...)
};

// One of several traces shown as one (trace_merge.h): its tracks, processes,
// threads, devices and streams are contiguous index ranges of the merged trace.
struct TracePart
{
    std::string label;       // the rank ("rank 3"), else the file name: its lane group's title
    std::optional<std::int64_t> rank;
    SourceInfo source;       // the file as it was loaded
    std::uint32_t firstTrack = 0, endTrack = 0;
    std::int32_t firstProcess = 0, firstThread = 0, firstDevice = 0, firstStream = 0;
    TimeNs shift = 0;        // added to the file's times to place it on the common time base
    CorrelationId correlationOffset = 0; // added to its correlation ids so they stay unique
};

class Trace
{
public:
    StringTable strings;
    std::vector<Process> processes;
    std::vector<Thread> threads;
    std::vector<GpuDevice> devices;
    std::vector<Stream> streams;
    std::vector<Track> tracks;
    ArgSchemas argSchemas;                // shared by every track's argument blob
    std::vector<StringId> categories{0};  // Event::category -> name; [0] is "no category"
    std::vector<Flow> flows;              // sorted by `from`
    std::vector<std::uint32_t> flowsByTo; // indices into flows, sorted by `to`
    Diagnostics diagnostics;
    SourceInfo source;
    TimeNs startNs = 0; // earliest event start (0 for an empty trace)
    TimeNs endNs = 0;   // latest event end
    std::vector<TracePart> parts; // empty for one trace; by rank for several merged into one
    // The parsed file of a PyTorch memory snapshot (segments, blocks, per-device
    // allocator traces), for the snapshot analyses and views; null for every
    // other format and for merged traces. See docs/DECISIONS_INPUTS.md.
    std::shared_ptr<const MemorySnapshot> memorySnapshot;

    // The part holding `track`; null for a trace that is not merged from several.
    const TracePart *partOfTrack(std::uint32_t track) const;

    const Event &event(EventRef ref) const { return tracks[ref.track].events[ref.index]; }
    std::string_view name(EventRef ref) const { return strings.view(event(ref).name); }
    std::string_view category(const Event &e) const
    {
        return e.category < categories.size() ? strings.view(categories[e.category]) : std::string_view();
    }
    // kNoSourceRecord when the importer made the event up.
    std::uint32_t sourceRecord(EventRef ref) const
    {
        const auto &records = tracks[ref.track].sourceRecords;
        return ref.index < records.size() ? records[ref.index] : kNoSourceRecord;
    }
    std::vector<Arg> args(EventRef ref) const;
    std::optional<ArgValue> arg(EventRef ref, std::string_view key) const;

    std::span<const Flow> flowsFrom(EventRef ref) const;
    std::vector<const Flow *> flowsTo(EventRef ref) const;

    // The file's events: derived tracks (Track::derived) are left out.
    EventCounts counts() const;
    std::uint64_t eventCount() const;
    std::uint64_t memoryBytes() const; // resident size of the model, for budgets
    bool isEmpty() const { return eventCount() == 0; }
};

} // namespace tracelane
