#include "kernel_efficiency_tables.h"

#include "analysis/summaries/kernel_summary.h"

#include <map>

namespace tracelane {

namespace {

Cell effPercentCell(const std::optional<double> &value)
{
    return value ? Cell::fixed(*value, 2) : Cell::empty();
}

} // namespace

Table kernelEfficiencyTable(const NameSummary &summary, const KernelEfficiency &efficiency, bool onlyWithFigures)
{
    Table table = kernelSummaryTable(summary);
    if (onlyWithFigures && !efficiency.hasFigures)
        return table;
    const std::vector<std::string> added = {"Tensor Cores", "Est. SM Efficiency (%)", "Est. Occupancy (%)"};
    const auto at = static_cast<std::ptrdiff_t>(table.columns.size()) - 1;
    table.columns.insert(table.columns.begin() + at, added.begin(), added.end());
    for (std::size_t i = 0; i < table.rows.size() && i < summary.rows.size(); ++i) {
        const KernelEfficiencyRow *row = efficiency.row(summary.rows[i].name);
        const std::vector<Cell> cells = {Cell::text(row && row->tensorCores ? "Yes" : "No"),
                                         row ? effPercentCell(row->smEfficiencyPct) : Cell::empty(),
                                         row ? effPercentCell(row->occupancyPct) : Cell::empty()};
        auto &out = table.rows[i];
        out.insert(out.begin() + (static_cast<std::ptrdiff_t>(out.size()) - 1), cells.begin(), cells.end());
    }
    return table;
}

Table opFlopsTable(const std::vector<OpSummaryRow> &rows, const std::vector<const OpFlops *> &flops)
{
    struct Sums
    {
        std::uint64_t flops = 0;
        bool fromTrace = false, fromDims = false;
    };
    std::map<std::pair<std::string, Pass>, Sums> byName;
    for (const OpFlops *one : flops) {
        if (!one)
            continue;
        for (std::size_t i = 0; i < one->ops.size(); ++i) {
            if (!one->counted[i])
                continue;
            Sums &sums = byName[{std::string(one->ops[i].name), one->ops[i].pass}];
            sums.flops += one->flops[i];
            sums.fromTrace = sums.fromTrace || one->source[i] == FlopsSource::TraceArg;
            sums.fromDims = sums.fromDims || one->source[i] == FlopsSource::InputDims;
        }
    }
    Table table = opSummaryTable(rows);
    table.columns.insert(table.columns.end(), {"FLOPs", "TFLOP/s", "FLOPs Source"});
    for (std::size_t i = 0; i < table.rows.size() && i < rows.size(); ++i) {
        auto &cells = table.rows[i];
        const auto it = byName.find({rows[i].name, rows[i].pass});
        if (it == byName.end()) {
            cells.insert(cells.end(), {Cell::empty(), Cell::empty(), Cell::empty()});
            continue;
        }
        const Sums &sums = it->second;
        cells.push_back(Cell::integer(static_cast<std::int64_t>(sums.flops)));
        // FLOPs per second of the GPU work the op launched; none without GPU work.
        cells.push_back(rows[i].gpuTotal > 0
                            ? Cell::fixed(static_cast<double>(sums.flops) / (static_cast<double>(rows[i].gpuTotal) * 1e3), 3)
                            : Cell::empty());
        std::string source = sums.fromDims ? "Input Dims" : "";
        if (sums.fromTrace)
            source = source.empty() ? std::string("trace") : source + "+trace";
        cells.push_back(Cell::text(source));
    }
    return table;
}

Table deviceEfficiencyTable(const std::vector<DeviceEfficiencyRow> &rows, const StepsWindow &window)
{
    Table table;
    table.columns = {"Device", "Name", "Window Start (ns)", "Window (ns)", "Kernel Time (ns)",
                     "Est. SM Efficiency (%)", "Est. Occupancy (%)"};
    for (const DeviceEfficiencyRow &row : rows)
        table.rows.push_back({Cell::integer(row.deviceId), Cell::text(row.deviceName), Cell::integer(window.start),
                              Cell::integer(window.end - window.start), Cell::integer(row.kernelTime),
                              effPercentCell(row.smEfficiencyPct), effPercentCell(row.occupancyPct)});
    return table;
}

} // namespace tracelane
