#pragma once
// The Critical Path dock: each step's critical path as a stacked bar by cause,
// the stretches of the chosen step's path as a list (click one to select its
// event on the timeline), and a what-if box that rescales durations and shows
// the step's new length. Computed on worker threads.

#include "panels/critical/critical_path_report.h"

#include <QFutureWatcher>
#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSortFilterProxyModel;
class QStackedWidget;
class QTableView;

namespace tracelane {

namespace charts {
class CriticalPathChart;
}
class NameFirstColumns;
class PathStepModel;

class CriticalPathPanel : public QWidget
{
    Q_OBJECT

public:
    explicit CriticalPathPanel(QWidget *parent = nullptr);
    ~CriticalPathPanel() override;

    void setTrace(std::shared_ptr<const Trace> trace, const IterationOptions &options); // null clears
    bool isComputing() const { return m_watcher->isRunning() || m_whatIfWatcher->isRunning(); }
    const CriticalPathReport &report() const { return m_report; }
    bool showsResults() const;
    QString messageText() const;

    int currentStep() const; // -1 when there is none
    void setCurrentStep(int index);
    // The shown step's path with the trace's own times; null when there is none.
    const CriticalPath *currentPath() const;
    // Runs the what-if box's spec on the shown step; an empty spec clears the result.
    void applyWhatIf();
    QString whatIfText() const;
    void refreshTimes();

    charts::CriticalPathChart *chart() const { return m_chart; }
    QComboBox *stepCombo() const { return m_steps; }
    QLineEdit *whatIfEdit() const { return m_whatIf; }
    QTableView *stepView() const { return m_stepView; }
    PathStepModel *stepModel() const { return m_stepModel; }

signals:
    void ready();       // the results of the last setTrace are shown
    void pathChanged(); // another step's path is shown
    void whatIfReady(); // whatIfText() has the result of applyWhatIf()
    void eventRequested(tracelane::EventRef ref);

private:
    void showReport(CriticalPathReport report);
    void showMessage(const QString &text);
    void showStep(int index);
    void showWhatIf(const CriticalPath &after);

    std::shared_ptr<const Trace> m_trace;
    CriticalPathReport m_report;
    QStackedWidget *m_stack;
    QLabel *m_message;
    QComboBox *m_steps;
    QLineEdit *m_whatIf;
    QPushButton *m_apply;
    QLabel *m_whatIfResult;
    charts::CriticalPathChart *m_chart;
    PathStepModel *m_stepModel;
    QSortFilterProxyModel *m_stepProxy;
    QTableView *m_stepView;
    QFutureWatcher<CriticalPathReport> *m_watcher;
    QFutureWatcher<CriticalPath> *m_whatIfWatcher;
    int m_whatIfStep = -1;
    NameFirstColumns *m_stepColumns;
};

} // namespace tracelane
