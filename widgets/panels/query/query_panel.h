#pragma once
// The Query dock: SQL over the loaded trace (schema in docs/SQL.md). An editor,
// Run (Ctrl+Enter) and Stop, a menu of example queries, and the result table.
// Queries run on a worker thread against one TraceDatabase per trace, so the
// window stays responsive; a bad query shows SQLite's message instead of rows.
// Clicking a row that carries an event id (event.id, launch_id, flow ends, ...)
// asks the timeline to show that event.

#include "model/trace.h"
#include "sql/trace_database.h"

#include <QFutureWatcher>
#include <QWidget>

#include <memory>
#include <vector>

class QLabel;
class QMenu;
class QPlainTextEdit;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;
class QToolButton;

namespace tracelane {

class ResultTableModel;

class QueryPanel : public QWidget
{
    Q_OBJECT

public:
    static constexpr std::size_t kMaxRows = 100000; // shown; the rest is counted as cut

    explicit QueryPanel(QWidget *parent = nullptr);
    ~QueryPanel() override;

    void setTrace(std::shared_ptr<const Trace> trace); // null clears
    void setQuery(const QString &sql);
    QString query() const;
    void run(); // the editor's query, on a worker thread
    void stop();
    bool isRunning() const { return m_watcher->isRunning(); }

    QPlainTextEdit *editor() const { return m_editor; }
    QTableView *resultView() const { return m_view; }
    QLabel *messageLabel() const { return m_message; }
    QMenu *examplesMenu() const { return m_examples; }
    ResultTableModel *resultModel() const { return m_model; }
    bool lastQueryFailed() const { return m_failed; }

signals:
    void finished(); // the result or the error of the last run is shown
    void eventRequested(tracelane::EventRef ref);

private:
    struct Session;

    void showResult(const SqlResult &result, qint64 elapsedMs);
    void activate(const QModelIndex &index);
    void updateButtons();

    std::shared_ptr<const Trace> m_trace;
    std::shared_ptr<Session> m_session;
    QPlainTextEdit *m_editor;
    QPushButton *m_run;
    QPushButton *m_stop;
    QToolButton *m_examplesButton;
    QMenu *m_examples;
    QLabel *m_message;
    ResultTableModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QTableView *m_view;
    QFutureWatcher<SqlResult> *m_watcher;
    std::vector<bool> m_eventIdColumns;
    qint64 m_startedMs = 0;
    bool m_failed = false;
};

} // namespace tracelane
