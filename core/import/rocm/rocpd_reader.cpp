#include "rocpd_reader.h"

#include "rocm_gpu_ops.h"

#include "import/import_error.h"
#include "model/time_math.h"

#include <limits>
#include <string>

namespace tracelane::rocm {
namespace {

constexpr std::string_view kRocpdWhat = "a rocpd database written by rocprofv3";

bool rocpdIsMarker(std::string_view category)
{
    return category == "MARKER_CORE_API" || category == "MARKER_CORE_RANGE_API";
}

std::string rocpdDim3Json(std::int64_t x, std::int64_t y, std::int64_t z)
{
    return "[" + std::to_string(x) + "," + std::to_string(y) + "," + std::to_string(z) + "]";
}

} // namespace

RocpdReader::RocpdReader(SqliteDb &db, TraceBuilder &builder, ImportControl &control)
    : m_db(db), m_builder(builder), m_control(control), m_rows(control), m_lanes(builder), m_kernelNames(builder)
{
}

void RocpdReader::read()
{
    for (const char *view : {"kernels", "regions"})
        if (!m_db.hasTable(view))
            throw ImportError("'" + m_db.path() + "' has no view " + view + " (expected " + std::string(kRocpdWhat)
                              + ")");
    // Counting the rows of a view runs its joins: progress goes by view instead.
    constexpr std::uint64_t kSteps = 4;
    m_control.progress(0, kSteps);
    readAgents();
    readRegions();
    m_control.progress(1, kSteps);
    readKernels();
    m_control.progress(2, kSteps);
    readCopies();
    m_control.progress(3, kSteps);
    countAllocations();
    m_control.progress(kSteps, kSteps);

    Diagnostics &d = m_builder.diagnostics();
    if (m_correlationTooLarge)
        d.add("rocpd-correlation-too-large", "correlation ids past 32 bits were not linked", {},
              m_correlationTooLarge);
    if (m_builder.trackCount() == 0)
        d.note("rocpd-empty", "the database holds no kernels, copies or API calls");
}

StringId RocpdReader::text(SqliteStatement &q, int column)
{
    return q.isNull(column) ? 0 : m_builder.internName(q.text(column));
}

CorrelationId RocpdReader::correlationOf(SqliteStatement &q, int column)
{
    if (q.isNull(column))
        return 0;
    const std::int64_t id = q.int64(column);
    if (id <= 0 || id >= std::int64_t(std::numeric_limits<CorrelationId>::max())) {
        ++m_correlationTooLarge;
        return 0;
    }
    return static_cast<CorrelationId>(id);
}

// The GPU's ordinal among GPUs (type_index), as HIP numbers devices; the
// absolute agent index mapped through rocpd_info_agent when the view lacks it.
std::int64_t RocpdReader::deviceOf(SqliteStatement &q, int typeIndex, int absIndex)
{
    if (!q.isNull(typeIndex))
        return q.int64(typeIndex);
    const std::int64_t absolute = q.int64(absIndex);
    const auto it = m_gpuOfAbsoluteIndex.find(absolute);
    return it != m_gpuOfAbsoluteIndex.end() ? it->second : absolute;
}

void RocpdReader::readAgents()
{
    if (!m_db.hasTable("rocpd_info_agent"))
        return;
    const Columns c = columnsOf(m_db, "rocpd_info_agent",
                                {"type", "type_index", "absolute_index", "product_name", "name"}, 2, kRocpdWhat);
    SqliteStatement q = m_db.prepare("SELECT " + c.list + " FROM rocpd_info_agent", "view rocpd_info_agent");
    while (q.step()) {
        if (q.text(0) != "GPU" || q.isNull(1))
            continue;
        const std::int64_t gpu = q.int64(1);
        if (!q.isNull(2))
            m_gpuOfAbsoluteIndex[q.int64(2)] = gpu;
        const StringId name = !q.text(3).empty() ? text(q, 3) : text(q, 4);
        if (!name)
            continue;
        m_lanes.nameDevice(gpu, name);
        m_builder.source().metadata.emplace_back("GPU " + std::to_string(gpu),
                                                 std::string(m_builder.strings().view(name)));
    }
}

void RocpdReader::readRegions()
{
    const Columns c = columnsOf(m_db, "regions", {"name", "pid", "tid", "start", "end", "category", "corr_id"}, 5,
                                kRocpdWhat);
    SqliteStatement q = m_db.prepare("SELECT " + c.list + " FROM regions", "view regions");
    const StringId categoryKey = m_builder.intern("category");
    std::unordered_map<std::string, std::pair<StringId, bool>> categories; // text -> (id, is a marker)
    Diagnostics &d = m_builder.diagnostics();
    std::int64_t row = -1; // the row's ordinal in the view: the model's source record
    while (q.step()) {
        ++row;
        m_rows.rowDone();
        if (q.isNull(3) || q.isNull(4)) {
            d.add("rocpd-region-without-time", "regions without a start or end time were skipped",
                  d.wantsExample("rocpd-region-without-time") ? "regions row " + std::to_string(row) : std::string());
            continue;
        }
        auto [category, inserted] = categories.try_emplace(std::string(q.text(5)));
        if (inserted)
            category->second = {m_builder.internName(category->first), rocpdIsMarker(category->first)};
        Event e;
        e.start = q.int64(3);
        e.duration = saturatingSub(q.int64(4), e.start);
        e.name = text(q, 0);
        if (category->second.second) {
            e.kind = e.duration == 0 ? EventKind::Instant : EventKind::Range;
            m_builder.addEvent(m_lanes.rangeTrack(q.int64(1), q.int64(2)), e, row);
            continue;
        }
        e.kind = EventKind::ApiCall;
        e.correlation = correlationOf(q, 6);
        if (category->second.first)
            m_builder.args().add(categoryKey, ArgValue::ofString(category->second.first));
        m_builder.addEvent(m_lanes.apiTrack(q.int64(1), q.int64(2)), e, row);
    }
}

void RocpdReader::readKernels()
{
    const Columns c = columnsOf(m_db, "kernels",
                                {"name", "start", "end", "queue_id", "agent_type_index", "agent_abs_index", "corr_id",
                                 "grid_x", "grid_y", "grid_z", "workgroup_x", "workgroup_y", "workgroup_z",
                                 "lds_size", "scratch_size", "stream_id", "dispatch_id"},
                                3, kRocpdWhat);
    SqliteStatement q = m_db.prepare("SELECT " + c.list + " FROM kernels", "view kernels");
    const auto key = [this](const char *name) { return m_builder.intern(name); };
    const StringId gridKey = key("grid"), blockKey = key("block"), ldsKey = key("lds_size"),
                   scratchKey = key("scratch_size"), streamKey = key("stream_id"), dispatchKey = key("dispatch_id");
    Diagnostics &d = m_builder.diagnostics();
    std::int64_t row = -1;
    while (q.step()) {
        ++row;
        m_rows.rowDone();
        if (q.isNull(1) || q.isNull(2)) {
            d.add("rocpd-kernel-without-time", "kernels without a start or end time were skipped",
                  d.wantsExample("rocpd-kernel-without-time") ? "kernels row " + std::to_string(row) : std::string());
            continue;
        }
        const auto track = m_lanes.queueTrack(deviceOf(q, 4, 5), q.int64(3));
        if (!track) {
            d.add("rocpd-agent-out-of-range", "GPU work on an agent index beyond 32 bits was skipped",
                  d.wantsExample("rocpd-agent-out-of-range") ? "kernels row " + std::to_string(row) : std::string());
            continue;
        }
        const KernelName &name = m_kernelNames.of(text(q, 0));
        Event e;
        e.start = q.int64(1);
        e.duration = saturatingSub(q.int64(2), e.start);
        e.name = name.name;
        e.kind = EventKind::Kernel;
        e.correlation = correlationOf(q, 6);
        m_kernelNames.addArgs(name);
        ArgWriter &args = m_builder.args();
        if (c.has(7))
            args.add(gridKey, ArgValue::ofJson(m_builder.intern(rocpdDim3Json(q.int64(7), q.int64(8), q.int64(9)))));
        if (c.has(10))
            args.add(blockKey,
                     ArgValue::ofJson(m_builder.intern(rocpdDim3Json(q.int64(10), q.int64(11), q.int64(12)))));
        if (!q.isNull(13))
            args.add(ldsKey, ArgValue::ofInt(q.int64(13)));
        if (!q.isNull(14))
            args.add(scratchKey, ArgValue::ofInt(q.int64(14)));
        if (!q.isNull(15))
            args.add(streamKey, ArgValue::ofInt(q.int64(15)));
        if (!q.isNull(16))
            args.add(dispatchKey, ArgValue::ofInt(q.int64(16)));
        m_builder.addEvent(*track, e, row);
    }
}

void RocpdReader::readCopies()
{
    if (!m_db.hasTable("memory_copies"))
        return;
    const Columns c = columnsOf(m_db, "memory_copies",
                                {"name", "start", "end", "size", "queue_id", "dst_agent_type", "dst_agent_type_index",
                                 "src_agent_type_index", "dst_agent_abs_index", "src_agent_abs_index", "corr_id"},
                                3, kRocpdWhat);
    SqliteStatement q = m_db.prepare("SELECT " + c.list + " FROM memory_copies", "view memory_copies");
    const StringId bytesKey = m_builder.intern("bytes"), copyKindKey = m_builder.intern("copyKind");
    std::unordered_map<StringId, StringId> directions; // name -> copyKind label id (0: none)
    Diagnostics &d = m_builder.diagnostics();
    std::int64_t row = -1;
    while (q.step()) {
        ++row;
        m_rows.rowDone();
        if (q.isNull(1) || q.isNull(2)) {
            d.add("rocpd-copy-without-time", "memory copies without a start or end time were skipped",
                  d.wantsExample("rocpd-copy-without-time") ? "memory_copies row " + std::to_string(row)
                                                            : std::string());
            continue;
        }
        // A copy is drawn on the GPU it involves: the destination unless that is the host.
        const bool toGpu = q.text(5) == "GPU";
        const std::int64_t device = toGpu ? deviceOf(q, 6, 8) : deviceOf(q, 7, 9);
        const auto track = q.isNull(4) ? m_lanes.copyTrack(device) : m_lanes.queueTrack(device, q.int64(4));
        if (!track) {
            d.add("rocpd-agent-out-of-range", "GPU work on an agent index beyond 32 bits was skipped",
                  d.wantsExample("rocpd-agent-out-of-range") ? "memory_copies row " + std::to_string(row)
                                                             : std::string());
            continue;
        }
        Event e;
        e.start = q.int64(1);
        e.duration = saturatingSub(q.int64(2), e.start);
        e.name = text(q, 0);
        e.kind = EventKind::Memcpy;
        e.correlation = correlationOf(q, 10);
        auto [direction, inserted] = directions.try_emplace(e.name, 0);
        if (inserted) {
            const std::string_view label = copyDirectionLabel(m_builder.strings().view(e.name));
            direction->second = label.empty() ? 0 : m_builder.intern(label);
        }
        if (direction->second)
            m_builder.args().add(copyKindKey, ArgValue::ofString(direction->second));
        if (!q.isNull(3))
            m_builder.args().add(bytesKey, ArgValue::ofInt(q.int64(3)));
        m_builder.addEvent(*track, e, row);
    }
}

void RocpdReader::countAllocations()
{
    if (!m_db.hasTable("memory_allocations"))
        return;
    const std::uint64_t allocations = m_db.rowCount("memory_allocations");
    if (allocations)
        m_builder.diagnostics().addInformation("rocpd-allocations-not-shown",
                                               "memory allocations and frees are in the database but not drawn",
                                               allocations);
}

} // namespace tracelane::rocm
