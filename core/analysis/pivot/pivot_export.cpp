#include "pivot_export.h"

namespace tracelane {

Table pivotTable(const PivotResult &result)
{
    Table table;
    for (const PivotBy &by : result.dimensions)
        table.columns.push_back(pivotByTitle(by));
    for (const char *column : {"Level", "Count", "Total (ns)", "Self (ns)", "Mean (ns)", "Min (ns)", "Max (ns)"})
        table.columns.emplace_back(column);
    if (result.groups.empty())
        return table;
    const std::size_t dims = result.dimensions.size();
    for (std::uint32_t index : result.depthFirst()) {
        const PivotGroup &g = result.groups[index];
        std::vector<Cell> row(dims);
        // A group's key and its ancestors' keys: each row reads on its own.
        for (std::uint32_t at = index; at != kPivotNoGroup && result.groups[at].level >= 0;
             at = result.groups[at].parent)
            row[std::size_t(result.groups[at].level)] = Cell::text(result.groups[at].key);
        row.push_back(Cell::integer(g.level + 1));
        row.push_back(Cell::integer(g.count));
        row.push_back(Cell::integer(g.total));
        row.push_back(Cell::integer(g.self));
        row.push_back(Cell::fixed(g.mean()));
        row.push_back(Cell::integer(g.min));
        row.push_back(Cell::integer(g.max));
        table.rows.push_back(std::move(row));
    }
    return table;
}

} // namespace tracelane
