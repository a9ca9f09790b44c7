#pragma once
// The columns of the `event` table, in declaration order (see event_table.cpp).

namespace tracelane::sql {

enum EventColumn : int {
    Id,
    TrackColumn,
    Kind,
    Name,
    Ts,
    Dur,
    End,
    Depth,
    Correlation,
    LaunchId,
    ThreadColumn,
    ProcessColumn,
    Pid,
    Tid,
    Device,
    StreamColumn,
    Value,
    Category,
    SourceRecord,
    Unclosed,
};

} // namespace tracelane::sql
