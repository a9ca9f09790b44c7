#pragma once
// Which rank of a distributed run a trace is, and where its clock's zero lies.
//
// Rank: Kineto's top-level `distributedInfo` object ({"backend":"nccl",
// "rank":0,"world_size":128,...}), kept by the Chrome importer as trace
// metadata. Epoch: Kineto writes either absolute epoch timestamps, or
// timestamps relative to `baseTimeNanoseconds` (also metadata); a trace whose
// times are neither has no absolute time base.

#include "model/trace.h"

#include <cstdint>
#include <optional>
#include <string>

namespace tracelane {

struct DistributedInfo
{
    std::optional<std::int64_t> rank;
    std::optional<std::int64_t> worldSize;
    std::string backend; // "nccl", "gloo", ...; empty if not given
};

// Empty fields when the trace has no (or a malformed) distributedInfo.
DistributedInfo distributedInfo(const Trace &trace);
// The same from a file's facts (a part of a merged trace keeps its own).
DistributedInfo distributedInfo(const SourceInfo &source);

// What to add to the trace's times to get nanoseconds since the Unix epoch:
// baseTimeNanoseconds when the times are relative to it, 0 when they already
// are epoch times (after 2001-09-09), nullopt when the trace does not say.
std::optional<TimeNs> epochOffset(const Trace &trace);

} // namespace tracelane
