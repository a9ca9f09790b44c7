#pragma once
// What one rank's trace says about its collectives, reduced to a few numbers
// per collective kernel, so hundreds of rank traces can be read one at a time,
// reduced and released (rank_reduction.h), written as JSON by one job per rank
// (collective_facts_json.h) and matched later (collective_matching.h).
//
// A collective call is one NCCL/RCCL kernel (the communication class of
// gpu_op_class.h). Its process group, collective, sizes and dtype come from
// Kineto's arguments on the kernel (`Process Group Name`, `Process Group
// Ranks`, `Group size`, `Collective name`, `In msg nelems`, `Out msg nelems`,
// `dtype`), else from the record_param_comms op around its launch, else from
// distributedInfo.pg_config; a kernel without a process group is matched by
// its stream ("stream 84"), its collective named after the CPU op that
// launched it ("nccl:all_to_all") or the kernel. Definitions in
// docs/ANALYSIS_DISTRIBUTED.md.

#include "model/trace.h"

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace tracelane {

inline constexpr std::int64_t kNoIteration = std::numeric_limits<std::int64_t>::min();

struct CollectiveCall
{
    std::string group;          // process group name, or "stream N" without one
    std::string collective;     // canonical (collective_kinds.h)
    std::int64_t iteration = kNoIteration; // the step its launch ran in
    TimeNs start = 0;           // on the rank's own clock (see RankCollectiveFacts::clockOffset)
    TimeNs duration = 0;
    std::optional<std::uint64_t> bytes; // max(In, Out msg nelems) x dtype size; nullopt when unknown
    std::string dtype;
    // No process group recorded: `group` names the stream, which the kernels of
    // several groups may share, so calls match by stream and collective.
    bool streamGroup = false;
    EventRef event;             // in the trace the facts were read from; not kept in JSON
};

struct ProcessGroupInfo
{
    std::string name;
    std::string description;      // "default_pg"
    std::vector<std::int64_t> ranks; // global ranks; empty when not recorded
    std::int64_t size = 0;        // Group size; 0 when not recorded
};

struct IterationSpan
{
    std::int64_t number = 0;
    TimeNs start = 0; // own clock
    TimeNs duration = 0;
};

struct RankCollectiveFacts
{
    std::optional<std::int64_t> rank;
    std::string file;              // file name without folder
    std::optional<std::int64_t> worldSize;
    // Added to the rank's times to place it on the common clock: the epoch
    // offset (rank_identity.h), or for a part of a merged trace its shift. Without
    // one the ranks are placed by their first events (sharedClock false).
    std::optional<TimeNs> clockOffset;
    TimeNs traceStart = 0;
    std::vector<ProcessGroupInfo> groups; // every group named by pg_config or a call, by name
    std::vector<CollectiveCall> calls;    // by start
    std::vector<IterationSpan> iterations; // by start
};

// The facts of a whole trace. `file` labels a rank without a rank number.
RankCollectiveFacts collectiveFacts(const Trace &trace, const std::string &file);
// The facts of each part of a merged trace (trace_merge.h), in part order;
// times stay those of the merged trace (clockOffset 0 for all), events refer to it.
std::vector<RankCollectiveFacts> collectiveFactsOfParts(const Trace &merged);

} // namespace tracelane
