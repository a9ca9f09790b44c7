#include "qcustomplot_include.h" // first: see there

#include "chart_view.h"

#include "chart_style.h"

#include <QFileInfo>
#include <QFontMetrics>
#include <QHBoxLayout>
#include <QScopeGuard>
#include <QSplitter>
#include <QSvgGenerator>
#include <QToolTip>
#include <QVBoxLayout>


namespace tracelane::charts {

ChartView::ChartView(QWidget *parent)
    : QWidget(parent)
    , m_plot(new QCustomPlot(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_controls = new QHBoxLayout;
    layout->addLayout(m_controls);
    m_body = new QHBoxLayout;
    m_body->addWidget(m_plot, 1);
    layout->addLayout(m_body, 1);

    m_plot->setMinimumSize(320, 240);
    m_plot->installEventFilter(this);
    m_plot->setBackground(Qt::white);
    m_plot->setMouseTracking(true);
    m_plot->plotLayout()->insertRow(0);
    m_plot->plotLayout()->addElement(0, 0, new QCPTextElement(m_plot, QString(), titleFont()));
    for (QCPAxis *axis : {m_plot->xAxis, m_plot->yAxis}) {
        axis->setLabelFont(axisFont());
        axis->setTickLabelFont(axisFont());
    }
    m_plot->legend->setFont(axisFont());
}

ChartView::~ChartView() = default;

void ChartView::setTitle(const QString &title)
{
    m_title = title;
    if (auto *text = qobject_cast<QCPTextElement *>(m_plot->plotLayout()->element(0, 0)))
        text->setText(title);
}

void ChartView::setSidePanel(QWidget *panel)
{
    // A splitter, so that long names in the panel can be given room.
    auto *splitter = new QSplitter(Qt::Horizontal, this);
    m_body->removeWidget(m_plot);
    splitter->addWidget(m_plot);
    splitter->addWidget(panel);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    splitter->setChildrenCollapsible(false);
    m_body->addWidget(splitter, 1);
}

void ChartView::placeLegendBelow(int maxColumns)
{
    QCPLegend *legend = m_plot->legend;
    if (legend->layout() != m_plot->plotLayout()) {
        m_plot->axisRect()->insetLayout()->take(legend);
        m_plot->plotLayout()->addElement(m_plot->plotLayout()->rowCount(), 0, legend);
        m_plot->plotLayout()->setRowStretchFactor(m_plot->plotLayout()->rowCount() - 1, 0.001);
        m_plot->plotLayout()->simplify();
    }
    legend->setVisible(true);
    legend->setBorderPen(Qt::NoPen);
    legend->setMargins(QMargins(8, 2, 8, 6));
    m_legendMaxColumns = std::max(1, maxColumns);
    fitLegendTo(m_plot->width());
}

QString ChartView::caption() const
{
    return m_captionParts.join(QStringLiteral(" · "));
}

void ChartView::setCaption(const QStringList &parts)
{
    if (!m_caption) {
        QFont font = axisFont();
        font.setPointSizeF(font.pointSizeF() - 0.5);
        m_caption = new QCPTextElement(m_plot, QString(), font);
        m_caption->setTextColor(QColor(0x44, 0x44, 0x44));
        m_caption->setMargins(QMargins(8, 2, 8, 6));
        m_plot->plotLayout()->addElement(m_plot->plotLayout()->rowCount(), 0, m_caption);
        m_plot->plotLayout()->setRowStretchFactor(m_plot->plotLayout()->rowCount() - 1, 0.001);
    }
    m_captionParts = parts;
    fitCaptionTo(m_plot->width());
}

void ChartView::fitCaptionTo(int width)
{
    if (!m_caption)
        return;
    // Whole parts per line: a part broken in the middle would be harder to read than an extra line.
    const QString separator = QStringLiteral(" · ");
    const QFontMetrics metrics(m_caption->font());
    const int room = width - m_caption->margins().left() - m_caption->margins().right();
    QStringList lines;
    for (const QString &part : m_captionParts) {
        if (!lines.isEmpty() && metrics.horizontalAdvance(lines.last() + separator + part) <= room)
            lines.last() += separator + part;
        else
            lines << part;
    }
    m_caption->setText(lines.join(QLatin1Char('\n')));
}

void ChartView::fitLegendTo(int width)
{
    if (m_legendMaxColumns == 0)
        return;
    // Columns as wide as the longest entry (names are elided to kLegendTextPixels).
    const QFontMetrics metrics(m_plot->legend->font());
    int columnWidth = 0;
    for (int i = 0; i < m_plot->legend->itemCount(); ++i) {
        if (auto *item = qobject_cast<QCPPlottableLegendItem *>(m_plot->legend->item(i)))
            columnWidth = std::max(columnWidth, metrics.horizontalAdvance(item->plottable()->name()));
    }
    columnWidth += m_plot->legend->iconSize().width() + m_plot->legend->iconTextPadding() + 24;
    const int columns = std::clamp(width / std::max(columnWidth, 1), 1, m_legendMaxColumns);
    m_plot->legend->setWrap(columns); // before the fill order, which re-lays out the items already there
    m_plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
}

void ChartView::fitAllTo(int width)
{
    fitToWidth(width);
    fitLegendTo(width);
    fitCaptionTo(width);
}

bool ChartView::eventFilter(QObject *watched, QEvent *event)
{
    // The plot's own size counts: a splitter or layout may resize it without resizing this widget.
    if (watched == m_plot && event->type() == QEvent::Resize)
        fitAllTo(m_plot->width());
    return QWidget::eventFilter(watched, event);
}

void ChartView::showToolTip(const QPoint &plotPos, const QString &text)
{
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(m_plot->mapToGlobal(plotPos), text, m_plot);
}

QStringList ChartView::exportSuffixes()
{
    return {QStringLiteral("png"), QStringLiteral("pdf"), QStringLiteral("svg")};
}

bool ChartView::exportTo(const QString &path, QSize size, QString *error)
{
    if (size.isEmpty())
        size = m_plot->size();
    const QString suffix = QFileInfo(path).suffix().toLower();
    fitAllTo(size.width());
    const auto restoreLayout = qScopeGuard([this] { fitAllTo(m_plot->width()); });
    bool ok = false;
    if (suffix == QLatin1String("png")) {
        ok = m_plot->savePng(path, size.width(), size.height());
    } else if (suffix == QLatin1String("pdf")) {
        ok = m_plot->savePdf(path, size.width(), size.height(), QCP::epNoCosmetic, QStringLiteral("Tracelane"),
                             m_title);
    } else if (suffix == QLatin1String("svg")) {
        QSvgGenerator svg;
        svg.setFileName(path);
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        svg.setTitle(m_title);
        svg.setDescription(tr("Exported from Tracelane"));
        QCPPainter painter;
        ok = painter.begin(&svg);
        if (ok) {
            m_plot->toPainter(&painter, size.width(), size.height());
            ok = painter.end();
        }
    } else {
        if (error)
            *error = tr("Cannot export to '%1': use a .png, .pdf or .svg file name.").arg(path);
        return false;
    }
    if (!ok && error)
        *error = tr("Could not write '%1'.").arg(path);
    return ok;
}

} // namespace tracelane::charts
