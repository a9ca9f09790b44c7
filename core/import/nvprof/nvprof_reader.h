#pragma once
// Reads the tables of an nvprof / NVVP database into the model:
//
//   CUPTI_ACTIVITY_KIND_RUNTIME / _DRIVER -> ThreadApi track of (processId, threadId),
//       ApiCall named from its cbid (cuda_api_names.h), correlation id; args cbid, returnValue
//   _CONCURRENT_KERNEL / _KERNEL -> GpuStream track of (deviceId, streamId), Kernel named
//       by its demangled name; args mangledName (when it was mangled), shortName, grid, block,
//       registersPerThread, staticSharedMemory, dynamicSharedMemory
//   _MEMCPY / _MEMCPY2 -> same track, Memcpy "[CUDA memcpy Host-to-Device]"; args bytes,
//       copyKind, srcKind, dstKind
//   _MEMSET -> Memset "[CUDA memset]"; args bytes, value, memKind
//   _SYNCHRONIZATION -> Sync named by type, on the stream (the context's default stream
//       when the sync has none: event and context syncs)
//   _MARKER -> ranges (start flag 2 and end flag 4 rows paired by id) and instants
//       (flag 1) on the ThreadRanges track of the thread in objectId, one track per domain
//   _NAME, _DEVICE, _CONTEXT -> process, thread and GPU names; GPU facts as metadata
//
// nvprof writes thread ids as signed 32-bit values; they are shown unsigned, as the OS had them.

#include "import/import_control.h"
#include "import/nsys/nsys_names.h"
#include "import/nsys/sqlite_db.h"
#include "model/trace_builder.h"

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string_view>
#include <unordered_map>

namespace tracelane::nvprof {

class Reader
{
public:
    Reader(SqliteDb &db, TraceBuilder &builder, ImportControl &control);
    void read(); // throws ImportError, ImportCancelled

private:
    std::optional<SqliteStatement> select(std::string_view table, std::initializer_list<std::string_view> wanted,
                                          std::size_t required);
    void rowDone();
    void readStrings();
    void readDevices();
    void readContexts();
    void readNames();
    void readApiCalls(std::string_view table, bool driver);
    void readKernels(std::string_view table);
    void readMemcpys(std::string_view table);
    void readMemsets();
    void readSyncs();
    void readMarkers(); // nvprof_markers.cpp

    StringId stringAt(std::int64_t id);
    std::int32_t threadOf(std::int64_t pid, std::int64_t tid);
    std::uint32_t apiTrackOf(std::int64_t pid, std::int64_t tid);
    std::uint32_t streamTrackOf(std::int64_t deviceId, std::int64_t streamId);
    void addGpuOp(std::uint32_t track, TimeNs start, TimeNs end, std::int64_t correlation, EventKind kind,
                  StringId name, std::int64_t row);

    SqliteDb &m_db;
    TraceBuilder &m_builder;
    ImportControl &m_control;
    nsys::EnumLabels m_labels;
    std::uint64_t m_done = 0, m_total = 0;

    std::unordered_map<std::int64_t, StringId> m_strings;
    std::uint64_t m_unknownStrings = 0;
    std::unordered_map<std::int64_t, std::int32_t> m_threads;      // (pid << 32) | tid
    std::unordered_map<std::int64_t, std::uint32_t> m_apiTracks;   // (pid << 32) | tid
    std::unordered_map<std::int64_t, std::uint32_t> m_streamTracks; // (device << 32) | stream
    std::unordered_map<std::int64_t, std::int64_t> m_deviceOfContext;
    std::unordered_map<std::int64_t, std::int64_t> m_nullStreamOfContext;
    std::unordered_map<std::int64_t, StringId> m_gpuNames;
};

} // namespace tracelane::nvprof
