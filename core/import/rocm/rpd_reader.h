#pragma once
// Reads an RPD file (rocmProfileData: rpd_tracer, rocprofv2 and roctracer
// converters) into the model:
//
//   rocpd_op      -> GpuStream lane "Queue <queueId>" of device <gpuId>, by opType:
//                    KernelExecution / Task / Kernel -> Kernel named by its description
//                    (demangled if mangled); Copy* / Memcpy -> Memcpy; FillBuffer /
//                    Memset -> Memset, named by the opType. Other types (barriers) are
//                    counted and skipped. Args: opType, and from the launching call's
//                    rocpd_kernelapi row grid, block, groupSegmentSize, privateSegmentSize,
//                    from its rocpd_copyapi row bytes; copyKind from the opType.
//   rocpd_api     -> ThreadApi lane "HIP API" of (pid, tid), ApiCall named apiName_id,
//                    arg "args" when not empty; rows named UserMarker (roctx, NVTX through
//                    rpd_tracer) are ranges named by their args text on the "roctx" lane,
//                    zero-length ones instants.
//   rocpd_api_ops -> launch flows: each op gets its api's correlation number.
//   rocpd_metadata-> source metadata (schema_version, ...).
//
// Ids in RPD are 64-bit (a second session's start at 2^32); correlation numbers
// are assigned densely over the linked api ids instead.

#include "rocm_lanes.h"
#include "rocm_names.h"
#include "rocm_table.h"
#include "rpd_row_prefetch.h"

#include "import/nsys/sqlite_db.h"
#include "model/trace_builder.h"

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace tracelane::rocm {

class RpdReader
{
public:
    RpdReader(SqliteDb &db, TraceBuilder &builder, ImportControl &control);
    void read(); // throws ImportError, ImportCancelled

private:
    struct Launch
    {
        std::int64_t grid[3] = {0, 0, 0}, block[3] = {0, 0, 0};
        std::int64_t groupSegment = 0, privateSegment = 0;
    };
    struct OpType
    {
        bool known = false;
        EventKind kind = EventKind::Kernel;
        StringId name = 0;
        StringId copyKind = 0;
    };

    void readMetadata();
    void readStrings();
    void readLinks();
    void readLaunches();
    void readCopies();
    std::unique_ptr<RpdRowPrefetch> startOps();
    std::unique_ptr<RpdRowPrefetch> startApiCalls();
    void addOps(const RpdRowChunk &chunk);
    void addApiCalls(const RpdRowChunk &chunk);

    StringId stringAt(std::int64_t id);
    const OpType &opType(std::int64_t stringId);
    std::uint32_t correlationOfApi(std::int64_t apiId) const;
    const std::pair<std::int64_t, std::int64_t> *linkOfOp(std::int64_t opId);

    SqliteDb &m_db;
    TraceBuilder &m_builder;
    ImportControl &m_control;
    RowCounter m_rows;
    Lanes m_lanes;
    KernelNames m_kernelNames;

    std::unordered_map<std::int64_t, StringId> m_strings;
    std::int64_t m_lastStringKey = 0; // names repeat in runs: the last lookup is kept
    StringId m_lastString = 0;
    std::uint64_t m_unknownStrings = 0;
    std::unordered_map<std::int64_t, OpType> m_opTypes;
    std::vector<std::int64_t> m_linkedApis;                      // sorted, distinct: correlation = index + 1
    std::vector<std::pair<std::int64_t, std::int64_t>> m_links;  // (op id, api id), sorted by op id
    std::size_t m_linkCursor = 0;
    std::unordered_map<std::int64_t, Launch> m_launches;         // by api id
    std::unordered_map<std::int64_t, std::int64_t> m_copyBytes;  // by api id

    std::int64_t m_opRow = 0, m_apiRow = 0;
    bool m_hasDescription = false, m_argsInUstring = false, m_hasArgsId = false;
    StringId m_argsKey = 0, m_userMarker = 0;
};

} // namespace tracelane::rocm
