#pragma once
// Rows of the `event` table handed to SQLite already in the order a query's
// ORDER BY or GROUP BY asks for, so SQLite need not sort them itself.
//
// SQLite's sorter copies every row, long kernel names included, and spills to
// temporary files past its cache: GROUP BY name over a few hundred thousand
// kernels took seconds. Here the matching events are collected as (key, ref)
// pairs and sorted in memory, text columns by their rank among the trace's
// strings (byte order, as SQLite's BINARY collation), NULL first as in SQLite.
// Keys that span a small range (kinds, name ranks, tracks) take a counting sort.

#include "event_filter.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tracelane::sql {

struct OrderTerm
{
    int column = 0; // event table column
    bool descending = false;
};

struct EventOrder
{
    std::vector<OrderTerm> terms;

    bool empty() const { return terms.empty(); }
    // Written into the plan's idxStr and read back in xFilter: "o", then column and +/- per term.
    std::string encode() const;
    static EventOrder decode(const char *text);
};

// Whether rows can be delivered sorted on this column.
bool canOrderBy(int column);

// Every event the scan yields, in `order`; ties keep ascending id.
std::vector<EventRef> sortedEvents(const TraceIndex &index, EventScan &scan, const EventOrder &order);

} // namespace tracelane::sql
