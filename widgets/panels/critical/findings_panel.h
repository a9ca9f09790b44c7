#pragma once
// The Findings dock: what to fix, one row per problem the rules find in the
// whole trace (docs/ANALYSIS_FINDINGS.md), ranked by the time its events hold
// on the trace's critical path, then by its own time. Clicking a finding shows
// its message and usual fix, lists its events and selects the first on the
// timeline; clicking an event selects it (or shows a region). Computed on a
// worker thread.

#include "analysis/findings/findings.h"

#include <QFutureWatcher>
#include <QWidget>

#include <memory>

class QLabel;
class QSortFilterProxyModel;
class QStackedWidget;
class QTableView;

namespace tracelane {

class FindingModel;
class NameFirstColumns;
class FindingEventModel;

struct FindingsReport
{
    std::vector<Finding> findings;
    std::vector<TimeNs> onPath; // parallel: time on the whole trace's critical path
    TimeNs pathLength = 0;
};

FindingsReport computeFindingsReport(const Trace &trace);

class FindingsPanel : public QWidget
{
    Q_OBJECT

public:
    explicit FindingsPanel(QWidget *parent = nullptr);
    ~FindingsPanel() override;

    void setTrace(std::shared_ptr<const Trace> trace); // null clears
    bool isComputing() const { return m_watcher->isRunning(); }
    bool showsResults() const;
    QString messageText() const;
    void refreshTimes();

    // Shows row `row` of the findings as shown (sorted): its text and events;
    // with `select`, its first event is selected (or its region shown) too.
    void showFinding(int row, bool select = true);
    QString detailsText() const;

    FindingModel *findingModel() const { return m_findings; }
    FindingEventModel *eventModel() const { return m_events; }
    QTableView *findingView() const { return m_findingView; }
    QTableView *eventView() const { return m_eventView; }

signals:
    void ready();
    void eventRequested(tracelane::EventRef ref);
    void regionRequested(tracelane::TimeNs start, tracelane::TimeNs end);

private:
    void showReport(FindingsReport report);
    void showMessage(const QString &text);
    void requestEvent(const FindingEvent &event);

    std::shared_ptr<const Trace> m_trace;
    QStackedWidget *m_stack;
    QLabel *m_message;
    QLabel *m_caption;
    QLabel *m_details;
    FindingModel *m_findings;
    FindingEventModel *m_events;
    QSortFilterProxyModel *m_findingProxy;
    QSortFilterProxyModel *m_eventProxy;
    QTableView *m_findingView;
    QTableView *m_eventView;
    QFutureWatcher<FindingsReport> *m_watcher;
    std::string m_currentRule; // of the finding shown
    NameFirstColumns *m_findingColumns;
    NameFirstColumns *m_eventColumns;
};

} // namespace tracelane
