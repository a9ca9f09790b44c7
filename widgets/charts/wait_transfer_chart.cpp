#include "qcustomplot_include.h" // first: see there

#include "wait_transfer_chart.h"

#include <QLocale>

#include <algorithm>

namespace tracelane::charts {
namespace {

QString waitTransferRankLabel(const RankCommunication &rank)
{
    const QString name = rank.rank ? WaitTransferChart::tr("Rank %1").arg(*rank.rank)
                                   : QString::fromStdString(rank.file);
    return rank.straggler ? WaitTransferChart::tr("%1 (straggler)").arg(name) : name;
}

} // namespace

WaitTransferChart::WaitTransferChart(QWidget *parent)
    : StackedRowsChart(parent)
{
    setTitle(tr("Transfer and wait per rank"));
    setCaption({tr("Transfer: the shortest kernel of each collective"),
                tr("Wait: the rest, spent waiting for the other ranks"),
                tr("◀: the straggler, the rank the others waited for most")});
    setRanks({});
}

void WaitTransferChart::setRanks(const std::vector<RankCommunication> &ranks)
{
    m_ranks = ranks;
    TimeNs largest = 0;
    for (const RankCommunication &r : m_ranks)
        largest = std::max(largest, r.transfer + r.wait);
    m_scale = timeScaleFor(largest);
    std::vector<Row> rows;
    for (const RankCommunication &r : m_ranks) {
        Row row;
        row.label = waitTransferRankLabel(r);
        row.values = {m_scale(r.transfer), m_scale(r.wait)};
        rows.push_back(std::move(row));
    }
    const auto straggler = std::find_if(m_ranks.begin(), m_ranks.end(),
                                        [](const RankCommunication &r) { return r.straggler; });
    // Room on the right for the straggler's mark.
    const double room = straggler == m_ranks.end() ? 1.05 : 1.12;
    setRows({{tr("Transfer"), computeColor()}, {tr("Wait"), hostWaitColor()}}, rows,
            tr("Collective time (%1)").arg(m_scale.unit), largest > 0 ? m_scale(largest) * room : 1.0,
            tr("No collective matched on two or more ranks"));
    if (straggler != m_ranks.end()) {
        // Named at its bar too: with many ranks its row label may be one of those left out.
        const int row = int(straggler - m_ranks.begin());
        auto *mark = new QCPItemText(plot());
        mark->position->setCoords(m_scale(straggler->transfer + straggler->wait), double(rowCount() - row));
        mark->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
        mark->setPadding(QMargins(4, 0, 0, 0));
        mark->setFont(axisFont());
        mark->setColor(ChartColors::from(palette()).text);
        mark->setText(QStringLiteral("◀"));
        mark->setObjectName(QStringLiteral("stragglerMark"));
        plot()->replot();
    }
}

QString WaitTransferChart::toolTipAt(const QPoint &plotPos) const
{
    const int i = rowAt(plotPos);
    if (i < 0 || std::size_t(i) >= m_ranks.size())
        return {};
    const RankCommunication &r = m_ranks[std::size_t(i)];
    const TimeNs total = r.transfer + r.wait;
    const TimeScale scale = timeScaleFor(total);
    const QLocale locale;
    const auto share = [total](TimeNs t) { return total > 0 ? 100.0 * double(t) / double(total) : 0.0; };
    QString text = tr("<b>%1</b><br>Collectives: %2")
                       .arg(barLabels().value(i).toHtmlEscaped(), locale.toString(qulonglong(r.calls)));
    const int under = seriesAt(plotPos, i);
    const QString lines[] = {
        tr("Transfer: %1 (%2 %)").arg(formatTime(r.transfer, scale)).arg(share(r.transfer), 0, 'f', 1),
        tr("Wait: %1 (%2 %)").arg(formatTime(r.wait, scale)).arg(share(r.wait), 0, 'f', 1),
    };
    for (int s = 0; s < 2; ++s)
        text += QStringLiteral("<br>") + (s == under ? QStringLiteral("<b>%1</b>").arg(lines[s]) : lines[s]);
    text += QStringLiteral("<br>")
        + tr("Others waited for it in %1 collectives, %2 in all")
              .arg(locale.toString(qulonglong(r.lastArrivals)), formatTime(r.waitCaused, timeScaleFor(r.waitCaused)));
    return text;
}

} // namespace tracelane::charts
