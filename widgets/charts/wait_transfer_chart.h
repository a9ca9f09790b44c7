#pragma once
// Where each rank's collective time went: one bar per rank, its collective
// kernels' time split into transfer (moving data, the part every rank spends
// alike) and wait (the kernel had started but the other ranks had not yet
// arrived). The straggler, the rank the others waited for most, is named in
// its label. The numbers are matchCollectives' (collective_matching.h).

#include "chart_style.h"
#include "stacked_rows_chart.h"

#include "analysis/distributed/collective_matching.h"

namespace tracelane::charts {

class WaitTransferChart : public StackedRowsChart
{
    Q_OBJECT

public:
    enum SeriesIndex { TransferSeries, WaitSeries };

    explicit WaitTransferChart(QWidget *parent = nullptr);

    void setRanks(const std::vector<RankCommunication> &ranks);
    // The rows drawn, top to bottom (rank order).
    const std::vector<RankCommunication> &ranks() const { return m_ranks; }
    // The value axis' unit: plotted values are nanoseconds divided by nsPerUnit.
    TimeScale timeScale() const { return m_scale; }
    QString toolTipAt(const QPoint &plotPos) const override;

private:
    std::vector<RankCommunication> m_ranks;
    TimeScale m_scale;
};

} // namespace tracelane::charts
