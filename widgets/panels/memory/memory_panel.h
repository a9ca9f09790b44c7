#pragma once
// The Memory dock: where the memory of a profile_memory=True trace goes, as
// `tracelane-cli memory` reports it: each device's peak, the per-operator
// table, the allocations alive at each peak and the memory curves
// (docs/ANALYSIS_MEMORY.md).
// Computed on a worker thread; a trace without memory records says how to
// record them.

#include "export/table.h"
#include "panels/memory/snapshot_pages.h"
#include "model/trace.h"

#include <QFutureWatcher>
#include <QWidget>

#include <memory>

class QLabel;
class QStackedWidget;
class QTabWidget;

namespace tracelane {

class SummaryTableView;
namespace charts {
class MemoryCurvesChart;
}

struct MemoryReport
{
    std::size_t memoryEvents = 0;
    Table devices, byOp, atPeak, neverFreed;
    std::vector<EventRef> peakOps; // parallel to atPeak's rows: the op that made each allocation
    SnapshotReport snapshot;       // a memory snapshot's own pages; empty otherwise
};

MemoryReport computeMemoryReport(const Trace &trace);

class MemoryPanel : public QWidget
{
    Q_OBJECT

public:
    explicit MemoryPanel(QWidget *parent = nullptr);
    ~MemoryPanel() override;

    void setTrace(std::shared_ptr<const Trace> trace); // null clears
    bool showsResults() const;
    QString messageText() const;

    SummaryTableView *devicesTable() const { return m_devices; }
    SummaryTableView *byOpTable() const { return m_byOp; }
    SummaryTableView *atPeakTable() const { return m_atPeak; }
    SummaryTableView *neverFreedTable() const { return m_neverFreed; }
    charts::MemoryCurvesChart *curvesChart() const { return m_curves; }
    QTabWidget *tabs() const { return m_tabs; }
    SnapshotPages *snapshotPages() const { return m_snapshot; }

signals:
    void ready();
    // A row of At the Peak was clicked: the op that made that allocation.
    void eventRequested(tracelane::EventRef ref);

private:
    void showReport(MemoryReport report);
    void showMessage(const QString &text);

    std::shared_ptr<const Trace> m_trace;
    QStackedWidget *m_stack;
    QLabel *m_message;
    QTabWidget *m_tabs;
    SummaryTableView *m_devices;
    SummaryTableView *m_byOp;
    SummaryTableView *m_atPeak;
    SummaryTableView *m_neverFreed;
    charts::MemoryCurvesChart *m_curves;
    SnapshotPages *m_snapshot;
    QFutureWatcher<MemoryReport> *m_watcher;
    std::vector<EventRef> m_peakOps;
};

} // namespace tracelane
