#pragma once
// One op's breakdown in two traces (the Compare dock): a bar for the control
// trace above one for the test trace, on one time axis, each split into the
// kernels its instances launched. Kernels are matched across the traces by
// their short name, so one kernel has one colour in both bars; the largest
// (both traces together) get a colour of their own, the rest share "Other
// kernels". A trace without the op has no bar.

#include "chart_view.h"

#include "analysis/operators/op_kernel_breakdown.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace tracelane::charts {

class OpCompareChart : public ChartView
{
    Q_OBJECT

public:
    enum Side { Control = 0, Test = 1 };

    explicit OpCompareChart(QWidget *parent = nullptr);

    // `op` belongs to `trace` (its kernel ids are that trace's strings); null
    // where the name is not an op of that trace.
    void setOps(const QString &name, std::shared_ptr<const Trace> control, const OpBreakdown *controlOp,
                std::shared_ptr<const Trace> test, const OpBreakdown *testOp);

    // The kernels with a colour (short names), "Other kernels" last: series i is plottable i.
    QStringList seriesNames() const { return m_seriesNames; }
    // A side's time in series `series` (ns), what its segment shows.
    TimeNs segmentTime(Side side, int series) const;
    // A side's kernels by short name: (count, time).
    struct KernelTotal
    {
        std::int64_t count = 0;
        TimeNs time = 0;
    };
    const std::map<std::string, KernelTotal> &kernels(Side side) const { return m_kernels[side]; }
    QString toolTipAt(const QPoint &plotPos) const;

private:
    void rebuild();
    int seriesAt(const QPoint &plotPos, Side *side) const;

    QString m_name;
    bool m_has[2] = {false, false};
    TimeNs m_deviceTime[2] = {0, 0};
    std::map<std::string, KernelTotal> m_kernels[2];
    std::map<std::string, int> m_seriesOf; // short kernel name -> series; others: the last
    QStringList m_seriesNames;
    std::vector<TimeNs> m_segments[2]; // per series
    double m_nsPerUnit = 1.0;
};

} // namespace tracelane::charts
