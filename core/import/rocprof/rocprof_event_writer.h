#pragma once
// Turns rocprofv3 records into the model:
//
//   kernel_dispatch  Kernel on the GpuStream track of (agent, queue), "Queue N";
//                    named by its kernel symbol, demangled
//   memory_copy      Memcpy on the "Memory copies" track of the GPU it touches
//                    (the destination GPU, else the source); args bytes, copyKind
//   hip/hsa/rccl/... ApiCall on the ThreadApi track of (pid, thread_id)
//   marker_api       Range (Instant for roctxMark) on the thread's "ROCTx" track,
//                    named by its message from strings.marker_api
//
// Correlation ids are the records' correlation_id.internal, shifted per process
// so two processes' ids never meet; TraceBuilder links each API call to the GPU
// work with its id (the launch arrows).

#include "rocprof_record.h"
#include "rocprof_tables.h"

#include "model/trace_builder.h"

#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace tracelane::rocprof {

class EventWriter
{
public:
    explicit EventWriter(TraceBuilder &builder);

    // Starts the records of one process (one entry of "rocprofiler-sdk-tool").
    void beginProcess(std::int64_t pid, Tables &tables);
    void endProcess();

    void kernel(const Record &record, std::int64_t index);
    void memoryCopy(const Record &record, std::int64_t index);
    void apiCall(const Record &record, std::int64_t index);
    void marker(const Record &record, std::int64_t index);
    // A record without a field its kind needs: counted, with where it was.
    void incomplete(std::string_view section, std::int64_t index, std::string_view missing);

    // Track names, diagnostics; once, after the last process.
    void finish();

    std::uint64_t apiCalls() const { return m_apiCalls; }

private:
    struct QueueTrack
    {
        std::uint32_t track;
        std::uint64_t queue;
        std::int64_t pid;
        bool copies;
    };

    std::int32_t deviceOf(std::uint64_t agentHandle);
    std::uint32_t gpuTrack(std::uint64_t agentHandle, std::uint64_t queue, bool copies);
    std::int32_t threadOf(std::uint64_t tid);
    CorrelationId correlationOf(const Record &record);
    KernelSymbol *symbolOf(std::uint64_t kernelId);
    StringId dim3(std::uint64_t x, std::uint64_t y, std::uint64_t z);

    TraceBuilder &m_builder;
    Tables *m_tables = nullptr;
    std::int64_t m_pid = 0;
    std::int32_t m_process = kNoIndex;
    std::uint32_t m_processCount = 0;
    std::uint64_t m_correlationBase = 0, m_maxCorrelation = 0;

    std::unordered_map<std::uint64_t, std::int32_t> m_threads;         // by tid, this process
    std::unordered_map<std::uint64_t, std::uint32_t> m_apiTracks;      // by tid, this process
    std::unordered_map<std::uint64_t, std::uint32_t> m_markerTracks;   // by tid, this process
    std::map<std::tuple<std::uint64_t, std::uint64_t, bool>, std::uint32_t> m_gpuTracks; // this process
    std::unordered_map<std::uint64_t, std::int32_t> m_unknownAgents;    // handle -> device ordinal
    std::vector<QueueTrack> m_queueTracks;
    std::unordered_map<std::uint64_t, KernelSymbol> m_unknownSymbols;   // by kernel id, this process
    struct Dim3Hash
    {
        std::size_t operator()(const std::tuple<std::uint64_t, std::uint64_t, std::uint64_t> &d) const
        {
            return std::get<0>(d) * 0x9E3779B97F4A7C15ull ^ std::get<1>(d) * 0xC2B2AE3D27D4EB4Full ^ std::get<2>(d);
        }
    };
    // "[x,y,z]" texts: a run has few distinct shapes, so each is formatted once.
    std::unordered_map<std::tuple<std::uint64_t, std::uint64_t, std::uint64_t>, StringId, Dim3Hash> m_dim3Texts;

    StringId m_markerDomain = 0;
    StringId m_keyShortName = 0, m_keyMangled = 0, m_keyGrid = 0, m_keyBlock = 0, m_keyGridSize = 0,
             m_keyDispatch = 0, m_keyQueue = 0, m_keyLds = 0, m_keyScratch = 0, m_keySgprs = 0, m_keyVgprs = 0,
             m_keyAgprs = 0, m_keyExternal = 0, m_keyBytes = 0, m_keyCopyKind = 0, m_keySrcAgent = 0,
             m_keyDstAgent = 0, m_keyHipStream = 0;

    std::uint64_t m_apiCalls = 0;
    std::uint64_t m_unknownSymbolRecords = 0, m_correlationOverflow = 0;
};

} // namespace tracelane::rocprof
