#pragma once
// The Ranks dock's Collectives tab: the collectives matched across the ranks
// (collective_matching.h) as a table, by collective, one row per matched call
// or by rank, beside a chart of each rank's transfer and wait. Notes say what
// did not match and whether the ranks share a clock. Clicking a matched call
// asks the window to show it on every rank.

#include "analysis/distributed/collective_matching.h"

#include <QWidget>

#include <cstddef>

class QComboBox;
class QLabel;
class QSortFilterProxyModel;
class QSplitter;
class QTableView;

namespace tracelane {

namespace charts {
class WaitTransferChart;
}

class RankTableModel;

class CollectivePanel : public QWidget
{
    Q_OBJECT

public:
    // The table's rows: collectiveKindTable, collectiveInstanceTable, collectiveRankTable.
    enum class Mode { ByCollective, PerCall, ByRank };

    explicit CollectivePanel(QWidget *parent = nullptr);

    void setAnalysis(const CollectiveAnalysis &analysis);
    const CollectiveAnalysis &analysis() const { return m_analysis; }
    void setMode(Mode mode);
    Mode mode() const { return m_mode; }
    void refreshTimes();

    QString notesText() const;
    QComboBox *modeBox() const { return m_modeBox; }
    QTableView *tableView() const { return m_view; }
    RankTableModel *tableModel() const { return m_model; }
    charts::WaitTransferChart *chart() const { return m_chart; }

signals:
    // `index` indexes analysis().collectives.
    void collectiveActivated(std::size_t index);

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void showTable();
    void updateNotes();
    void updateStragglerBackground();

    CollectiveAnalysis m_analysis;
    Mode m_mode = Mode::ByCollective;
    QComboBox *m_modeBox;
    QLabel *m_notes;
    RankTableModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QTableView *m_view;
    charts::WaitTransferChart *m_chart;
    QSplitter *m_splitter;
};

} // namespace tracelane
