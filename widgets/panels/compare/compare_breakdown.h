#pragma once
// The Compare dock's breakdown: for the name of a clicked diff row, its
// op-to-kernel breakdown (op_kernel_breakdown.h) in the control trace and in
// the test trace side by side (OpCompareChart: one bar per trace, split by
// kernel), with a note per trace: where the op sits and its totals, or that
// the name is not an op of that trace.
//
// The diff's names are CPU ops at any nesting depth and GPU kernels; the
// breakdown is per depth. So a name is looked up at depth 0, then 1, … (up to
// kMaxDepth): the shallowest depth at which it is an op, where its instances
// hold all of its deeper ones. The breakdowns of every depth are computed once
// per pair of traces, off the UI thread, on the first click.

#include "analysis/operators/op_kernel_breakdown.h"

#include <QFutureWatcher>
#include <QWidget>

#include <array>
#include <memory>
#include <vector>

class QLabel;

namespace tracelane {

namespace charts {
class OpCompareChart;
}

class CompareBreakdown : public QWidget
{
    Q_OBJECT

public:
    enum Side { Control = 0, Test = 1 };
    static constexpr int kMaxDepth = 8;

    explicit CompareBreakdown(QWidget *parent = nullptr);
    ~CompareBreakdown() override;

    void setTraces(std::shared_ptr<const Trace> control, const QString &controlLabel,
                   std::shared_ptr<const Trace> test, const QString &testLabel);
    // Shows `name` for both traces, once the breakdowns are ready.
    void showName(const QString &name);

    QString name() const { return m_name; }
    // The breakdowns of both traces are computed (after the first showName()).
    bool isReady() const { return m_ready; }
    charts::OpCompareChart *chart() const { return m_chart; }
    // The op shown for a side, or null where the name is not an op there.
    const OpBreakdown *shownOp(Side side) const;
    // The depth the shown op was found at; -1 where it was not.
    int shownDepth(Side side) const { return m_shown[side].depth; }
    QString note(Side side) const;

signals:
    void nameShown(const QString &name); // the chart shows `name`

private:
    // Per trace, the breakdown at depth 0, 1, … until a depth has no ops.
    using Levels = std::vector<OpKernelBreakdown>;
    struct Shown
    {
        int depth = -1;
        std::size_t op = 0;
    };
    void fill();

    std::shared_ptr<const Trace> m_traces[2];
    QString m_labels[2];
    std::array<Levels, 2> m_levels;
    bool m_ready = false;
    QString m_name;
    Shown m_shown[2];
    QLabel *m_notes[2] = {};
    charts::OpCompareChart *m_chart = nullptr;
    QFutureWatcher<std::array<Levels, 2>> *m_running = nullptr; // the breakdowns being computed, if any
};

} // namespace tracelane
