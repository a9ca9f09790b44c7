#include "op_summary.h"
#include "model/time_math.h"

#include "analysis/gpu/gpu_launches.h"
#include "analysis/ranges/range_containment.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace tracelane {

namespace {

void sortByCpuTotal(std::vector<OpSummaryRow> &rows)
{
    std::sort(rows.begin(), rows.end(), [](const OpSummaryRow &a, const OpSummaryRow &b) {
        return std::tie(b.cpuTotal, a.name, a.pass) < std::tie(a.cpuTotal, b.name, b.pass);
    });
}

} // namespace

std::vector<OpSummaryRow> opSummary(const Trace &trace)
{
    const std::vector<AutogradOp> ops = collectAutogradOps(trace);
    // Ops as ranges, so the nsys containment rule finds the launches inside each.
    std::vector<RangeInstance> spans;
    spans.reserve(ops.size());
    for (const AutogradOp &op : ops) {
        RangeInstance r;
        r.ref = op.ref;
        r.thread = op.thread;
        r.start = op.start;
        r.end = op.end;
        spans.push_back(r);
    }
    std::vector<TimeNs> gpuTime(ops.size(), 0);
    std::vector<std::int64_t> kernels(ops.size(), 0);
    const std::vector<GpuLaunch> launches = collectGpuLaunches(trace);
    forEachContainingRange(spans, launches, [&](std::size_t l, std::ptrdiff_t r) {
        if (r < 0)
            return;
        const Event &work = trace.event(launches[l].gpuOp);
        gpuTime[static_cast<std::size_t>(r)] = saturatingAdd(gpuTime[static_cast<std::size_t>(r)], work.duration);
        kernels[static_cast<std::size_t>(r)] += work.kind == EventKind::Kernel ? 1 : 0;
    });

    std::map<std::pair<std::string_view, Pass>, OpSummaryRow> byName;
    for (std::size_t i = 0; i < ops.size(); ++i) {
        OpSummaryRow &row = byName[{ops[i].name, ops[i].pass}];
        ++row.calls;
        row.cpuTotal = saturatingAdd(row.cpuTotal, ops[i].end - ops[i].start);
        row.gpuTotal = saturatingAdd(row.gpuTotal, gpuTime[i]);
        row.kernels += kernels[i];
    }
    std::vector<OpSummaryRow> rows;
    rows.reserve(byName.size());
    for (auto &[key, row] : byName) {
        row.name = std::string(key.first);
        row.pass = key.second;
        rows.push_back(std::move(row));
    }
    sortByCpuTotal(rows);
    return rows;
}

std::vector<OpSummaryRow> opSummary(const std::vector<const Trace *> &traces)
{
    std::map<std::pair<std::string, Pass>, OpSummaryRow> byName;
    for (const Trace *trace : traces) {
        if (!trace)
            continue;
        for (OpSummaryRow &own : opSummary(*trace)) {
            OpSummaryRow &row = byName[{own.name, own.pass}];
            row.calls += own.calls;
            row.cpuTotal = saturatingAdd(row.cpuTotal, own.cpuTotal);
            row.gpuTotal = saturatingAdd(row.gpuTotal, own.gpuTotal);
            row.kernels += own.kernels;
        }
    }
    std::vector<OpSummaryRow> rows;
    rows.reserve(byName.size());
    for (auto &[key, row] : byName) {
        row.name = key.first;
        row.pass = key.second;
        rows.push_back(std::move(row));
    }
    sortByCpuTotal(rows);
    return rows;
}

Table opSummaryTable(const std::vector<OpSummaryRow> &rows)
{
    Table table;
    table.columns = {"Name", "Pass", "Calls", "CPU total (ns)", "CPU time (ns)", "CUDA total (ns)", "CUDA time (ns)",
                     "Kernels"};
    for (const OpSummaryRow &row : rows) {
        const double calls = static_cast<double>(row.calls);
        table.rows.push_back({Cell::text(row.name), Cell::text(std::string(passName(row.pass))),
                              Cell::integer(row.calls), Cell::integer(row.cpuTotal),
                              Cell::fixed(static_cast<double>(row.cpuTotal) / calls), Cell::integer(row.gpuTotal),
                              Cell::fixed(static_cast<double>(row.gpuTotal) / calls), Cell::integer(row.kernels)});
    }
    return table;
}

} // namespace tracelane
