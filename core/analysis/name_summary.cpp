#include "name_summary.h"
#include "model/time_math.h"

#include "nsys_number.h"

#include <algorithm>
#include <unordered_map>

namespace tracelane {

NameSummary summarizeByName(const Trace &trace, std::initializer_list<EventKind> kinds)
{
    std::unordered_map<StringId, std::vector<TimeNs>> durationsByName;
    for (const Track &track : trace.tracks) {
        for (const Event &e : track.events) {
            if (std::find(kinds.begin(), kinds.end(), e.kind) != kinds.end())
                durationsByName[e.name].push_back(e.duration);
        }
    }
    NameSummary summary;
    summary.rows.reserve(durationsByName.size());
    TimeSum total;
    for (auto &[name, durations] : durationsByName) {
        NameSummaryRow row;
        row.name = std::string(trace.strings.view(name));
        row.stats = computeDurationStats(durations);
        total += row.stats.total;
        summary.rows.push_back(std::move(row));
    }
    summary.total = total.saturated();
    for (NameSummaryRow &row : summary.rows)
        row.percent = summary.total ? 100.0 * double(row.stats.total) / double(summary.total) : 0.0;
    sortAsNsys(
        summary.rows, [](const NameSummaryRow &r) { return r.stats.total; },
        [](const NameSummaryRow &r) { return r.stats.count; }, [](const NameSummaryRow &r) -> const std::string & { return r.name; });
    return summary;
}

Table nameSummaryTable(const NameSummary &summary, const char *countColumn, const char *nameColumn)
{
    Table table;
    table.columns = {"Time (%)", "Total Time (ns)", countColumn, "Avg (ns)", "Med (ns)",
                     "Min (ns)", "Max (ns)",        "StdDev (ns)", nameColumn};
    for (const NameSummaryRow &row : summary.rows) {
        const DurationStats &s = row.stats;
        table.rows.push_back({nsysFixed(row.percent), Cell::integer(s.total), Cell::integer(s.count),
                              nsysFixed(s.average), nsysFixed(s.median), Cell::integer(s.min),
                              Cell::integer(s.max), nsysFixed(s.stddev), Cell::text(row.name)});
    }
    return table;
}

} // namespace tracelane
