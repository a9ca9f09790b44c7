// track, thread, process, device and stream: a few hundred rows at most, so
// they are copied into ordinary tables, where SQLite indexes them itself.
#include "sql_tables.h"

#include <sqlite3.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace tracelane::sql {
namespace {

using SqlValue = std::variant<std::monostate, std::int64_t, std::string_view>;

class Inserter
{
public:
    Inserter(sqlite3 *db, const char *sql)
    {
        if (sqlite3_prepare_v2(db, sql, -1, &m_statement, nullptr) != SQLITE_OK)
            m_error = sqlite3_errmsg(db);
    }
    ~Inserter() { sqlite3_finalize(m_statement); }
    Inserter(const Inserter &) = delete;
    Inserter &operator=(const Inserter &) = delete;

    void row(sqlite3 *db, const std::vector<SqlValue> &values)
    {
        if (!m_error.empty())
            return;
        for (std::size_t i = 0; i < values.size(); ++i) {
            const int slot = static_cast<int>(i + 1);
            if (const auto *n = std::get_if<std::int64_t>(&values[i]))
                sqlite3_bind_int64(m_statement, slot, *n);
            else if (const auto *s = std::get_if<std::string_view>(&values[i]))
                sqlite3_bind_text(m_statement, slot, s->empty() ? "" : s->data(), static_cast<int>(s->size()), SQLITE_STATIC);
            else
                sqlite3_bind_null(m_statement, slot);
        }
        if (sqlite3_step(m_statement) != SQLITE_DONE)
            m_error = sqlite3_errmsg(db);
        sqlite3_reset(m_statement);
    }
    const std::string &error() const { return m_error; }

private:
    sqlite3_stmt *m_statement = nullptr;
    std::string m_error;
};

SqlValue indexOrNull(std::int32_t index)
{
    return index >= 0 ? SqlValue(std::int64_t(index)) : SqlValue();
}

constexpr const char *kSchema = R"(
CREATE TABLE process(id INTEGER PRIMARY KEY, pid INTEGER, name TEXT, label TEXT, sort_index INTEGER);
CREATE TABLE thread(id INTEGER PRIMARY KEY, process INTEGER, pid INTEGER, tid INTEGER, name TEXT, sort_index INTEGER);
CREATE TABLE device(id INTEGER, name TEXT);
CREATE TABLE stream(id INTEGER PRIMARY KEY, device INTEGER, stream INTEGER);
CREATE TABLE track(id INTEGER PRIMARY KEY, kind TEXT, name TEXT, process INTEGER, thread INTEGER, pid INTEGER,
                   tid INTEGER, device INTEGER, stream INTEGER, domain TEXT, max_depth INTEGER,
                   event_count INTEGER, ts INTEGER, "end" INTEGER);
CREATE INDEX track_thread ON track(thread);
)";

} // namespace

std::string createSmallTables(sqlite3 *db, const TraceIndex &index)
{
    const Trace &trace = index.trace();
    char *message = nullptr;
    if (sqlite3_exec(db, kSchema, nullptr, nullptr, &message) != SQLITE_OK) {
        std::string error = message ? message : "cannot create the tables";
        sqlite3_free(message);
        return error;
    }
    sqlite3_exec(db, "BEGIN", nullptr, nullptr, nullptr);
    auto view = [&trace](StringId id) { return SqlValue(trace.strings.view(id)); };
    auto pidOf = [&trace](std::int32_t process) {
        return process >= 0 && std::size_t(process) < trace.processes.size() ? SqlValue(trace.processes[std::size_t(process)].pid) : SqlValue();
    };
    std::string error;
    {
        Inserter insert(db, "INSERT INTO process VALUES (?, ?, ?, ?, ?)");
        for (std::size_t i = 0; i < trace.processes.size(); ++i) {
            const Process &p = trace.processes[i];
            insert.row(db, {std::int64_t(i), p.pid, view(p.name), view(p.label), p.sortIndex});
        }
        error += insert.error();
    }
    {
        Inserter insert(db, "INSERT INTO thread VALUES (?, ?, ?, ?, ?, ?)");
        for (std::size_t i = 0; i < trace.threads.size(); ++i) {
            const Thread &t = trace.threads[i];
            insert.row(db, {std::int64_t(i), indexOrNull(t.process), pidOf(t.process), t.tid, view(t.name), t.sortIndex});
        }
        error += insert.error();
    }
    auto deviceOf = [&trace](std::int32_t device) {
        return device >= 0 && std::size_t(device) < trace.devices.size() ? SqlValue(std::int64_t(trace.devices[std::size_t(device)].id)) : SqlValue();
    };
    {
        Inserter insert(db, "INSERT INTO device VALUES (?, ?)");
        for (const GpuDevice &d : trace.devices)
            insert.row(db, {std::int64_t(d.id), view(d.name)});
        error += insert.error();
    }
    {
        Inserter insert(db, "INSERT INTO stream VALUES (?, ?, ?)");
        for (std::size_t i = 0; i < trace.streams.size(); ++i)
            insert.row(db, {std::int64_t(i), deviceOf(trace.streams[i].device), trace.streams[i].streamId});
        error += insert.error();
    }
    {
        Inserter insert(db, "INSERT INTO track VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
        for (std::size_t i = 0; i < trace.tracks.size(); ++i) {
            const Track &t = trace.tracks[i];
            const bool hasThread = t.thread >= 0 && std::size_t(t.thread) < trace.threads.size();
            const bool hasStream = t.stream >= 0 && std::size_t(t.stream) < trace.streams.size();
            insert.row(db, {std::int64_t(i), SqlValue(trackKindName(t.kind)), view(t.name), indexOrNull(t.process),
                            indexOrNull(t.thread), pidOf(t.process),
                            hasThread ? SqlValue(trace.threads[std::size_t(t.thread)].tid) : SqlValue(),
                            hasStream ? deviceOf(trace.streams[std::size_t(t.stream)].device) : SqlValue(),
                            hasStream ? SqlValue(trace.streams[std::size_t(t.stream)].streamId) : SqlValue(),
                            view(t.domain), std::int64_t(t.maxDepth), std::int64_t(t.events.size()),
                            t.events.empty() ? SqlValue() : SqlValue(t.events.front().start),
                            t.events.empty() ? SqlValue() : SqlValue(index.stats(std::uint32_t(i)).end)});
        }
        error += insert.error();
    }
    sqlite3_exec(db, "COMMIT", nullptr, nullptr, nullptr);
    return error;
}

} // namespace tracelane::sql
