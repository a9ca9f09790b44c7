#pragma once
// The GPU work of the selected range (an NVTX or user-annotation range, or a
// CPU op): what it launched, with its totals, and what merely overlapped it on
// the GPU. "Launched" counts by default the calls of every thread of the
// range's process, as the PyTorch profiler and HTA count a step or phase (the
// autograd thread launches the backward kernels while the main thread waits in
// "BWD pass"); a switch narrows it to the range's own thread, the rule of
// nsys's NVTX GPU projection. The switch names the count of each. A title line names the range and its time, so the numbers are never
// read as another event's. A row's double-click (or Enter) asks to select that
// op on the timeline. The lookup takes microseconds (range_kernels.h), so it runs here
// on the UI thread; only the first kMaxRows rows of a list are shown.

#include "analysis/ranges/range_kernels.h"

#include <QWidget>

#include <memory>
#include <optional>

class QComboBox;
class QLabel;
class QTableWidget;

namespace tracelane {

class RangeKernelsPanel : public QWidget
{
    Q_OBJECT

public:
    static constexpr int kMaxRows = 2000;

    explicit RangeKernelsPanel(QWidget *parent = nullptr);
    ~RangeKernelsPanel() override;

    void setTrace(std::shared_ptr<const Trace> trace);
    // Looks up `ref` if it is a range or op on a CPU thread; otherwise clears.
    void showRange(EventRef ref);
    void refresh(); // again, e.g. in another time unit
    // Which launching calls count: the process's threads (default) or the range's own.
    LaunchScope scope() const { return m_scope; }
    void setScope(LaunchScope scope);
    // Launched ops under the other scope, for the switch's label; 0 when cleared.
    std::int64_t otherScopeOps() const { return m_otherScopeOps; }
    QComboBox *scopeSwitch() const { return m_scopeSwitch; }
    bool hasRange() const { return m_result.has_value(); }
    const RangeKernels *result() const { return m_result ? &*m_result : nullptr; }
    EventRef range() const { return m_range; } // invalid when cleared
    // Whether `ref` is one of the launched or overlapping ops listed now.
    bool lists(EventRef ref) const;
    std::vector<EventRef> launchedOps() const; // of the shown range; empty when cleared
    QString titleText() const;

    QTableWidget *launchedTable() const { return m_launched; }
    QTableWidget *overlappingTable() const { return m_overlapping; }
    // The totals as shown: CPU duration, GPU projected span, summed GPU time, GPU ops.
    QString totalsText() const;

    static bool canHaveKernels(const Trace &trace, EventRef ref);

signals:
    void jumpRequested(tracelane::EventRef ref);
    void scopeChanged(tracelane::LaunchScope scope); // launchedOps() changed with it

private:
    void fill(QTableWidget *table, const std::vector<EventRef> &ops);
    void showScopeSwitch(std::int64_t processOps, std::int64_t threadOps);
    QTableWidget *makeTable(const char *objectName);

    std::shared_ptr<const Trace> m_trace;
    std::unique_ptr<RangeKernelLookup> m_lookup;
    std::optional<RangeKernels> m_result;
    EventRef m_range; // the one shown
    LaunchScope m_scope = LaunchScope::Process;
    std::int64_t m_otherScopeOps = 0;
    QComboBox *m_scopeSwitch;
    QLabel *m_title;
    QLabel *m_cpu, *m_span, *m_summed, *m_ops;
    QLabel *m_launchedTitle, *m_overlappingTitle;
    QTableWidget *m_launched, *m_overlapping;
};

} // namespace tracelane
