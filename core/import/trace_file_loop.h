#pragma once
// Many trace files, each loaded, handed to the caller while whole, and released
// before the next is taken unless the caller keeps it: the loop under the rank
// reduction (hundreds of ranks in the memory of two) and the group loader (the
// ranks of one window). Files load `parallelLoads` at a time: a load keeps
// little more than one core busy, so a second fills the gap; more would only
// add their buffers to the peak.

#include "importer.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace tracelane {

struct TraceFileObserver
{
    // A file's progress (index into the paths given), from the loading threads;
    // (1, 1) when it is done.
    std::function<void(std::size_t file, std::uint64_t done, std::uint64_t total)> progress;
    std::function<bool()> cancelled; // polled while loading; may be empty
};

struct TraceFileFailure
{
    std::string path;
    std::string error; // names the file
};

struct TraceFileLoop
{
    std::vector<TraceFileFailure> failures; // in path order
    std::vector<std::string> warnings;      // truncated files, one line each
    bool cancelled = false;
};

// `use(index, trace)` runs on the loading thread; keeping the shared_ptr keeps the trace.
TraceFileLoop forEachTraceFile(const std::vector<std::string> &paths,
                               const std::function<void(std::size_t, const std::shared_ptr<const Trace> &)> &use,
                               const TraceFileObserver &observer = {}, std::size_t parallelLoads = 2);

} // namespace tracelane
