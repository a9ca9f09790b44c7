#pragma once
// The tables, views and functions a TraceDatabase registers on its connection.

#include "trace_index.h"

#include <string>

struct sqlite3;

namespace tracelane::sql {

int registerEventTable(sqlite3 *db, const TraceIndex &index);
int registerFlowTable(sqlite3 *db, const TraceIndex &index);
int registerArgTable(sqlite3 *db, const TraceIndex &index);
// track, thread, process, device, stream: small, so copied into plain tables.
// Returns an error message, empty on success.
std::string createSmallTables(sqlite3 *db, const TraceIndex &index);
std::string createViews(sqlite3 *db);
int registerAggregates(sqlite3 *db);

} // namespace tracelane::sql
