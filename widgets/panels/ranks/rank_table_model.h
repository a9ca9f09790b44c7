#pragma once
// The tables of the Ranks dock: a core report (rankTable, collectiveTable) as
// ResultTableModel shows it, with its "(ns)" columns written as durations in
// the display unit (they still sort by their nanoseconds) and one row made to
// stand out (the straggler): bold, a tinted background and a tooltip, so it
// is not told by colour alone.

#include "panels/common/result_table_model.h"

#include <QColor>
#include <QString>

#include <vector>

namespace tracelane {

class RankTableModel : public ResultTableModel
{
    Q_OBJECT

public:
    explicit RankTableModel(QObject *parent = nullptr);

    // Use this rather than setTable: it notes which columns hold numbers.
    void setReport(Table table);

    // -1: no row stands out.
    void setEmphasis(int row, const QString &toolTip);
    void setEmphasisBackground(const QColor &color);
    int emphasisRow() const { return m_emphasisRow; }
    // The display unit changed: durations are written again.
    void refreshTimes();

    bool isDurationColumn(int column) const;

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<bool> m_numeric; // per column: some cell holds a number
    int m_emphasisRow = -1;
    QString m_emphasisToolTip;
    QColor m_emphasisBackground;
};

} // namespace tracelane
