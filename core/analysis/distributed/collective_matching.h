#pragma once
// The same collective on every rank, and how much of it was waiting.
//
// Calls match when they are the n-th call of the same process group within the
// same iteration (ProfilerStep#N / Iteration N; calls outside every step count
// as one more "iteration") on each rank: NCCL runs a group's collectives in the
// order they were issued on every member, and counting within a step keeps one
// rank's extra or missing call from shifting every later match.
//
// Per matched collective: transfer = the shortest duration over its ranks
// (the last rank to arrive waits for no one, and all finish together); each
// rank's wait = its duration - transfer; skew = last start - first start on
// the common clock; size from the arguments; algorithm bandwidth = size /
// transfer, bus bandwidth = that times nccl-tests' factor for the group's size.
// The rank that waited least (the shortest kernel, the last to arrive) is the
// one the others waited for: their wait is charged to it, and the rank charged
// most is the straggler. Definitions and sources in docs/ANALYSIS_DISTRIBUTED.md.

#include "collective_facts.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tracelane {

struct CollectiveParticipant
{
    std::size_t rank = 0;  // index into CollectiveAnalysis::ranks
    TimeNs start = 0;      // common clock
    TimeNs duration = 0;
    TimeNs wait = 0;       // duration - transfer
    EventRef event;        // as in the rank's facts
};

struct MatchedCollective
{
    std::string group;
    std::string collective;        // the most common name among its calls; send + recv is send_recv
    std::int64_t iteration = kNoIteration;
    std::size_t ordinal = 0;       // n-th call of the group in the iteration, from 0
    std::vector<CollectiveParticipant> participants; // by rank
    std::size_t expected = 0;      // loaded ranks that belong to the group
    std::int64_t groupSize = 0;    // the group's size (for bus bandwidth)
    std::optional<std::uint64_t> bytes; // the largest size any rank recorded
    TimeNs transfer = 0;
    TimeNs waitSum = 0;            // over its ranks
    TimeNs skew = 0;
    std::size_t lastArrival = 0;   // index into participants: the shortest duration, lowest rank on ties
    bool mixedNames = false;       // ranks named it differently
    // One rank's kernel ended before another's began: the call did not hold the
    // ranks together (point-to-point calls, or clocks that disagree), so its
    // skew and last arrival say little.
    bool disjoint = false;

    bool partial() const { return participants.size() < expected; }
    std::optional<double> algorithmBandwidth() const; // GB/s (bytes per ns); nullopt without size or time
    std::optional<double> busBandwidth() const;
};

struct RankCommunication
{
    std::optional<std::int64_t> rank;
    std::string file;
    std::size_t calls = 0;
    TimeNs communication = 0; // sum of its collective kernels' durations
    TimeNs transfer = 0;
    TimeNs wait = 0;
    std::size_t lastArrivals = 0; // collectives in which the others waited for it
    TimeNs waitCaused = 0;        // the others' wait in those
    bool straggler = false;

    std::string label() const; // the rank number, else the file name
};

struct CollectiveAnalysis
{
    std::vector<RankCommunication> ranks; // rank order (trace_label.h)
    std::vector<MatchedCollective> collectives; // by the first rank's start, then group, ordinal
    std::vector<ProcessGroupInfo> groups;       // every group any rank named, by first appearance
    bool sharedClock = false;          // every rank has a clock offset; else placed by their first events
    std::size_t partialCollectives = 0;  // matched on fewer ranks than belong to the group
    std::size_t mixedCollectives = 0;    // ranks named the call differently
    std::size_t disjointCollectives = 0; // the ranks' kernels did not overlap in time
    std::vector<std::string> notes;      // for people: what did not match and where
};

// Takes the facts by value: they are sorted into rank order.
CollectiveAnalysis matchCollectives(std::vector<RankCollectiveFacts> ranks);

} // namespace tracelane
