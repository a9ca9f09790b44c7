#pragma once
// The Ranks dock: the traces of a distributed run side by side. Above, one
// row per rank (iterations, their median and max, GPU busy and idle time,
// communication and its overlap with compute) with the straggler, the rank
// with the largest median iteration, standing out and named in a note; below,
// per iteration, the rank that entered its collectives last and by how much.
// Clicking a row asks the window to show that rank, or that iteration.
// Two more tabs, filled on a worker thread from the merged trace: the
// collectives matched across the ranks with their transfer and wait
// (collective_panel.h), and the ranks' pace (pace_panel.h).

#include "analysis/ranks/rank_summary.h"
#include "panels/ranks/distributed_results.h"

#include <QFutureWatcher>
#include <QWidget>

#include <cstddef>
#include <cstdint>
#include <memory>

class QLabel;
class QSortFilterProxyModel;
class QSplitter;
class QStackedWidget;
class QTabWidget;
class QTableView;

namespace tracelane {

class CollectivePanel;
class PacePanel;
class RankTableModel;

class RankPanel : public QWidget
{
    Q_OBJECT

public:
    explicit RankPanel(QWidget *parent = nullptr);
    ~RankPanel() override;

    // Keeps its own copy. Fewer than two ranks shows a hint instead of tables.
    void setSummary(const RankSummary &summary);
    const RankSummary &summary() const { return m_summary; }
    // The merged trace of the ranks (null or a single trace clears): its
    // collectives and pace are computed on a worker thread, then shown and
    // announced by distributedReady().
    void setTrace(std::shared_ptr<const Trace> trace);
    // Shows results computed elsewhere (what setTrace does when the worker is done).
    void setResults(const DistributedResults &results);
    const DistributedResults &results() const { return m_results; }
    bool isComputing() const { return m_watcher->isRunning(); }

    QTabWidget *tabs() const { return m_tabs; }
    CollectivePanel *collectivePanel() const { return m_collectives; }
    PacePanel *pacePanel() const { return m_pace; }
    // The time unit preference changed: durations are written again.
    void refreshTimes();

    bool showsTables() const;
    QString hintText() const;
    QString stragglerNote() const;
    QString timeBaseNote() const; // empty when the traces share the epoch time base

    QTableView *rankView() const { return m_rankView; }
    QTableView *iterationView() const { return m_iterationView; }
    RankTableModel *rankModel() const { return m_rankModel; }
    RankTableModel *iterationModel() const { return m_iterationModel; }
    // Columns of the rank table (rankTable's layout) and the iteration table (collectiveTable's).
    enum RankColumn {
        RankNumber,
        RankFile,
        Iterations,
        IterationMedian,
        IterationMax,
        GpuBusy,
        GpuIdle,
        Communication,
        Overlap,
        Straggler
    };
    enum IterationColumn { Iteration, Ranks, LastRank, LastFile, LastStart, Lag };

signals:
    // `row` indexes summary().rows.
    void rankActivated(std::size_t row);
    // An iteration row: its number and the rank that entered its collectives last
    // (summary().rows); or a row of the Pace tab: its iteration and rank.
    void iterationActivated(std::int64_t iteration, std::size_t row);
    // A matched collective clicked in the Collectives tab: an index into results().collectives.collectives.
    void collectiveActivated(std::size_t index);
    // The results of the last setTrace are shown.
    void distributedReady();

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void startComputing();
    void fitSplitter(); // side by side when wide, the iterations below the ranks when narrow
    QWidget *createRankPage();
    QWidget *createIterationPage();
    void updateStragglerBackground();
    void updateNotes();

    RankSummary m_summary;
    DistributedResults m_results;
    std::shared_ptr<const Trace> m_trace;
    bool m_recompute = false; // setTrace came while the worker ran for an older trace
    QFutureWatcher<DistributedResults> *m_watcher;
    QStackedWidget *m_stack;
    QTabWidget *m_tabs = nullptr;
    CollectivePanel *m_collectives = nullptr;
    PacePanel *m_pace = nullptr;
    QSplitter *m_splitter = nullptr;
    QLabel *m_hint;
    QLabel *m_stragglerNote = nullptr;
    QLabel *m_timeBaseNote = nullptr;
    QLabel *m_noCollectives = nullptr;
    RankTableModel *m_rankModel;
    RankTableModel *m_iterationModel;
    QSortFilterProxyModel *m_rankProxy;
    QSortFilterProxyModel *m_iterationProxy;
    QTableView *m_rankView = nullptr;
    QTableView *m_iterationView = nullptr;
};

} // namespace tracelane
