// Memory benchmark: "Where the memory goes" on a large profile_memory trace.
//   bench_memory TRACE
// Loads TRACE, then times collecting the [memory] events, pairing allocations
// with frees and each device's peak, the per-op table and the allocations alive
// at the peak, and making the memory counter tracks (part of every load of such
// a trace). Prints one JSON line; budget: 1 M memory events in under 1 s.
#include "analysis/memory/memory_counters.h"
#include "analysis/memory/memory_summary.h"
#include "analysis/memory/op_memory.h"
#include "import/importer.h"

#include <chrono>
#include <cstdio>
#include <functional>

using namespace tracelane;

namespace {

double timeMs(const std::function<void()> &work)
{
    const auto start = std::chrono::steady_clock::now();
    work();
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

} // namespace

int main(int argc, char **argv)
{
    if (argc != 2) {
        std::fprintf(stderr, "usage: bench_memory TRACE\n");
        return 2;
    }
    const ImportResult loaded = loadTrace(argv[1]);
    if (!loaded.ok()) {
        std::fprintf(stderr, "bench_memory: %s\n", loaded.error.c_str());
        return 3;
    }
    const Trace &trace = *loaded.trace;
    MemoryEvents events;
    MemorySummary summary;
    std::size_t opRows = 0, peakRows = 0;
    const double collectMs = timeMs([&] { events = collectMemoryEvents(trace); });
    const double summaryMs = timeMs([&] {
        summary = summarizeMemory(events);
        memoryTable(summary);
    });
    const double byOpMs = timeMs([&] { opRows = opMemoryTable(memoryByOp(trace, events)).rows.size(); });
    const double peakMs =
        timeMs([&] { peakRows = peakTable(trace, events, summary, allocatingOps(trace, events)).rows.size(); });
    // The counters were made when the file was read: drop them and time making them again
    // (this program holds the only reference to the trace).
    Trace &owned = const_cast<Trace &>(trace);
    while (!owned.tracks.empty() && owned.tracks.back().derived)
        owned.tracks.pop_back();
    std::size_t counterTracks = 0;
    const double countersMs = timeMs([&] { counterTracks = addMemoryCounterTracks(owned); });
    std::printf("{\"counter_tracks\":%zu,\"counters_ms\":%.1f,", counterTracks, countersMs);
    std::printf("\"events\":%llu,\"memory_events\":%zu,\"allocations\":%zu,\"collect_ms\":%.1f,\"summary_ms\":%.1f,"
                "\"memory_ms\":%.1f,\"by_op_ms\":%.1f,\"op_rows\":%zu,\"peak_ms\":%.1f,\"peak_rows\":%zu}\n",
                static_cast<unsigned long long>(trace.eventCount()), events.events.size(), summary.allocations.size(),
                collectMs, summaryMs, collectMs + summaryMs, byOpMs, opRows, peakMs, peakRows);
    return 0;
}
