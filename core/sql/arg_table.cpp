// The `arg` table: one row per argument of an event, decoded from the track's
// argument blob when read. event_id = reads one event's record; key = looks up
// one key per event without decoding the others.
#include "event_id.h"
#include "sql_tables.h"
#include "sql_values.h"
#include "vtab.h"

#include <cmath>

namespace tracelane::sql {
namespace {

enum Column : int { EventId, Key, Type, Value };
enum Bits : int { ByEvent = 1, ByKey = 2 };

std::string_view argTypeName(ArgType type)
{
    switch (type) {
    case ArgType::Null: return "null";
    case ArgType::Bool: return "bool";
    case ArgType::Int: return "int";
    case ArgType::Double: return "double";
    case ArgType::String: return "string";
    case ArgType::Json: return "json";
    }
    return "null";
}

struct ArgTable
{
    static constexpr const char *kSchema = "CREATE TABLE x(event_id INTEGER, key TEXT, type TEXT, value)";

    static void bestIndex(const TraceIndex &index, sqlite3_index_info *info)
    {
        int eventConstraint = -1, keyConstraint = -1;
        for (int i = 0; i < info->nConstraint; ++i) {
            const auto &c = info->aConstraint[i];
            if (!c.usable || c.op != SQLITE_INDEX_CONSTRAINT_EQ)
                continue;
            if (c.iColumn == EventId && eventConstraint < 0)
                eventConstraint = i;
            const char *collation = sqlite3_vtab_collation(info, i);
            if (c.iColumn == Key && keyConstraint < 0 && (!collation || sqlite3_stricmp(collation, "BINARY") == 0))
                keyConstraint = i;
        }
        int argv = 0;
        info->idxNum = 0;
        double rows = 4.0 * std::max<double>(1.0, double(index.eventCount()));
        if (eventConstraint >= 0) {
            info->idxNum |= ByEvent;
            info->aConstraintUsage[eventConstraint].argvIndex = ++argv;
            info->aConstraintUsage[eventConstraint].omit = 1;
            rows = 4;
        }
        if (keyConstraint >= 0) {
            info->idxNum |= ByKey;
            info->aConstraintUsage[keyConstraint].argvIndex = ++argv;
            info->aConstraintUsage[keyConstraint].omit = 1;
            rows /= 4;
        }
        info->estimatedRows = static_cast<sqlite3_int64>(std::max(rows, 1.0));
        // Decoding costs more than reading an event: prefer other tables as the outer loop.
        info->estimatedCost = 4 * std::max(rows, 1.0);
    }

    class Cursor
    {
    public:
        explicit Cursor(const TraceIndex &index)
            : m_trace(index.trace())
        {
        }

        void filter(int bits, const char *, int argc, sqlite3_value **argv)
        {
            int arg = 0;
            m_done = false;
            m_oneEvent = false;
            m_key.reset();
            m_ref = EventRef{0, 0};
            if (bits & ByEvent) {
                const auto id = arg < argc ? exactInteger(argv[arg]) : std::nullopt;
                ++arg;
                const auto ref = id ? eventRefFromSqlId(m_trace, *id) : std::nullopt;
                m_done = !ref;
                m_oneEvent = true;
                m_ref = ref.value_or(EventRef{0, 0});
            }
            if (bits & ByKey) {
                m_key = arg < argc ? m_trace.strings.find(textOf(argv[arg])) : std::nullopt;
                m_done |= !m_key;
            }
            m_args.clear();
            m_pos = 0;
            m_serial = 0;
            m_done |= m_trace.tracks.empty();
            if (!m_done)
                loadCurrent();
            settle();
        }
        bool eof() const { return m_done; }
        void next()
        {
            ++m_pos;
            ++m_serial;
            settle();
        }
        sqlite3_int64 rowid() const { return m_serial; } // the row's position in this scan
        void column(sqlite3_context *context, int column) const
        {
            const Arg &arg = m_args[m_pos];
            switch (column) {
            case EventId: sqlite3_result_int64(context, sqlEventId(m_ref)); break;
            case Key: resultText(context, m_trace.strings.view(arg.key)); break;
            case Type: resultText(context, argTypeName(arg.value.type)); break;
            case Value:
                switch (arg.value.type) {
                case ArgType::Null: sqlite3_result_null(context); break;
                case ArgType::Bool:
                case ArgType::Int: sqlite3_result_int64(context, arg.value.i); break;
                case ArgType::Double: sqlite3_result_double(context, arg.value.d); break;
                case ArgType::String:
                case ArgType::Json: resultText(context, m_trace.strings.view(arg.value.s)); break;
                }
                break;
            default: sqlite3_result_null(context); break;
            }
        }

    private:
        // Reads the arguments of m_ref (only m_key's, when one is asked for).
        void loadCurrent()
        {
            m_args.clear();
            m_pos = 0;
            const Track &track = m_trace.tracks[m_ref.track];
            if (track.events.empty())
                return;
            const ArgsOffset offset = track.events[m_ref.index].args;
            if (offset == kNoArgs)
                return;
            if (m_key) {
                if (auto value = findArg(m_trace.argSchemas, track.argBlob, offset, *m_key))
                    m_args.push_back({*m_key, *value});
            } else {
                m_args = decodeArgs(m_trace.argSchemas, track.argBlob, offset);
            }
        }
        // Moves to the next argument, across events when scanning them all.
        void settle()
        {
            while (!m_done && m_pos >= m_args.size()) {
                if (m_oneEvent || !advanceEvent()) {
                    m_done = true;
                    return;
                }
                loadCurrent();
            }
        }
        bool advanceEvent()
        {
            std::uint32_t track = m_ref.track, index = m_ref.index + 1;
            while (track < m_trace.tracks.size()) {
                if (index < m_trace.tracks[track].events.size()) {
                    m_ref = {track, index};
                    return true;
                }
                ++track;
                index = 0;
            }
            return false;
        }

        const Trace &m_trace;
        EventRef m_ref{0, 0};
        std::optional<StringId> m_key;
        std::vector<Arg> m_args;
        std::size_t m_pos = 0;
        bool m_oneEvent = false;
        bool m_done = true;
        sqlite3_int64 m_serial = 0;
    };
};

} // namespace

int registerArgTable(sqlite3 *db, const TraceIndex &index)
{
    return registerTable<ArgTable>(db, "arg", index);
}

} // namespace tracelane::sql
