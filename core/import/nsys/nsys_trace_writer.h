#pragma once
// Turns Nsight Systems records into the model. Both importers (SQLite and JSON
// export) feed it the same records, so both exports of one report give the same
// trace. What lands where:
//
//   CUDA runtime/driver call -> ThreadApi track of its thread, ApiCall, name from
//                               the string table, correlation id, arg returnValue
//   kernel  -> GpuStream track of (device, stream), Kernel, full demangled name;
//              args shortName, mangledName, grid, block ("[x,y,z]" JSON),
//              registersPerThread, staticSharedMemory, dynamicSharedMemory
//   memcpy  -> same track, Memcpy "[CUDA memcpy Host-to-Device]";
//              args bytes, copyKind, srcKind, dstKind (nsys labels)
//   memset  -> same track, Memset "[CUDA memset]"; args bytes, value, memKind
//   sync    -> same track, Sync named by its type ("Stream wait sync")
//   NVTX range -> ThreadRanges track of (thread, domain), Range named by its
//              text alone. Track::domain holds the domain name (StringId 0 for
//              the default domain, whose track is named "NVTX"), so nsys's range
//              name is `domain + ":" + text` (":Iteration 1", "cuBLAS:cublasCreate_v2").
//              Arg "style" is "PushPop" (nvtxRangePush/Pop) or "StartEnd"
//              (nvtxRangeStart/End, kept on the thread that started it); args
//              rangeId, color (ARGB), category when the record has them.
//   NVTX mark  -> the same track, Instant, no style.
//   CUDA memory usage (allocation / deallocation) -> an Instant "[memory]" with
//              Kineto's memory arguments (Bytes, negative for a free; Addr;
//              Device Type; Device Id; Total Allocated, the running sum per
//              device), on the NVTX track of the thread whose CUDA call made it
//              (same correlation id), so it nests in the ranges around that
//              call; without such a call, on an "CUDA memory" instants track of
//              its process. See docs/ANALYSIS_MEMORY.md, "Nsight Systems".
//
// Processes and threads come from globalTid (see nsys_names.h); their names, GPU
// names and NVTX domain names may arrive in any order and are applied by finish().

#include "nsys_names.h"
#include "nsys_records.h"
#include "nsys_string_ids.h"

#include "model/trace_builder.h"

#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace tracelane::nsys {

class TraceWriter
{
public:
    explicit TraceWriter(TraceBuilder &builder);

    TraceBuilder &builder() { return m_builder; }
    EnumLabels &labels() { return m_labels; }

    // The nsys string table; texts are interned on first use.
    void setString(std::int64_t id, std::string_view text);

    void addApiCall(const ApiCallRecord &r);
    void addKernel(const KernelRecord &r);
    void addMemcpy(const MemcpyRecord &r);
    void addMemset(const MemsetRecord &r);
    void addSync(const SyncRecord &r);
    // Placed by finish(), once every CUDA call (and so every thread) is known.
    void addMemoryUsage(const MemoryUsageRecord &r);
    // Ranges, marks, domain and category names; placed by finish(), once every
    // domain name is known.
    void addNvtx(const NvtxRecord &r);

    void setProcessName(std::int64_t globalPid, std::string_view name);
    void setThreadNameId(std::int64_t globalTid, std::int64_t nameId);
    void setGpuName(std::int64_t deviceId, std::string_view name);

    void finish();

private:
    StringId stringAt(std::int64_t id);
    std::int32_t threadOf(std::int64_t globalTid);
    std::uint32_t apiTrackOf(std::int64_t globalTid);
    std::uint32_t streamTrackOf(const GpuOpRecord &op);
    void addGpuOp(const GpuOpRecord &op, EventKind kind, StringId name);
    StringId nvtxText(const NvtxRecord &r);
    void placeNvtx();
    void placeMemoryUsage();
    void applyNames();

    TraceBuilder &m_builder;
    EnumLabels m_labels;

    StringIds m_strings;
    std::uint64_t m_unknownStrings = 0;

    std::unordered_map<std::int64_t, std::int32_t> m_threadByGlobalTid;
    std::unordered_map<std::int64_t, std::uint32_t> m_apiTrackByGlobalTid;
    std::unordered_map<std::int64_t, std::uint32_t> m_streamTrackByKey;
    std::unordered_map<std::int64_t, std::int32_t> m_deviceById;
    // The last thread's API track. No sentinel tid: any int64 may come from a file.
    std::optional<std::int64_t> m_lastApiTid;
    std::uint32_t m_lastApiTrack = 0;

    std::vector<NvtxRecord> m_nvtx;
    std::vector<MemoryUsageRecord> m_memory;
    std::unordered_map<std::int64_t, std::string> m_processNames;
    std::unordered_map<std::int64_t, std::int64_t> m_threadNameIds;
    std::unordered_map<std::int64_t, std::string> m_gpuNames;

    struct Keys
    {
        StringId shortName, mangledName, grid, block, registersPerThread, staticSharedMemory,
            dynamicSharedMemory, bytes, copyKind, srcKind, dstKind, value, memKind, returnValue, style, rangeId,
            color, category, pushPop, startEnd;
    } m_keys;
};

} // namespace tracelane::nsys
