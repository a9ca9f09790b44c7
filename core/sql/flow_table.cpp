// The `flow` table: one row per flow of the trace (launch -> GPU work,
// forward -> backward, other Chrome-trace flows). from_id = and to_id = are
// answered by binary search (flows are kept sorted by source and by target).
#include "event_id.h"
#include "sql_tables.h"
#include "sql_values.h"
#include "vtab.h"

#include <algorithm>
#include <cmath>

namespace tracelane::sql {
namespace {

enum Column : int { FromId, ToId, Kind };
enum Plan : int { Scan, ByFrom, ByTo };

std::string_view flowKindName(FlowKind kind)
{
    switch (kind) {
    case FlowKind::Launch: return "launch";
    case FlowKind::ForwardBackward: return "forward_backward";
    case FlowKind::Generic: return "generic";
    }
    return "generic";
}

struct FlowTable
{
    static constexpr const char *kSchema = "CREATE TABLE x(from_id INTEGER, to_id INTEGER, kind TEXT)";

    static void bestIndex(const TraceIndex &index, sqlite3_index_info *info)
    {
        const double total = std::max<double>(1.0, double(index.trace().flows.size()));
        info->idxNum = Scan;
        info->estimatedCost = total;
        info->estimatedRows = static_cast<sqlite3_int64>(total);
        for (int i = 0; i < info->nConstraint; ++i) {
            const auto &c = info->aConstraint[i];
            if (!c.usable || c.op != SQLITE_INDEX_CONSTRAINT_EQ || (c.iColumn != FromId && c.iColumn != ToId))
                continue;
            info->idxNum = c.iColumn == FromId ? ByFrom : ByTo;
            info->aConstraintUsage[i].argvIndex = 1;
            info->aConstraintUsage[i].omit = 1;
            info->estimatedCost = 2 + std::log2(total);
            info->estimatedRows = 2;
            break;
        }
    }

    class Cursor
    {
    public:
        explicit Cursor(const TraceIndex &index)
            : m_trace(index.trace())
        {
        }

        void filter(int plan, const char *, int argc, sqlite3_value **argv)
        {
            m_rows.clear();
            m_pos = 0;
            m_all = plan == Scan;
            if (m_all)
                return;
            const auto id = argc > 0 ? exactInteger(argv[0]) : std::nullopt;
            const auto ref = id ? eventRefFromSqlId(m_trace, *id) : std::nullopt;
            if (!ref)
                return;
            if (plan == ByFrom) {
                const auto flows = m_trace.flowsFrom(*ref);
                for (const Flow &flow : flows)
                    m_rows.push_back(static_cast<std::uint32_t>(&flow - m_trace.flows.data()));
            } else {
                auto it = std::lower_bound(m_trace.flowsByTo.begin(), m_trace.flowsByTo.end(), *ref,
                                           [this](std::uint32_t i, const EventRef &r) { return m_trace.flows[i].to < r; });
                for (; it != m_trace.flowsByTo.end() && m_trace.flows[*it].to == *ref; ++it)
                    m_rows.push_back(*it);
            }
        }
        bool eof() const { return m_pos >= (m_all ? m_trace.flows.size() : m_rows.size()); }
        void next() { ++m_pos; }
        sqlite3_int64 rowid() const { return sqlite3_int64(flowIndex()); }
        void column(sqlite3_context *context, int column) const
        {
            const Flow &flow = m_trace.flows[flowIndex()];
            switch (column) {
            case FromId: sqlite3_result_int64(context, sqlEventId(flow.from)); break;
            case ToId: sqlite3_result_int64(context, sqlEventId(flow.to)); break;
            case Kind: resultText(context, flowKindName(flow.kind)); break;
            default: sqlite3_result_null(context); break;
            }
        }

    private:
        std::size_t flowIndex() const { return m_all ? m_pos : m_rows[m_pos]; }

        const Trace &m_trace;
        std::vector<std::uint32_t> m_rows; // flow indices, when looked up
        std::size_t m_pos = 0;
        bool m_all = true;
    };
};

} // namespace

int registerFlowTable(sqlite3 *db, const TraceIndex &index)
{
    return registerTable<FlowTable>(db, "flow", index);
}

} // namespace tracelane::sql
