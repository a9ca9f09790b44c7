#include "rpd_reader.h"

#include "rocm_gpu_ops.h"
#include "rpd_row_prefetch.h"

#include "import/import_error.h"

#include <algorithm>
#include <limits>
#include <string>

namespace tracelane::rocm {
namespace {

constexpr std::string_view kRpdWhat = "an RPD profile written by rpd_tracer or rocprofv2";
constexpr std::string_view kRpdUserMarker = "UserMarker";

// The select list with its fifth column ("end") replaced by "end" - "start",
// computed by SQLite with overflow to a real, which int64() saturates.
std::string rpdWithDuration(const std::string &list)
{
    const std::string end = "\"end\"";
    const std::size_t at = list.find(end);
    if (at == std::string::npos)
        return list;
    const std::size_t aliasStart = list.rfind(", ", at);
    const std::string alias = list.substr(aliasStart + 2, at - aliasStart - 2); // "a." or ""
    return list.substr(0, at) + end + " - " + alias + "\"start\"" + list.substr(at + end.size());
}

std::string rpdDim3Json(const std::int64_t (&v)[3])
{
    return "[" + std::to_string(v[0]) + "," + std::to_string(v[1]) + "," + std::to_string(v[2]) + "]";
}

} // namespace

RpdReader::RpdReader(SqliteDb &db, TraceBuilder &builder, ImportControl &control)
    : m_db(db), m_builder(builder), m_control(control), m_rows(control), m_lanes(builder), m_kernelNames(builder)
{
}

void RpdReader::read()
{
    for (const char *table : {"rocpd_string", "rocpd_op", "rocpd_api"})
        if (!m_db.hasTable(table))
            throw ImportError("'" + m_db.path() + "' has no table " + table + " (expected " + std::string(kRpdWhat)
                              + ")");
    m_rows.setTotal(m_db.rowCount("rocpd_op") + m_db.rowCount("rocpd_api"));
    m_rows.check();
    // rocpd_op and rocpd_api are read by connections of their own, in threads
    // of their own, while this thread reads the small tables; their rows are
    // added here as they arrive, once rocpd_api_ops is read (every event's
    // correlation number needs all of it).
    const auto ops = startOps();
    const auto apiCalls = startApiCalls();
    readMetadata();
    readStrings();
    readLinks();
    readLaunches();
    readCopies();
    while (const auto chunk = ops->next(true)) {
        addOps(*chunk);
        while (const auto calls = apiCalls->next(false))
            addApiCalls(*calls);
    }
    while (const auto calls = apiCalls->next(true))
        addApiCalls(*calls);
    m_rows.finish();

    Diagnostics &d = m_builder.diagnostics();
    if (m_unknownStrings)
        d.add("rpd-string-id-unknown", "names referring to an id missing from rocpd_string were left empty", {},
              m_unknownStrings);
    if (m_builder.trackCount() == 0)
        d.note("rpd-empty", "the profile holds no GPU operations and no API calls");
}

void RpdReader::readMetadata()
{
    if (!m_db.hasTable("rocpd_metadata"))
        return;
    const Columns c = columnsOf(m_db, "rocpd_metadata", {"tag", "value"}, 2, kRpdWhat);
    SqliteStatement q = m_db.prepare("SELECT " + c.list + " FROM rocpd_metadata", "table rocpd_metadata");
    while (q.step())
        m_builder.source().metadata.emplace_back(std::string(q.text(0)), std::string(q.text(1)));
}

void RpdReader::readStrings()
{
    const Columns c = columnsOf(m_db, "rocpd_string", {"id", "string"}, 2, kRpdWhat);
    SqliteStatement q = m_db.prepare("SELECT " + c.list + " FROM rocpd_string", "table rocpd_string");
    while (q.step())
        m_strings[q.int64(0)] = m_builder.internName(q.text(1));
}

StringId RpdReader::stringAt(std::int64_t id)
{
    if (id == m_lastStringKey && m_lastString)
        return m_lastString;
    const auto it = m_strings.find(id);
    if (it != m_strings.end()) {
        m_lastStringKey = id;
        m_lastString = it->second;
    }
    if (it != m_strings.end())
        return it->second;
    ++m_unknownStrings;
    return 0;
}

// Which api launched which op. The table is small next to rocpd_op (one row
// per op at most), so it is held sorted and walked alongside the ops.
void RpdReader::readLinks()
{
    if (!m_db.hasTable("rocpd_api_ops")) {
        m_builder.diagnostics().note("rpd-no-api-ops", "the profile has no rocpd_api_ops table: no launch arrows");
        return;
    }
    const Columns c = columnsOf(m_db, "rocpd_api_ops", {"api_id", "op_id"}, 2, kRpdWhat);
    SqliteStatement q = m_db.prepare("SELECT " + c.list + " FROM rocpd_api_ops", "table rocpd_api_ops");
    while (q.step()) {
        if (q.isNull(0) || q.isNull(1))
            continue;
        m_links.emplace_back(q.int64(1), q.int64(0));
        m_linkedApis.push_back(q.int64(0));
    }
    if (!std::is_sorted(m_links.begin(), m_links.end()))
        std::sort(m_links.begin(), m_links.end());
    const auto firstOfEach = std::unique(m_links.begin(), m_links.end(), [](const auto &a, const auto &b) {
        return a.first == b.first;
    });
    if (const auto twice = static_cast<std::uint64_t>(m_links.end() - firstOfEach))
        m_builder.diagnostics().add("rpd-op-linked-twice",
                                    "GPU operations listed under several API calls in rocpd_api_ops; the first is "
                                    "linked",
                                    {}, twice);
    m_links.erase(firstOfEach, m_links.end());
    std::sort(m_linkedApis.begin(), m_linkedApis.end());
    m_linkedApis.erase(std::unique(m_linkedApis.begin(), m_linkedApis.end()), m_linkedApis.end());
    // CorrelationId is 32 bits with 0 for none: more linked calls than that cannot all be numbered.
    if (m_linkedApis.size() >= std::numeric_limits<CorrelationId>::max())
        m_linkedApis.resize(std::numeric_limits<CorrelationId>::max() - 1);
}

std::uint32_t RpdReader::correlationOfApi(std::int64_t apiId) const
{
    const auto it = std::lower_bound(m_linkedApis.begin(), m_linkedApis.end(), apiId);
    return it != m_linkedApis.end() && *it == apiId ? static_cast<std::uint32_t>(it - m_linkedApis.begin() + 1) : 0;
}

// Ops come in id order, as rocpd_op is stored: the cursor moves forward and a
// lookup costs nothing; out-of-order ids fall back to a binary search.
const std::pair<std::int64_t, std::int64_t> *RpdReader::linkOfOp(std::int64_t opId)
{
    const auto matches = [&](std::size_t i) { return i < m_links.size() && m_links[i].first == opId; };
    if (matches(m_linkCursor))
        return &m_links[m_linkCursor];
    if (matches(m_linkCursor + 1))
        return &m_links[++m_linkCursor];
    const auto it = std::lower_bound(m_links.begin(), m_links.end(), opId,
                                     [](const auto &link, std::int64_t id) { return link.first < id; });
    m_linkCursor = static_cast<std::size_t>(it - m_links.begin());
    return matches(m_linkCursor) ? &m_links[m_linkCursor] : nullptr;
}

void RpdReader::readLaunches()
{
    if (!m_db.hasTable("rocpd_kernelapi"))
        return;
    const Columns c = columnsOf(m_db, "rocpd_kernelapi",
                                {"api_ptr_id", "gridX", "gridY", "gridZ", "workgroupX", "workgroupY", "workgroupZ",
                                 "groupSegmentSize", "privateSegmentSize"},
                                1, kRpdWhat);
    SqliteStatement q = m_db.prepare("SELECT " + c.list + " FROM rocpd_kernelapi", "table rocpd_kernelapi");
    while (q.step()) {
        Launch &l = m_launches[q.int64(0)];
        for (int i = 0; i < 3; ++i) {
            l.grid[i] = q.int64(1 + i);
            l.block[i] = q.int64(4 + i);
        }
        l.groupSegment = q.int64(7);
        l.privateSegment = q.int64(8);
    }
}

void RpdReader::readCopies()
{
    if (!m_db.hasTable("rocpd_copyapi"))
        return;
    const Columns c = columnsOf(m_db, "rocpd_copyapi", {"api_ptr_id", "size"}, 2, kRpdWhat);
    SqliteStatement q = m_db.prepare("SELECT " + c.list + " FROM rocpd_copyapi", "table rocpd_copyapi");
    while (q.step())
        if (!q.isNull(1))
            m_copyBytes[q.int64(0)] = q.int64(1);
}

const RpdReader::OpType &RpdReader::opType(std::int64_t stringId)
{
    const auto [it, inserted] = m_opTypes.try_emplace(stringId);
    if (inserted) {
        OpType &type = it->second;
        type.name = stringAt(stringId);
        const std::string_view text = m_builder.strings().view(type.name);
        if (const auto kind = gpuOpKind(text)) {
            type.known = true;
            type.kind = *kind;
            if (const std::string_view label = copyDirectionLabel(text); !label.empty())
                type.copyKind = m_builder.intern(label);
        }
    }
    return it->second;
}

std::unique_ptr<RpdRowPrefetch> RpdReader::startOps()
{
    const Columns c = columnsOf(m_db, "rocpd_op",
                                {"id", "gpuId", "queueId", "start", "end", "opType_id", "description_id"}, 6,
                                kRpdWhat);
    m_hasDescription = c.has(6);
    // Column 4 is the duration: NULL when either time is, so one test per row finds both.
    return std::make_unique<RpdRowPrefetch>(m_db.path(), "SELECT " + rpdWithDuration(c.list) + " FROM rocpd_op",
                                            "table rocpd_op", false, m_control);
}

void RpdReader::addOps(const RpdRowChunk &chunk)
{
    const auto key = [this](const char *text) { return m_builder.intern(text); };
    const StringId opTypeKey = key("opType"), gridKey = key("grid"), blockKey = key("block"),
                   groupKey = key("groupSegmentSize"), privateKey = key("privateSegmentSize"), bytesKey = key("bytes"),
                   copyKindKey = key("copyKind");
    Diagnostics &d = m_builder.diagnostics();
    for (const RpdRawRow &r : chunk.rows) {
        const std::int64_t row = m_opRow++; // the row's ordinal in rocpd_op: the model's source record
        m_rows.rowDone();
        if (r.isNull(4)) {
            d.add("rpd-op-without-time", "GPU operations without a start or end time were skipped",
                  d.wantsExample("rpd-op-without-time") ? "rocpd_op row " + std::to_string(row) : std::string());
            continue;
        }
        const OpType &type = opType(r.value[5]);
        if (!type.known) {
            d.add("rpd-op-type-unknown", "GPU operations of a type Tracelane does not know were skipped",
                  d.wantsExample("rpd-op-type-unknown") ? std::string(m_builder.strings().view(type.name))
                                                        : std::string());
            continue;
        }
        const auto track = m_lanes.queueTrack(r.value[1], r.value[2]);
        if (!track) {
            d.add("rpd-gpu-id-out-of-range", "GPU operations on a gpuId beyond 32 bits were skipped",
                  d.wantsExample("rpd-gpu-id-out-of-range") ? "rocpd_op row " + std::to_string(row) : std::string());
            continue;
        }
        const auto *link = linkOfOp(r.value[0]);
        Event e;
        e.start = r.value[3];
        e.duration = r.value[4];
        e.kind = type.kind;
        e.correlation = link ? correlationOfApi(link->second) : 0;
        ArgWriter &args = m_builder.args();
        args.add(opTypeKey, ArgValue::ofString(type.name));
        if (type.kind == EventKind::Kernel) {
            const StringId description = m_hasDescription ? stringAt(r.value[6]) : 0;
            const bool named = description && !m_builder.strings().view(description).empty();
            const KernelName &name = m_kernelNames.of(named ? description : type.name);
            e.name = name.name;
            m_kernelNames.addArgs(name);
            if (link)
                if (const auto launch = m_launches.find(link->second); launch != m_launches.end()) {
                    const Launch &l = launch->second;
                    args.add(gridKey, ArgValue::ofJson(m_builder.intern(rpdDim3Json(l.grid))));
                    args.add(blockKey, ArgValue::ofJson(m_builder.intern(rpdDim3Json(l.block))));
                    args.add(groupKey, ArgValue::ofInt(l.groupSegment));
                    args.add(privateKey, ArgValue::ofInt(l.privateSegment));
                }
        } else {
            e.name = type.name;
            if (type.copyKind)
                args.add(copyKindKey, ArgValue::ofString(type.copyKind));
            if (link)
                if (const auto bytes = m_copyBytes.find(link->second); bytes != m_copyBytes.end())
                    args.add(bytesKey, ArgValue::ofInt(bytes->second));
        }
        m_builder.addEvent(*track, e, row);
    }
}

std::unique_ptr<RpdRowPrefetch> RpdReader::startApiCalls()
{
    // Schema 3 keeps call arguments in rocpd_ustring, earlier ones in rocpd_string.
    m_argsInUstring = m_db.hasTable("rocpd_ustring");
    const Columns c = columnsOf(m_db, "rocpd_api", {"id", "pid", "tid", "start", "end", "apiName_id", "args_id"}, 6,
                                kRpdWhat, "a");
    m_hasArgsId = c.has(6);
    std::string sql = "SELECT " + rpdWithDuration(c.list);
    if (m_argsInUstring && c.has(6))
        sql += ", u.\"string\" FROM rocpd_api a LEFT JOIN rocpd_ustring u ON u.\"id\" = a.\"args_id\"";
    else
        sql += ", NULL FROM rocpd_api a";
    m_argsKey = m_builder.intern("args");
    m_userMarker = m_builder.intern(kRpdUserMarker);
    return std::make_unique<RpdRowPrefetch>(m_db.path(), sql, "table rocpd_api", true, m_control);
}

void RpdReader::addApiCalls(const RpdRowChunk &chunk)
{
    Diagnostics &d = m_builder.diagnostics();
    for (const RpdRawRow &r : chunk.rows) {
        const std::int64_t row = m_apiRow++; // the row's ordinal in rocpd_api: the model's source record
        m_rows.rowDone();
        if (r.isNull(4)) {
            d.add("rpd-api-without-time", "API calls without a start or end time were skipped",
                  d.wantsExample("rpd-api-without-time") ? "rocpd_api row " + std::to_string(row) : std::string());
            continue;
        }
        // Schema 3 writes one rocpd_ustring row per call, so its texts are interned
        // as they come (the string table keeps one copy) rather than cached by id.
        StringId args = 0;
        if (m_hasArgsId && !r.isNull(6))
            args = !m_argsInUstring              ? stringAt(r.value[6])
                   : r.isNull(kRpdIntColumns) ? 0
                                                : m_builder.internName(chunk.text(r));
        const bool hasArgs = args && !m_builder.strings().view(args).empty();
        Event e;
        e.start = r.value[3];
        e.duration = r.value[4];
        e.name = stringAt(r.value[5]);
        if (e.name == m_userMarker) {
            // roctx: the message is the range's name.
            e.name = hasArgs ? args : m_userMarker;
            e.kind = e.duration == 0 ? EventKind::Instant : EventKind::Range;
            m_builder.addEvent(m_lanes.rangeTrack(r.value[1], r.value[2]), e, row);
            continue;
        }
        e.kind = EventKind::ApiCall;
        e.correlation = correlationOfApi(r.value[0]);
        if (hasArgs)
            m_builder.args().add(m_argsKey, ArgValue::ofString(args));
        m_builder.addEvent(m_lanes.apiTrack(r.value[1], r.value[2]), e, row);
    }
}

} // namespace tracelane::rocm
