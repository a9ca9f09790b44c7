// Views for the joins users write most: GPU work with the call that launched
// it, the ranges around a call, and the GPU work each range launched. They are
// written so SQLite can drive them through the event table's lookups (id,
// launch_id, thread / process + time bounds); see docs/SQL.md.
#include "sql_tables.h"

#include <sqlite3.h>

namespace tracelane::sql {
namespace {

constexpr const char *kViews = R"(
CREATE VIEW gpu_op AS
SELECT op.id AS id, op.kind AS kind, op.name AS name, op.ts AS ts, op.dur AS dur, op."end" AS "end",
       op.device AS device, op.stream AS stream, op.track AS track, op.correlation AS correlation,
       op.launch_id AS api_id, api.name AS api_name, api.ts AS api_ts, api.dur AS api_dur,
       api.thread AS thread, api.process AS process, api.pid AS pid, api.tid AS tid
FROM event AS op LEFT JOIN event AS api ON api.id = op.launch_id
WHERE op.kind IN ('kernel', 'memcpy', 'memset');

CREATE VIEW kernel AS
SELECT op.id AS id, op.name AS name, op.ts AS ts, op.dur AS dur, op."end" AS "end",
       op.device AS device, op.stream AS stream, op.track AS track, op.correlation AS correlation,
       op.launch_id AS api_id, api.name AS api_name, api.ts AS api_ts, api.dur AS api_dur,
       api.thread AS thread, api.process AS process, api.pid AS pid, api.tid AS tid
FROM event AS op LEFT JOIN event AS api ON api.id = op.launch_id
WHERE op.kind = 'kernel';

CREATE VIEW counter AS
SELECT id, track, name, ts, value FROM event WHERE kind = 'counter';

CREATE VIEW enclosing_range AS
SELECT e.id AS event_id, c.id AS call_id, r.id AS range_id, r.name AS name, t.domain AS domain,
       r.depth AS depth, r.ts AS ts, r.dur AS dur, r."end" AS "end"
FROM event AS e
JOIN event AS c ON c.id = coalesce(e.launch_id, e.id)
JOIN track AS t ON t.thread = c.thread AND t.kind = 'thread_ranges'
JOIN event AS r ON r.track = t.id AND r.kind = 'range' AND r.ts <= c.ts AND r."end" >= c."end" AND r.id <> c.id;

CREATE VIEW range_gpu_op AS
SELECT r.id AS range_id, r.name AS range_name, api.id AS api_id, api.name AS api_name,
       op.id AS op_id, op.kind AS kind, op.name AS name, op.ts AS ts, op.dur AS dur, op."end" AS "end",
       op.device AS device, op.stream AS stream
FROM event AS r
JOIN event AS api ON api.thread = r.thread AND api.kind = 'api_call' AND api.ts >= r.ts AND api."end" <= r."end"
JOIN event AS op ON op.launch_id = api.id
WHERE r.kind = 'range' AND op.kind IN ('kernel', 'memcpy', 'memset');
)";

} // namespace

std::string createViews(sqlite3 *db)
{
    char *message = nullptr;
    if (sqlite3_exec(db, kViews, nullptr, nullptr, &message) == SQLITE_OK)
        return {};
    std::string error = message ? message : "cannot create the views";
    sqlite3_free(message);
    return error;
}

} // namespace tracelane::sql
