#include "name_summary.h"
#include "model/time_math.h"

#include "nsys_number.h"

#include <algorithm>
#include <unordered_map>

namespace tracelane {

namespace {

// Percentages of the summed total, and the nsys row order.
void finishSummary(NameSummary &summary)
{
    TimeSum total;
    for (const NameSummaryRow &row : summary.rows)
        total += row.stats.total;
    summary.total = total.saturated();
    for (NameSummaryRow &row : summary.rows)
        row.percent = summary.total ? 100.0 * double(row.stats.total) / double(summary.total) : 0.0;
    sortAsNsys(
        summary.rows, [](const NameSummaryRow &r) { return r.stats.total; },
        [](const NameSummaryRow &r) { return r.stats.count; }, [](const NameSummaryRow &r) -> const std::string & { return r.name; });
}

} // namespace

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
    for (auto &[name, durations] : durationsByName) {
        NameSummaryRow row;
        row.name = std::string(trace.strings.view(name));
        row.stats = computeDurationStats(durations);
        summary.rows.push_back(std::move(row));
    }
    finishSummary(summary);
    return summary;
}

NameSummary summarizeByName(const std::vector<const Trace *> &traces, std::initializer_list<EventKind> kinds)
{
    // Each trace's names are ids into its own string table: group by id per
    // trace, then by text across traces.
    std::unordered_map<std::string, std::vector<TimeNs>> durationsByName;
    for (const Trace *trace : traces) {
        if (!trace)
            continue;
        std::unordered_map<StringId, std::vector<TimeNs>> byId;
        for (const Track &track : trace->tracks)
            for (const Event &e : track.events)
                if (std::find(kinds.begin(), kinds.end(), e.kind) != kinds.end())
                    byId[e.name].push_back(e.duration);
        for (auto &[name, durations] : byId) {
            std::vector<TimeNs> &all = durationsByName[std::string(trace->strings.view(name))];
            all.insert(all.end(), durations.begin(), durations.end());
        }
    }
    NameSummary summary;
    summary.rows.reserve(durationsByName.size());
    for (auto &[name, durations] : durationsByName)
        summary.rows.push_back({name, computeDurationStats(durations), 0.0});
    finishSummary(summary);
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
