#pragma once
// What HTA's critical path looks up about kernel launches over the whole trace
// (internal to hta_critical_path*.cpp): the queue length of each stream at each
// launch and each GPU row (TraceCounters), the launch before each
// cudaEventRecord on the recorded stream, and the launch after each
// cudaStreamWaitEvent from the same thread onto the waiting stream. HTA sorts
// these tables by time with numpy's unstable quicksort; so does this.

#include "hta_cp_frame.h"

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace tracelane::htacp {

struct Launches
{
    std::string error; // why HTA fails on these tables
    // Queue length after each launch call and GPU row it counts, by row position in the frame.
    std::vector<std::optional<std::int64_t>> queueLength;
    // cudaEventRecord correlation id -> the HTA index of the launch call before it on the
    // recorded stream, or -1. Absent when HTA's table is None (no recorded event is waited on).
    std::optional<std::unordered_map<std::int64_t, std::int64_t>> launchBeforeRecord;
    // HTA index of a cudaStreamWaitEvent call -> the HTA index of the next launch from its
    // thread onto the waiting stream, or -1. Absent when the trace does not name both
    // cudaStreamWaitEvent and Stream Wait Event.
    std::optional<std::unordered_map<std::int64_t, std::int64_t>> launchAfterWait;
};

Launches launches(const Frame &frame);

} // namespace tracelane::htacp
