#pragma once
// The Ranks dock: the traces of a distributed run side by side. Above, one
// row per rank (iterations, their median and max, GPU busy and idle time,
// communication and its overlap with compute) with the straggler, the rank
// with the largest median iteration, standing out and named in a note; below,
// per iteration, the rank that entered its collectives last and by how much.
// Clicking a row asks the window to show that rank, or that iteration.

#include "analysis/ranks/rank_summary.h"

#include <QWidget>

#include <cstddef>
#include <cstdint>

class QLabel;
class QSortFilterProxyModel;
class QSplitter;
class QStackedWidget;
class QTableView;

namespace tracelane {

class RankTableModel;

class RankPanel : public QWidget
{
    Q_OBJECT

public:
    explicit RankPanel(QWidget *parent = nullptr);

    // Keeps its own copy. Fewer than two ranks shows a hint instead of tables.
    void setSummary(const RankSummary &summary);
    const RankSummary &summary() const { return m_summary; }
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
    // An iteration row: its number and the rank that entered its collectives last (summary().rows).
    void iterationActivated(std::int64_t iteration, std::size_t row);

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void fitSplitter(); // side by side when wide, the iterations below the ranks when narrow
    QWidget *createRankPage();
    QWidget *createIterationPage();
    void updateStragglerBackground();
    void updateNotes();

    RankSummary m_summary;
    QStackedWidget *m_stack;
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
