#pragma once
// The Efficiency dock: why the GPU waits. Sub-tabs show where GPU time goes
// per device and stream, idle time by cause with its table, the longest idle
// gaps (click one to see it on the timeline), the launch-delay histogram and
// the launch overheads T1-T5. Everything is computed on a worker thread;
// a trace without GPU work gets a plain message instead.

#include "panels/efficiency/efficiency_report.h"

#include <QFutureWatcher>
#include <QWidget>

#include <memory>

class QLabel;
class QSortFilterProxyModel;
class QStackedWidget;
class QTabWidget;
class QTableView;

namespace tracelane {

namespace charts {
class GpuTimeChart;
class IdleCausesChart;
class LaunchDelayChart;
} // namespace charts
class IdleGapModel;
class SummaryTableView;

class EfficiencyPanel : public QWidget
{
    Q_OBJECT

public:
    explicit EfficiencyPanel(QWidget *parent = nullptr);
    ~EfficiencyPanel() override;

    void setTrace(std::shared_ptr<const Trace> trace); // null clears
    bool isComputing() const { return m_watcher->isRunning(); }
    const EfficiencyReport &report() const { return m_report; }
    // Whether the tabs are shown; otherwise messageText() says why not.
    bool showsResults() const;
    QString messageText() const;
    // The time unit preference changed: times in the gap list are written again.
    void refreshTimes();

    QTabWidget *tabs() const { return m_tabs; }
    charts::GpuTimeChart *gpuTimeChart() const { return m_gpuTime; }
    charts::IdleCausesChart *idleCausesChart() const { return m_idleCauses; }
    charts::LaunchDelayChart *launchDelayChart() const { return m_launchDelay; }
    SummaryTableView *idleTable() const { return m_idleTable; }
    SummaryTableView *overheadsTable() const { return m_overheadsTable; }
    QTableView *gapView() const { return m_gapView; }
    IdleGapModel *gapModel() const { return m_gapModel; }

signals:
    void ready(); // the results of the last setTrace are shown
    // A gap was clicked: show [start, end] on the timeline and select `ref`,
    // the late launch call or, when there is none, the operation after the gap.
    void gapRequested(tracelane::TimeNs start, tracelane::TimeNs end, tracelane::EventRef ref);

private:
    void showReport(EfficiencyReport report);
    void showMessage(const QString &text);
    QWidget *createGapsPage();
    QWidget *createOverheadsPage();

    std::shared_ptr<const Trace> m_trace;
    EfficiencyReport m_report;
    QStackedWidget *m_stack;
    QLabel *m_message;
    QTabWidget *m_tabs;
    charts::GpuTimeChart *m_gpuTime;
    charts::IdleCausesChart *m_idleCauses;
    charts::LaunchDelayChart *m_launchDelay;
    SummaryTableView *m_idleTable;
    SummaryTableView *m_overheadsTable;
    IdleGapModel *m_gapModel;
    QSortFilterProxyModel *m_gapProxy;
    QTableView *m_gapView = nullptr;
    QFutureWatcher<EfficiencyReport> *m_watcher;
};

} // namespace tracelane
