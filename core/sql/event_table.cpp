// The `event` table: one row per event of every track, read from the model in
// place. See event_filter.h for which constraints avoid a full scan.
#include "event_columns.h"
#include "event_filter.h"
#include "event_order.h"
#include "event_id.h"
#include "sql_tables.h"
#include "sql_values.h"
#include "vtab.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace tracelane::sql {
namespace {

// The constraints xFilter can use; each at most once, passed in this order.
enum Op : int {
    IdEq, IdIn, LaunchEq, TrackEq, TrackIn, ThreadEq, ProcessEq, KindEq, KindIn, NameEq,
    TsMin, TsMax, TsEq, EndMin, EndMax, EndEq, OpCount,
};

bool isBinaryCollation(sqlite3_index_info *info, int constraint)
{
    const char *collation = sqlite3_vtab_collation(info, constraint);
    return !collation || sqlite3_stricmp(collation, "BINARY") == 0;
}

// Which Op a usable constraint is, or -1. IN lists on id, track and kind are
// taken whole (sorted here), other INs one value at a time by SQLite.
int opOf(sqlite3_index_info *info, int i)
{
    const auto &c = info->aConstraint[i];
    const bool eq = c.op == SQLITE_INDEX_CONSTRAINT_EQ;
    const bool lower = c.op == SQLITE_INDEX_CONSTRAINT_GT || c.op == SQLITE_INDEX_CONSTRAINT_GE;
    const bool upper = c.op == SQLITE_INDEX_CONSTRAINT_LT || c.op == SQLITE_INDEX_CONSTRAINT_LE;
    const bool wholeIn = eq && sqlite3_vtab_in(info, i, -1);
    switch (c.iColumn) {
    case -1:
    case Id: return eq ? (wholeIn ? IdIn : IdEq) : -1;
    case TrackColumn: return eq ? (wholeIn ? TrackIn : TrackEq) : -1;
    case Kind: return eq && isBinaryCollation(info, i) ? (wholeIn ? KindIn : KindEq) : -1;
    case Name: return eq && isBinaryCollation(info, i) && !wholeIn ? NameEq : -1;
    case LaunchId: return eq && !wholeIn ? LaunchEq : -1;
    case ThreadColumn: return eq && !wholeIn ? ThreadEq : -1;
    case ProcessColumn: return eq && !wholeIn ? ProcessEq : -1;
    case Ts: return eq ? TsEq : lower ? TsMin : upper ? TsMax : -1;
    case End: return eq ? EndEq : lower ? EndMin : upper ? EndMax : -1;
    default: return -1;
    }
}

struct EventTable
{
    static constexpr const char *kSchema =
        "CREATE TABLE x(id INTEGER, track INTEGER, kind TEXT, name TEXT, ts INTEGER, dur INTEGER, \"end\" INTEGER, "
        "depth INTEGER, correlation INTEGER, launch_id INTEGER, thread INTEGER, process INTEGER, pid INTEGER, "
        "tid INTEGER, device INTEGER, stream INTEGER, value REAL, category TEXT, source_record INTEGER, "
        "unclosed INTEGER)";

    static void bestIndex(const TraceIndex &index, sqlite3_index_info *info)
    {
        std::array<int, OpCount> constraintOf;
        constraintOf.fill(-1);
        bool oneValueAtATime = false; // an IN that SQLite feeds value by value: output order is not ours
        for (int i = 0; i < info->nConstraint; ++i) {
            if (!info->aConstraint[i].usable)
                continue;
            const int op = opOf(info, i);
            if (op >= 0 && constraintOf[op] < 0)
                constraintOf[op] = i;
        }
        int argv = 0;
        int mask = 0;
        for (int op = 0; op < OpCount; ++op) {
            const int i = constraintOf[op];
            if (i < 0)
                continue;
            mask |= 1 << op;
            info->aConstraintUsage[i].argvIndex = ++argv;
            // Exact where the filter is exact; ranges are also checked by SQLite.
            info->aConstraintUsage[i].omit = op == IdEq || op == TrackEq || op == KindEq || op == NameEq
                                             || op == LaunchEq || op == ThreadEq || op == ProcessEq;
            if (op == IdIn || op == TrackIn || op == KindIn)
                sqlite3_vtab_in(info, i, 1);
            else if (sqlite3_vtab_in(info, i, -1))
                oneValueAtATime = true;
        }
        info->idxNum = mask;

        const double total = std::max<double>(1.0, double(index.eventCount()));
        const Trace &trace = index.trace();
        double rows = total;
        if (mask & (1 << IdEq)) {
            rows = 1;
            info->idxFlags |= SQLITE_INDEX_SCAN_UNIQUE;
        } else if (mask & (1 << IdIn)) {
            rows = 10;
        } else if (mask & (1 << LaunchEq)) {
            rows = 2;
        } else {
            if (mask & ((1 << TrackEq) | (1 << TrackIn)))
                rows /= std::max<double>(1.0, double(trace.tracks.size()));
            else if (mask & (1 << ThreadEq))
                rows /= std::max<double>(1.0, double(trace.threads.size()));
            else if (mask & (1 << ProcessEq))
                rows /= std::max<double>(1.0, double(trace.processes.size()));
            if (mask & ((1 << KindEq) | (1 << KindIn)))
                rows /= 8;
            if (mask & (1 << NameEq))
                rows /= 200;
            if (mask & ((1 << TsEq) | (1 << EndEq)))
                rows /= 1000;
            else if ((mask & (1 << TsMin)) && (mask & ((1 << TsMax) | (1 << EndMax))))
                rows /= 50;
            else if (mask & ((1 << TsMin) | (1 << TsMax) | (1 << EndMin) | (1 << EndMax)))
                rows /= 3;
        }
        rows = std::max(rows, 1.0);
        info->estimatedRows = static_cast<sqlite3_int64>(rows);
        info->estimatedCost = rows + std::log2(total);
        if (!oneValueAtATime)
            takeOrder(info, rows);
    }

    // Rows come out in ascending id (tracks in order, each by index); any other
    // order on the event's own columns is sorted in xFilter (event_order.h).
    static void takeOrder(sqlite3_index_info *info, double rows)
    {
        if (info->nOrderBy < 1 || info->nOrderBy > 8)
            return;
        // Always a real order, even where sqlite3_vtab_distinct() says grouping would
        // do: with "GROUP BY x ORDER BY x DESC" SQLite 3.40 asks for grouping and
        // then relies on the order.
        EventOrder order;
        for (int t = 0; t < info->nOrderBy; ++t) {
            const int column = info->aOrderBy[t].iColumn < 0 ? Id : info->aOrderBy[t].iColumn;
            if (!canOrderBy(column))
                return;
            order.terms.push_back({column, info->aOrderBy[t].desc != 0});
        }
        info->orderByConsumed = 1;
        if (order.terms.size() == 1 && order.terms[0].column == Id && !order.terms[0].descending)
            return;
        info->idxStr = sqlite3_mprintf("%s", order.encode().c_str());
        info->needToFreeIdxStr = 1;
        info->estimatedCost += rows * std::log2(rows + 1) / 16; // an in-memory sort of (key, ref) pairs
    }

    class Cursor
    {
    public:
        explicit Cursor(const TraceIndex &index)
            : m_index(index)
        {
        }

        void filter(int mask, const char *orderText, int argc, sqlite3_value **argv)
        {
            EventFilter f;
            int arg = 0;
            for (int op = 0; op < OpCount && arg < argc; ++op) {
                if (mask & (1 << op))
                    apply(f, Op(op), argv[arg++]);
            }
            m_scan.emplace(m_index, std::move(f));
            const EventOrder order = EventOrder::decode(orderText);
            m_sorted.clear();
            m_sortedPos = 0;
            m_isSorted = !order.empty();
            if (m_isSorted)
                m_sorted = sortedEvents(m_index, *m_scan, order);
        }
        bool eof() const { return m_isSorted ? m_sortedPos >= m_sorted.size() : m_scan->atEnd(); }
        void next()
        {
            if (m_isSorted)
                ++m_sortedPos;
            else
                m_scan->next();
        }
        sqlite3_int64 rowid() const { return sqlEventId(current()); }
        void column(sqlite3_context *context, int column) const;

    private:
        void apply(EventFilter &f, Op op, sqlite3_value *value) const;
        EventRef current() const { return m_isSorted ? m_sorted[m_sortedPos] : m_scan->current(); }

        const TraceIndex &m_index;
        std::optional<EventScan> m_scan;
        bool m_isSorted = false;
        std::vector<EventRef> m_sorted; // when the plan asked for an order
        std::size_t m_sortedPos = 0;
    };

private:
    static void addRef(const Trace &trace, std::vector<EventRef> &refs, sqlite3_value *value)
    {
        if (const auto id = exactInteger(value))
            if (const auto ref = eventRefFromSqlId(trace, *id))
                refs.push_back(*ref);
    }
    static void addTrack(const Trace &trace, std::vector<std::uint32_t> &tracks, sqlite3_value *value)
    {
        if (const auto id = exactInteger(value); id && *id >= 0 && std::uint64_t(*id) < trace.tracks.size())
            tracks.push_back(static_cast<std::uint32_t>(*id));
    }
    static KindMask kindMaskOf(sqlite3_value *value)
    {
        const auto kind = TraceIndex::kindNamed(textOf(value));
        return kind ? kindBit(*kind) : 0;
    }
    template<typename Visit>
    static void forEachInValue(sqlite3_value *list, Visit visit)
    {
        sqlite3_value *value = nullptr;
        for (int rc = sqlite3_vtab_in_first(list, &value); rc == SQLITE_OK && value;
             rc = sqlite3_vtab_in_next(list, &value))
            visit(value);
    }
};

void EventTable::Cursor::apply(EventFilter &f, Op op, sqlite3_value *value) const
{
    const Trace &trace = m_index.trace();
    switch (op) {
    case IdEq:
    case IdIn: {
        std::vector<EventRef> refs;
        if (op == IdEq)
            addRef(trace, refs, value);
        else
            forEachInValue(value, [&](sqlite3_value *v) { addRef(trace, refs, v); });
        std::sort(refs.begin(), refs.end());
        refs.erase(std::unique(refs.begin(), refs.end()), refs.end());
        f.none |= refs.empty();
        f.ids = std::move(refs);
        break;
    }
    case LaunchEq: {
        const auto id = exactInteger(value);
        const auto ref = id ? eventRefFromSqlId(trace, *id) : std::nullopt;
        f.none |= !ref;
        f.launchedBy = ref;
        break;
    }
    case TrackEq:
    case TrackIn: {
        std::vector<std::uint32_t> tracks;
        if (op == TrackEq)
            addTrack(trace, tracks, value);
        else
            forEachInValue(value, [&](sqlite3_value *v) { addTrack(trace, tracks, v); });
        std::sort(tracks.begin(), tracks.end());
        tracks.erase(std::unique(tracks.begin(), tracks.end()), tracks.end());
        f.none |= tracks.empty();
        f.tracks = std::move(tracks);
        break;
    }
    case ThreadEq: {
        const auto thread = exactInteger(value);
        f.none |= !thread || *thread < 0;
        f.thread = thread;
        break;
    }
    case ProcessEq: {
        const auto process = exactInteger(value);
        f.none |= !process || *process < 0;
        f.process = process;
        break;
    }
    case KindEq: f.kinds &= kindMaskOf(value); break;
    case KindIn: {
        KindMask mask = 0;
        forEachInValue(value, [&](sqlite3_value *v) { mask |= kindMaskOf(v); });
        f.kinds &= mask;
        break;
    }
    case NameEq: {
        f.name = m_index.findName(textOf(value));
        f.none |= !f.name;
        break;
    }
    case TsMin: f.tsMin = std::max(f.tsMin, lowerBound(value).value_or(f.tsMin)); break;
    case TsMax: f.tsMax = std::min(f.tsMax, upperBound(value).value_or(f.tsMax)); break;
    case TsEq:
        f.tsMin = std::max(f.tsMin, lowerBound(value).value_or(f.tsMin));
        f.tsMax = std::min(f.tsMax, upperBound(value).value_or(f.tsMax));
        break;
    case EndMin: f.endMin = std::max(f.endMin, lowerBound(value).value_or(f.endMin)); break;
    case EndMax: f.endMax = std::min(f.endMax, upperBound(value).value_or(f.endMax)); break;
    case EndEq:
        f.endMin = std::max(f.endMin, lowerBound(value).value_or(f.endMin));
        f.endMax = std::min(f.endMax, upperBound(value).value_or(f.endMax));
        break;
    case OpCount: break;
    }
}

void EventTable::Cursor::column(sqlite3_context *context, int column) const
{
    const Trace &trace = m_index.trace();
    const EventRef ref = current();
    const Track &track = trace.tracks[ref.track];
    const Event &e = track.events[ref.index];
    auto optionalInt = [context](bool present, std::int64_t value) {
        if (present)
            sqlite3_result_int64(context, value);
        else
            sqlite3_result_null(context);
    };
    const Stream *stream = track.stream >= 0 && std::size_t(track.stream) < trace.streams.size()
                               ? &trace.streams[std::size_t(track.stream)]
                               : nullptr;
    switch (column) {
    case Id: sqlite3_result_int64(context, sqlEventId(ref)); break;
    case TrackColumn: sqlite3_result_int64(context, ref.track); break;
    case Kind: resultText(context, eventKindName(e.kind)); break;
    case Name: resultText(context, trace.strings.view(e.name)); break;
    case Ts: sqlite3_result_int64(context, e.start); break;
    case Dur: sqlite3_result_int64(context, e.duration); break;
    case End: sqlite3_result_int64(context, e.end()); break;
    case Depth: sqlite3_result_int64(context, e.depth); break;
    case Correlation: optionalInt(e.correlation != 0, e.correlation); break;
    case LaunchId: {
        const bool launchable = isGpuWork(e.kind) || e.kind == EventKind::Sync;
        const auto call = launchable ? m_index.launchOf(ref) : std::nullopt;
        optionalInt(call.has_value(), call ? sqlEventId(*call) : 0);
        break;
    }
    case ThreadColumn: optionalInt(track.thread >= 0, track.thread); break;
    case ProcessColumn: optionalInt(track.process >= 0, track.process); break;
    case Pid: {
        const bool known = track.process >= 0 && std::size_t(track.process) < trace.processes.size();
        optionalInt(known, known ? trace.processes[std::size_t(track.process)].pid : 0);
        break;
    }
    case Tid: {
        const bool known = track.thread >= 0 && std::size_t(track.thread) < trace.threads.size();
        optionalInt(known, known ? trace.threads[std::size_t(track.thread)].tid : 0);
        break;
    }
    case Device: {
        const bool known = stream && stream->device >= 0 && std::size_t(stream->device) < trace.devices.size();
        optionalInt(known, known ? trace.devices[std::size_t(stream->device)].id : 0);
        break;
    }
    case StreamColumn: optionalInt(stream != nullptr, stream ? stream->streamId : 0); break;
    case Value:
        if (e.kind == EventKind::CounterSample && ref.index < track.counterValues.size())
            sqlite3_result_double(context, track.counterValues[ref.index]);
        else
            sqlite3_result_null(context);
        break;
    case Category: resultText(context, trace.category(e)); break;
    case SourceRecord: {
        const std::uint32_t record = trace.sourceRecord(ref);
        optionalInt(record != kNoSourceRecord, record);
        break;
    }
    case Unclosed: sqlite3_result_int64(context, e.unclosed ? 1 : 0); break;
    default: sqlite3_result_null(context); break;
    }
}

} // namespace

int registerEventTable(sqlite3 *db, const TraceIndex &index)
{
    return registerTable<EventTable>(db, "event", index);
}

} // namespace tracelane::sql
