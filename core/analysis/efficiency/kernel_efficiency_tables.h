#pragma once
// The efficiency figures as table columns, for `tracelane-cli kernels
// --efficiency`, `ops --flops`, `gpu-time --efficiency` and the Summaries dock.

#include "kernel_efficiency.h"
#include "op_flops.h"

#include "analysis/operators/op_summary.h"
#include "analysis/summaries/name_summary.h"
#include "export/table.h"

namespace tracelane {

// The kernel summary table (kernelSummaryTable) with "Tensor Cores", "Est. SM
// Efficiency (%)" and "Est. Occupancy (%)" put before its last column (the
// name, which stays last). Empty cells for names without the figures.
// `onlyWithFigures`: the plain kernel summary when no kernel has the figures
// (the Summaries dock: Nsight Systems and nvprof traces keep their table).
Table kernelEfficiencyTable(const NameSummary &summary, const KernelEfficiency &efficiency,
                            bool onlyWithFigures = false);

// opSummaryTable with "FLOPs", "TFLOP/s" (FLOPs / CUDA total) and "FLOPs
// Source" ("Input Dims", "trace", or both joined by "+") after its columns.
// One OpFlops per trace for rows over several traces.
Table opFlopsTable(const std::vector<OpSummaryRow> &rows, const std::vector<const OpFlops *> &flops);

// Device,Name,Window Start (ns),Window (ns),Kernel Time (ns),Est. SM Efficiency (%),Est. Occupancy (%)
Table deviceEfficiencyTable(const std::vector<DeviceEfficiencyRow> &rows, const StepsWindow &window);

} // namespace tracelane
