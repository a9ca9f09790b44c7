#pragma once
// Operators at one nesting depth, where depth counts operators only: CPU ops
// among CPU ops, ranges among ranges. Python frames (python_function events of
// a with_stack=True recording) and generic slices between two CPU ops are not
// a level, so depth 0 is the outermost CPU ops whatever Python frames lie above
// them; ranges of every NVTX domain on a thread nest together (a cuBLAS range
// inside "FWD pass" is a level below it). Event::depth cannot serve: it counts
// every slice on the track, Python frames included.
//
// Ops at one depth of a thread never overlap: an op still open pushes the next
// one a level deeper. O(n log n) for the n events of that kind (each thread's
// tracks are merged by a sort), then one pass with a stack of open ops.

#include "model/trace.h"

#include <vector>

namespace tracelane {

struct DepthOp
{
    EventRef ref;
    EventRef parent; // the enclosing op one level up; invalid at depth 0
};

// The `kind` events at `depth` on the `trackKind` tracks of each thread, one
// list per thread that has any, each in start order. With `lookThrough`
// (indexed by StringId), events whose name it marks are no level and not
// listed: what they hold takes their depth (wrapper_ops.h). `lookedThrough`,
// if given, counts those that held an op at `depth`, by name.
std::vector<std::vector<DepthOp>> opsAtDepth(const Trace &trace, TrackKind trackKind, EventKind kind, int depth,
                                             const std::vector<bool> *lookThrough = nullptr,
                                             std::vector<std::int64_t> *lookedThrough = nullptr);

} // namespace tracelane
