#include "nsys_sqlite_reader.h"

#include "sqlite_columns.h"

#include "import/import_error.h"

#include <array>

namespace tracelane::nsys {
namespace {

constexpr std::string_view kKernels = "CUPTI_ACTIVITY_KIND_KERNEL";
constexpr std::string_view kRuntime = "CUPTI_ACTIVITY_KIND_RUNTIME";
constexpr std::string_view kDriver = "CUPTI_ACTIVITY_KIND_DRIVER";
constexpr std::string_view kMemcpy = "CUPTI_ACTIVITY_KIND_MEMCPY";
constexpr std::string_view kMemset = "CUPTI_ACTIVITY_KIND_MEMSET";
constexpr std::string_view kSync = "CUPTI_ACTIVITY_KIND_SYNCHRONIZATION";
constexpr std::string_view kNvtx = "NVTX_EVENTS";
constexpr std::string_view kMemoryUsage = "CUDA_GPU_MEMORY_USAGE_EVENTS";
constexpr std::string_view kStrings = "StringIds";

constexpr std::array<std::string_view, 9> kRowTables{kStrings, kRuntime, kDriver, kKernels,    kMemcpy,
                                                     kMemset,  kSync,    kNvtx,   kMemoryUsage};

// -1 for NULL: "not in this record" in nsys_records.h.
std::int64_t orNone(const SqliteStatement &q, int column)
{
    return q.isNull(column) ? -1 : q.int64(column);
}

GpuOpRecord gpuOp(const SqliteStatement &q)
{
    // Columns 0..4 of every GPU activity query below.
    return {q.int64(0), q.int64(1), q.int64(2), q.int64(3), q.int64(4)};
}

} // namespace

SqliteReader::SqliteReader(SqliteDb &db, TraceWriter &writer, ImportControl &control)
    : m_db(db), m_writer(writer), m_control(control)
{
}

void SqliteReader::checkpoint()
{
    if (m_control.isCancelled())
        throw ImportCancelled();
    m_control.progress(m_done, m_total);
}

std::optional<SqliteStatement> SqliteReader::select(std::string_view table,
                                                    std::initializer_list<std::string_view> wanted,
                                                    std::size_t required, std::string_view tail)
{
    if (!m_db.hasTable(table))
        return std::nullopt;
    const ColumnSelect columns = selectColumns(m_db, table, wanted, tail);
    Diagnostics &d = m_writer.builder().diagnostics();
    for (std::size_t i = 0; i < required; ++i) {
        if (!columns.present[i]) {
            d.add("nsys-table-unusable", "tables without a column Tracelane needs were skipped",
                  std::string(table) + " has no " + columns.missing.front());
            return std::nullopt;
        }
    }
    for (const std::string &column : columns.missing)
        d.add("nsys-column-missing", "columns this nsys version did not write were read as empty",
              std::string(table) + "." + column);
    return m_db.prepare(columns.sql, "table " + std::string(table));
}

void SqliteReader::read()
{
    bool any = false;
    for (const std::string_view table : kRowTables)
        any = any || m_db.hasTable(table);
    if (!any)
        throw ImportError("'" + m_db.path() + "' is an SQLite database without the tables of an Nsight Systems "
                          "export (expected StringIds, CUPTI_ACTIVITY_KIND_KERNEL, NVTX_EVENTS)");
    countRows();
    readEnumLabels();
    readStrings();
    readApiCalls(kRuntime);
    readApiCalls(kDriver);
    readKernels();
    readMemcpys();
    readMemsets();
    readSyncs();
    readNvtx();
    readMemoryUsage();
    readNames();
    m_control.progress(m_total, m_total);
}

void SqliteReader::countRows()
{
    for (const std::string_view table : kRowTables)
        if (m_db.hasTable(table))
            m_total += m_db.rowCount(table);
    m_control.progress(0, m_total);
}

void SqliteReader::readEnumLabels()
{
    EnumLabels &labels = m_writer.labels();
    auto readEnum = [this](std::string_view table, auto set) {
        if (auto q = select(table, {"id", "label"}, 2))
            while (q->step())
                set(q->int64(0), std::string(q->text(1)));
    };
    readEnum("ENUM_CUDA_MEMCPY_OPER", [&](std::int64_t id, std::string l) { labels.setMemcpyKind(id, std::move(l)); });
    readEnum("ENUM_CUDA_MEM_KIND", [&](std::int64_t id, std::string l) { labels.setMemoryKind(id, std::move(l)); });
    readEnum("ENUM_CUPTI_SYNC_TYPE", [&](std::int64_t id, std::string l) { labels.setSyncType(id, std::move(l)); });
}

void SqliteReader::readStrings()
{
    auto q = select(kStrings, {"id", "value"}, 2);
    if (!q) {
        m_writer.builder().diagnostics().note("nsys-no-strings", "the export has no StringIds table: names are empty");
        return;
    }
    while (q->step()) {
        m_writer.setString(q->int64(0), q->text(1));
        rowDone();
    }
}

void SqliteReader::readApiCalls(std::string_view table)
{
    auto q = select(table, {"start", "end", "globalTid", "correlationId", "nameId", "returnValue"}, 3);
    if (!q)
        return;
    ApiCallRecord r;
    std::int64_t row = 0;
    while (q->step()) {
        r.start = q->int64(0);
        r.end = q->int64(1);
        r.globalTid = q->int64(2);
        r.correlation = q->int64(3);
        r.nameId = orNone(*q, 4);
        r.returnValue = q->int64(5);
        r.source = row++;
        m_writer.addApiCall(r);
        rowDone();
    }
}

void SqliteReader::readKernels()
{
    auto q = select(kKernels,
                    {"start", "end", "deviceId", "streamId", "correlationId", "demangledName", "shortName",
                     "mangledName", "gridX", "gridY", "gridZ", "blockX", "blockY", "blockZ", "registersPerThread",
                     "staticSharedMemory", "dynamicSharedMemory"},
                    2);
    if (!q)
        return;
    KernelRecord r;
    std::int64_t row = 0;
    while (q->step()) {
        r.op = gpuOp(*q);
        r.demangledNameId = orNone(*q, 5);
        r.shortNameId = orNone(*q, 6);
        r.mangledNameId = orNone(*q, 7);
        r.grid = {q->int64(8), q->int64(9), q->int64(10)};
        r.block = {q->int64(11), q->int64(12), q->int64(13)};
        r.registersPerThread = q->int64(14);
        r.staticSharedMemory = q->int64(15);
        r.dynamicSharedMemory = q->int64(16);
        r.op.source = row++;
        m_writer.addKernel(r);
        rowDone();
    }
}

void SqliteReader::readMemcpys()
{
    auto q = select(kMemcpy, {"start", "end", "deviceId", "streamId", "correlationId", "bytes", "copyKind", "srcKind",
                              "dstKind"},
                    2);
    if (!q)
        return;
    MemcpyRecord r;
    std::int64_t row = 0;
    while (q->step()) {
        r.op = gpuOp(*q);
        r.bytes = q->int64(5);
        r.copyKind = q->int64(6);
        r.srcKind = orNone(*q, 7);
        r.dstKind = orNone(*q, 8);
        r.op.source = row++;
        m_writer.addMemcpy(r);
        rowDone();
    }
}

void SqliteReader::readMemsets()
{
    auto q = select(kMemset, {"start", "end", "deviceId", "streamId", "correlationId", "bytes", "value", "memKind"}, 2);
    if (!q)
        return;
    MemsetRecord r;
    std::int64_t row = 0;
    while (q->step()) {
        r.op = gpuOp(*q);
        r.bytes = q->int64(5);
        r.value = q->int64(6);
        r.memKind = orNone(*q, 7);
        r.op.source = row++;
        m_writer.addMemset(r);
        rowDone();
    }
}

void SqliteReader::readSyncs()
{
    auto q = select(kSync, {"start", "end", "deviceId", "streamId", "correlationId", "syncType"}, 2);
    if (!q)
        return;
    SyncRecord r;
    std::int64_t row = 0;
    while (q->step()) {
        r.op = gpuOp(*q);
        r.syncType = q->int64(5);
        r.op.source = row++;
        m_writer.addSync(r);
        rowDone();
    }
}

void SqliteReader::readMemoryUsage()
{
    auto q = select(kMemoryUsage,
                    {"start", "bytes", "memoryOperationType", "deviceId", "address", "memKind", "correlationId",
                     "streamId", "globalPid"},
                    3);
    if (!q)
        return;
    MemoryUsageRecord r;
    std::int64_t row = 0;
    while (q->step()) {
        r.start = q->int64(0);
        r.bytes = q->int64(1);
        r.operation = orNone(*q, 2);
        r.deviceId = q->int64(3);
        r.address = q->int64(4);
        r.memKind = orNone(*q, 5);
        r.correlation = orNone(*q, 6);
        r.streamId = orNone(*q, 7);
        r.globalPid = q->int64(8);
        r.source = row++;
        m_writer.addMemoryUsage(r);
        rowDone();
    }
}

void SqliteReader::readNvtx()
{
    auto q = select(kNvtx, {"start", "end", "eventType", "globalTid", "domainId", "text", "textId", "category",
                            "color", "rangeId"},
                    3);
    if (!q)
        return;
    NvtxRecord r;
    std::int64_t row = 0;
    while (q->step()) {
        r.start = q->int64(0);
        r.end = orNone(*q, 1);
        r.type = static_cast<int>(q->int64(2));
        r.globalTid = q->int64(3);
        r.domainId = q->int64(4);
        r.text = q->isNull(5) ? 0 : m_writer.builder().internName(q->text(5));
        r.textId = orNone(*q, 6);
        r.category = orNone(*q, 7);
        r.color = orNone(*q, 8);
        r.rangeId = orNone(*q, 9);
        r.source = row++;
        m_writer.addNvtx(r);
        rowDone();
    }
}

void SqliteReader::readNames()
{
    if (auto q = select("ThreadNames", {"globalTid", "nameId"}, 2))
        while (q->step())
            m_writer.setThreadNameId(q->int64(0), q->int64(1));
    if (auto q = select("PROCESSES", {"globalPid", "name"}, 2))
        while (q->step())
            m_writer.setProcessName(q->int64(0), q->text(1));
    // Kernels name their GPU by CUDA device ordinal (cuDevice); older exports only have id.
    if (auto q = select("TARGET_INFO_GPU", {"name", "id", "cuDevice"}, 2))
        while (q->step())
            m_writer.setGpuName(q->isNull(2) ? q->int64(1) : q->int64(2), q->text(0));
}

} // namespace tracelane::nsys
