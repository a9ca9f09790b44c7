#pragma once
// One Nsight Systems record as both exports carry it (a row of the SQLite
// export, a line of the JSON export), in nsys's own units and ids: times in ns,
// names as ids into the nsys string table (StringIds / the JSON "data" array),
// threads as globalTid. -1 means "not in this record".
//
// `source` numbers the record in its file, for Track::sourceRecords: in the
// SQLite export the row's 0-based ordinal in its table, read in rowid order
// (`SELECT * FROM table LIMIT 1 OFFSET source`); in the JSON export the 1-based
// line number.

#include "model/string_table.h"
#include "model/time_units.h"

#include <array>
#include <cstdint>

namespace tracelane::nsys {

struct ApiCallRecord
{
    TimeNs start = 0, end = 0;
    std::int64_t globalTid = 0;
    std::int64_t correlation = 0;
    std::int64_t nameId = -1;
    std::int64_t returnValue = 0;
    std::int64_t source = -1;
};

// Where GPU work ran, common to kernels, copies, sets and syncs.
struct GpuOpRecord
{
    TimeNs start = 0, end = 0;
    std::int64_t deviceId = 0;
    std::int64_t streamId = 0;
    std::int64_t correlation = 0;
    std::int64_t source = -1;
};

struct KernelRecord
{
    GpuOpRecord op;
    std::int64_t demangledNameId = -1, shortNameId = -1, mangledNameId = -1;
    std::array<std::int64_t, 3> grid{0, 0, 0}, block{0, 0, 0};
    std::int64_t registersPerThread = 0, staticSharedMemory = 0, dynamicSharedMemory = 0;
};

struct MemcpyRecord
{
    GpuOpRecord op;
    std::int64_t bytes = 0, copyKind = 0, srcKind = -1, dstKind = -1;
};

struct MemsetRecord
{
    GpuOpRecord op;
    std::int64_t bytes = 0, value = 0, memKind = -1;
};

struct SyncRecord
{
    GpuOpRecord op;
    std::int64_t syncType = 0;
};

// A row of CUDA_GPU_MEMORY_USAGE_EVENTS (nsys profile --cuda-memory-usage=true):
// one allocation or free of GPU (or pinned host) memory.
struct MemoryUsageRecord
{
    TimeNs start = 0;
    std::int64_t globalPid = 0;
    std::int64_t deviceId = 0;
    std::int64_t address = 0;
    std::int64_t bytes = 0;
    std::int64_t memKind = -1;    // ENUM_CUDA_MEM_KIND
    std::int64_t operation = -1;  // ENUM_CUDA_DEV_MEM_EVENT_OPER: 0 allocation, 1 deallocation
    std::int64_t correlation = -1; // of the CUDA API call that made it
    std::int64_t streamId = -1;
    std::int64_t source = -1;
};

struct NvtxRecord
{
    int type = 0;            // NvtxType
    TimeNs start = 0;
    TimeNs end = -1;         // -1: a mark, or a range that never ended
    std::int64_t globalTid = 0;
    std::int64_t domainId = 0;
    std::int64_t textId = -1; // into the nsys string table, when the text was registered
    StringId text = 0;        // already interned text, when given inline
    std::int64_t category = -1, color = -1, rangeId = -1;
    std::int64_t source = -1;
};

} // namespace tracelane::nsys
