#pragma once
// The Ranks dock's Pace tab: each rank's iteration times against the other
// ranks' (rank_pace.h), as a chart of iteration time per rank and the pace
// table, the outliers named in a note. Clicking a row asks the window to show
// that iteration on every rank, that rank's selected.

#include "analysis/distributed/rank_pace.h"

#include <QWidget>

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

class QLabel;
class QSortFilterProxyModel;
class QSplitter;
class QTableView;

namespace tracelane {

namespace charts {
class PaceChart;
}

class RankTableModel;

class PacePanel : public QWidget
{
    Q_OBJECT

public:
    explicit PacePanel(QWidget *parent = nullptr);

    void setPace(const PaceTable &pace);
    const PaceTable &pace() const { return m_pace; }
    void refreshTimes();

    QString noteText() const;
    charts::PaceChart *chart() const { return m_chart; }
    QTableView *tableView() const { return m_view; }
    RankTableModel *tableModel() const { return m_model; }

signals:
    // A row: its iteration number and rank (an index into pace().ranks).
    void entryActivated(std::int64_t iteration, std::size_t rank);

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    PaceTable m_pace;
    std::vector<std::pair<std::int64_t, std::size_t>> m_rows; // per table row: iteration, rank
    QLabel *m_note;
    RankTableModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QTableView *m_view;
    charts::PaceChart *m_chart;
    QSplitter *m_splitter;
};

} // namespace tracelane
