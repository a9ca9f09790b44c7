#include "critical_path_tables.h"

namespace tracelane {

Table criticalPathTable(const CriticalPath &path)
{
    Table table;
    table.columns = {"Category", "Time (ns)", "Share (%)"};
    for (int c = 0; c < kPathCategoryCount; ++c) {
        const TimeNs time = path.byCategory[std::size_t(c)];
        table.rows.push_back({Cell::text(std::string(pathCategoryName(PathCategory(c)))), Cell::integer(time),
                              Cell::percentOf(time, path.length)});
    }
    return table;
}

Table criticalPathEventsTable(const Trace &trace, const CriticalPath &path)
{
    Table table;
    table.columns = {"Id", "Kind", "Name", "Start (ns)", "Duration (ns)", "On Path (ns)", "Edge"};
    for (const PathStep &step : path.steps) {
        if (!step.event.isValid())
            continue;
        const Event &e = trace.event(step.event);
        const std::uint64_t id = (std::uint64_t(step.event.track) << 32) | step.event.index;
        table.rows.push_back({Cell::integer(std::int64_t(id)), Cell::text(std::string(eventKindName(e.kind))),
                              Cell::text(std::string(trace.name(step.event))), Cell::integer(e.start),
                              Cell::integer(e.duration), Cell::integer(step.onPath),
                              Cell::text(std::string(pathEdgeKindName(step.kind)))});
    }
    return table;
}

Table whatIfTable(const CriticalPath &before, const CriticalPath &after)
{
    Table table;
    table.columns = {"Category", "Before (ns)", "After (ns)", "Change (ns)", "Share After (%)"};
    table.rows.push_back({Cell::text("Critical path"), Cell::integer(before.length), Cell::integer(after.length),
                          Cell::integer(after.length - before.length), Cell::percentOf(after.length, after.length)});
    for (int c = 0; c < kPathCategoryCount; ++c) {
        const TimeNs was = before.byCategory[std::size_t(c)], is = after.byCategory[std::size_t(c)];
        table.rows.push_back({Cell::text(std::string(pathCategoryName(PathCategory(c)))), Cell::integer(was),
                              Cell::integer(is), Cell::integer(is - was), Cell::percentOf(is, after.length)});
    }
    return table;
}

} // namespace tracelane
