#pragma once
// What every critical path of one trace shares, found once: the GPU streams
// with their ops in order, where each op sits on its stream, the CPU tracks of
// each thread, which processes launch GPU work, the waits between streams the
// trace records, and per name whether it synchronises, copies synchronously or
// loads data. Building a step's graph then costs what the step holds, not the
// trace (the Critical Path dock solves every iteration).

#include "dependency_graph.h"

#include "analysis/gpu/gpu_stream_ops.h"

#include <cstdint>
#include <vector>

namespace tracelane {

constexpr std::uint32_t kNoStream = 0xFFFFFFFFu;

struct OpPosition
{
    std::uint32_t stream = kNoStream; // index into PathContext::streams()
    std::uint32_t position = 0;       // into that stream's ops
};

struct RecordedStreamWait
{
    OpPosition waiting;  // the first op after the wait
    OpPosition recorded; // the op launched last before the recorded event
};

class PathContext
{
public:
    explicit PathContext(const Trace &trace, DependencyOptions options = {});

    const Trace &trace() const { return m_trace; }
    const std::vector<StreamOps> &streams() const { return m_streams; }
    OpPosition positionOf(EventRef op) const;

    // Each thread's CPU tracks (CPU ops, ranges, API calls), by thread.
    const std::vector<std::pair<std::int32_t, std::vector<std::uint32_t>>> &threadTracks() const
    {
        return m_threadTracks;
    }
    bool launchesGpuWork(std::int32_t process) const
    {
        return process >= 0 && std::size_t(process) < m_launching.size() && m_launching[std::size_t(process)];
    }
    bool anyProcessLaunches() const { return m_anyLaunching; }
    const std::vector<RecordedStreamWait> &streamWaits() const { return m_streamWaits; }

    // Facts about a name (StringId).
    bool isSynchronize(StringId name) const { return flag(name, kSynchronize); }
    bool isSynchronousCopy(StringId name) const { return flag(name, kSynchronousCopy); }
    bool isDataLoading(StringId name) const { return flag(name, kDataLoading); }

private:
    static constexpr std::uint8_t kSynchronize = 1, kSynchronousCopy = 2, kDataLoading = 4;
    bool flag(StringId name, std::uint8_t bit) const { return name < m_nameFlags.size() && (m_nameFlags[name] & bit); }
    void findStreamWaits();

    const Trace &m_trace;
    std::vector<StreamOps> m_streams;
    std::vector<std::uint32_t> m_streamOfTrack; // kNoStream for tracks without GPU ops
    std::vector<std::pair<std::int32_t, std::vector<std::uint32_t>>> m_threadTracks;
    std::vector<std::uint8_t> m_launching; // by process
    bool m_anyLaunching = false;
    std::vector<RecordedStreamWait> m_streamWaits;
    std::vector<std::uint8_t> m_nameFlags; // by StringId
};

// As buildDependencyGraph(trace, ...), sharing `context` between scopes.
DependencyGraph buildDependencyGraph(const PathContext &context, const PathScope &scope);

} // namespace tracelane
