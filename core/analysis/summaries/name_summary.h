#pragma once
// Durations of one kind of event grouped by name, in the order `nsys stats`
// prints its per-name summaries (cuda_gpu_kern_sum, cuda_api_sum,
// cuda_gpu_mem_time_sum): total time descending, then count ascending, then
// name ascending (byte order).

#include "duration_stats.h"
#include "export/table.h"
#include "model/trace.h"

#include <algorithm>
#include <initializer_list>
#include <string>
#include <vector>

namespace tracelane {

struct NameSummaryRow
{
    std::string name;
    DurationStats stats;
    double percent = 0.0; // share of the summed total of all rows
};

struct NameSummary
{
    std::vector<NameSummaryRow> rows;
    TimeNs total = 0;
};

NameSummary summarizeByName(const Trace &trace, std::initializer_list<EventKind> kinds);
// The same over several traces taken together: one row per name, its count and
// total summed and its statistics computed over the instances of all traces.
NameSummary summarizeByName(const std::vector<const Trace *> &traces, std::initializer_list<EventKind> kinds);

// "Time (%),Total Time (ns),<count>,Avg (ns),Med (ns),Min (ns),Max (ns),StdDev (ns),<name>"
Table nameSummaryTable(const NameSummary &summary, const char *countColumn, const char *nameColumn);

// Sorts rows as nsys does: total descending, count ascending, name ascending.
template<typename Row, typename Total, typename Count, typename Name>
void sortAsNsys(std::vector<Row> &rows, Total total, Count count, Name name)
{
    std::sort(rows.begin(), rows.end(), [&](const Row &a, const Row &b) {
        if (total(a) != total(b))
            return total(a) > total(b);
        if (count(a) != count(b))
            return count(a) < count(b);
        return name(a) < name(b);
    });
}

} // namespace tracelane
