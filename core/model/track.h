#pragma once
// A track is one swimlane: a CPU thread's ops, a thread's ranges (one NVTX
// domain), a thread's CUDA API calls, one GPU stream's work or annotations,
// an async group or a counter.

#include "event.h"
#include "string_table.h"

#include <cstdint>
#include <string_view>
#include <vector>

namespace tracelane {

enum class TrackKind : std::uint8_t {
    CpuThread,    // CPU ops, Python frames, generic slices and instants of a thread
    ThreadRanges, // NVTX / user-annotation ranges of a thread (one per NVTX domain)
    ThreadApi,    // CUDA runtime / driver calls of a thread
    GpuStream,    // kernels, memcpys, memsets, syncs of one (device, stream)
    GpuRanges,    // gpu_user_annotation ranges of one (device, stream)
    Async,        // async slices of a process, grouped by name
    Counter,      // one counter series of a process
    Instants,     // instants of a process (Chrome scope "p"), or of the whole trace (scope "g", no process)
};

std::string_view trackKindName(TrackKind kind);

// What a counter track's values measure: how views print them.
enum class CounterUnit : std::uint8_t {
    Plain, // a number as the file gives it
    Bytes, // a memory size
};

constexpr std::int32_t kNoIndex = -1;
constexpr std::uint32_t kNoSourceRecord = 0xFFFFFFFFu;

struct Track
{
    TrackKind kind = TrackKind::CpuThread;
    StringId name = 0;       // display name, e.g. "CUDA API", "NVTX", "Stream 7"
    std::int32_t process = kNoIndex; // index into Trace::processes
    std::int32_t thread = kNoIndex;  // index into Trace::threads
    std::int32_t stream = kNoIndex;  // index into Trace::streams (GPU tracks)
    StringId domain = 0;     // NVTX domain of a ThreadRanges track, 0 = default
    std::int32_t device = kNoIndex;  // index into Trace::devices: a GPU's own counter (its memory)
    // Made by Tracelane from other events of the file (the memory counters of
    // memory_counters.h), not read from it: exports leave it out.
    bool derived = false;
    CounterUnit counterUnit = CounterUnit::Plain;
    std::uint8_t maxDepth = 0;

    // Sorted by start; equal starts put zero-duration events first, then the
    // longer (enclosing) event before the shorter.
    std::vector<Event> events;
    std::vector<std::uint8_t> argBlob;   // see args.h
    std::vector<double> counterValues;   // Counter tracks: value of events[i]
    // Where events[i] came from in the file, as the importer numbers its records
    // (see docs/CLI.md, "events"): kNoSourceRecord for events made up by the
    // importer. Always as long as `events`.
    std::vector<std::uint32_t> sourceRecords;
};

} // namespace tracelane
