#pragma once
// Several trace files opened as one: the ranks of a distributed run side by
// side. Loads the files two at a time (a load keeps little more than one core
// busy), summarises each rank as soon as its trace has loaded, aligns their
// clocks and merges them, in rank order, into one trace (trace_merge.h). A
// file that cannot be loaded is left out and said in the merged trace's
// warnings; the group fails only when none loads.

#include "rank_summary.h"
#include "trace_alignment.h"

#include "import/trace_file_loop.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace tracelane {

// A file's progress (two files at a time, from the loading threads) and a cancel poll.
using TraceGroupObserver = TraceFileObserver;

struct TraceGroup
{
    std::shared_ptr<Trace> trace; // merged; null on failure or cancel
    RankSummary ranks;            // rows in the order of trace->parts
    Alignment alignment;
    std::string error;            // when no file loaded: every file's error, one per line
    bool cancelled = false;
};

// `title`: the merged trace's source path, e.g. the folder the files came from.
TraceGroup loadTraceGroup(const std::vector<std::string> &paths, TimeAlignment alignment, const std::string &title,
                          const TraceGroupObserver &observer = {});

// The trace files of a folder (Chrome/Kineto JSON, .json.gz, Nsight Systems
// and nvprof SQLite, RPD, rocpd, .xplane.pb, Perfetto), sorted by name; not
// recursive. A TensorBoard log folder without such files stands for its newest
// profile run (plugins/profile/<run>/).
std::vector<std::string> traceFilesInFolder(const std::string &folder);

} // namespace tracelane
