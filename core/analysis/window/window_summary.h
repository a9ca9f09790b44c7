#pragma once
// What lies inside a time window on a set of tracks (the timeline's area
// selection, `tracelane-cli window`): per lane kind and name the count and the
// time each instance spends inside the window (clipped at its edges), plus how
// long the GPU was busy within it.
//
// Python frames are a group of their own ("Python"), apart from the operators
// they call, as Perfetto and Nsight Systems keep them: a frame encloses the
// operators below it, so adding both into "CPU ops" would count that time twice.

#include "export/table.h"
#include "window_events.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace tracelane {

enum class WindowGroup : std::uint8_t { CpuOps, Python, Ranges, ApiCalls, Kernels, MemoryOps, Other };
constexpr int kWindowGroupCount = 7;

// "CPU ops", "Python", "Ranges", "API calls", "Kernels", "Memory ops", "Other".
std::string_view windowGroupName(WindowGroup group);
// The group of an event: CPU ops (CpuOp, and generic slices on CPU threads),
// Python (PythonFunction), Ranges (Range, GpuRange, Async), API calls,
// Kernels, Memory ops (Memcpy, Memset), Other (syncs, instants, the rest).
WindowGroup windowGroupOf(TrackKind track, EventKind event);

struct WindowRow
{
    WindowGroup group = WindowGroup::Other;
    StringId name = 0;
    std::int64_t count = 0;
    TimeNs total = 0; // sum of the clipped times, saturated at the int64 limits
    double mean = 0.0;
    TimeNs min = 0;
    TimeNs max = 0;
};

struct WindowSummary
{
    TimeWindow window;
    std::size_t trackCount = 0; // the lanes asked about (all tracks when none were named)
    std::size_t gpuStreams = 0; // GPU streams of the trace; busy and idle mean nothing without one
    // The union of kernels, memcpys and memsets on all GPU streams (whatever
    // the tracks asked about), clipped to the window; idle = window - busy.
    TimeNs gpuBusy = 0;
    TimeNs gpuIdle = 0;
    std::vector<WindowRow> rows; // total descending, then group, then name
};

// `tracks` empty means every track; unknown and repeated indices are ignored.
WindowSummary summarizeWindow(const Trace &trace, const DepthIndex &index, TimeWindow window,
                              std::span<const std::uint32_t> tracks = {});

// The instances behind one row, by track then start.
std::vector<EventRef> windowInstances(const Trace &trace, const DepthIndex &index, TimeWindow window,
                                      std::span<const std::uint32_t> tracks, WindowGroup group, StringId name);

// Kind,Name,Count,Total (ns),Mean (ns),Min (ns),Max (ns)
// The tracks a selection covers, in order, each once: `tracks` without ids the
// trace lacks, or every track when `tracks` is empty (a selection of all lanes).
std::vector<std::uint32_t> selectedTracks(const Trace &trace, std::span<const std::uint32_t> tracks);

Table windowSummaryTable(const Trace &trace, const WindowSummary &summary);

} // namespace tracelane
