#pragma once
// NVTX ranges projected onto the GPU; same definition as
// `nsys stats -r nvtx_gpu_proj_trace`:
// - a range's GPU operations are the kernels, memcpys and memsets launched by
//   API calls that lie inside the range on the range's own thread;
// - the projection spans from the first operation's start to the last one's end;
// - only ranges with at least one GPU operation are listed;
// - the parent of a range is the tightest range enclosing it on the same thread
//   (ranges without GPU work count for levels and stacks), NumChild counts the
//   children that are listed themselves;
// - rows are ordered by projected start, then longer projection first, then RangeId.

#include "range_instances.h"

#include "export/table.h"

#include <string>
#include <vector>

namespace tracelane {

struct ProjectedRange
{
    std::size_t range = 0; // index into RangeProjection::ranges
    TimeNs projectedStart = 0;
    TimeNs projectedEnd = 0;
    std::int64_t gpuOps = 0;   // launching API calls with GPU work (nsys counts correlation ids)
    std::int64_t level = 0;    // 0 = outermost
    std::int64_t children = 0; // listed direct children
    std::int64_t parentId = 0; // RangeId of the enclosing range, 0 = none
    std::string stack;         // ":<outermost id>:...:<own id>"; ":...:" + the innermost 32 ids when deeper

    TimeNs projectedDuration() const { return projectedEnd - projectedStart; }
};

struct RangeProjection
{
    std::vector<RangeInstance> ranges; // every range, as collectRanges() gives them
    std::vector<ProjectedRange> rows;  // ranges with GPU work, in report order
};

RangeProjection projectRanges(const Trace &trace);

Table rangeProjectionTraceTable(const Trace &trace, const RangeProjection &projection);

} // namespace tracelane
