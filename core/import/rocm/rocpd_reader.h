#pragma once
// Reads a rocpd database (rocprofv3's default output since ROCm 7, `*_results.db`)
// into the model. Its tables carry a per-run suffix and change with the schema
// version, so only the documented views are read, by column name:
//
//   kernels       -> GpuStream lane "Queue <queue_id>" of GPU <agent_type_index>, Kernel
//                    named `name` (demangled if mangled); args grid, block, lds_size,
//                    scratch_size, stream_id, dispatch_id; correlation corr_id
//   memory_copies -> Memcpy named `name` (MEMORY_COPY_HOST_TO_DEVICE) on the queue lane
//                    when the copy has a queue, else on the GPU's "Copies" lane; args
//                    bytes, copyKind; correlation corr_id
//   regions       -> categories MARKER_CORE_API / MARKER_CORE_RANGE_API (roctx) are
//                    ranges on the thread's "roctx" lane (instants when zero-length);
//                    every other category (HIP, HSA, RCCL, ... API) is an ApiCall on the
//                    thread's "HIP API" lane, with its category as an argument
//   rocpd_info_agent -> GPU names and metadata, when the view is there
//   memory_allocations -> counted in a note: allocations are not drawn
//
// Correlation ids past 32 bits cannot be linked; they are counted.

#include "rocm_lanes.h"
#include "rocm_names.h"
#include "rocm_table.h"

#include "import/nsys/sqlite_db.h"
#include "model/trace_builder.h"

#include <cstdint>
#include <unordered_map>

namespace tracelane::rocm {

class RocpdReader
{
public:
    RocpdReader(SqliteDb &db, TraceBuilder &builder, ImportControl &control);
    void read(); // throws ImportError, ImportCancelled

private:
    void readAgents();
    void readRegions();
    void readKernels();
    void readCopies();
    void countAllocations();

    CorrelationId correlationOf(SqliteStatement &q, int column);
    StringId text(SqliteStatement &q, int column);
    std::int64_t deviceOf(SqliteStatement &q, int typeIndex, int absIndex);

    SqliteDb &m_db;
    TraceBuilder &m_builder;
    ImportControl &m_control;
    RowCounter m_rows;
    Lanes m_lanes;
    KernelNames m_kernelNames;
    std::uint64_t m_correlationTooLarge = 0;
    std::unordered_map<std::int64_t, std::int64_t> m_gpuOfAbsoluteIndex;
};

} // namespace tracelane::rocm
