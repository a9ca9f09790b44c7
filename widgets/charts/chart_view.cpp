#include "qcustomplot_include.h" // first: see there

#include "chart_view.h"

#include "chart_style.h"

#include <QAction>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QFontMetrics>
#include <QHBoxLayout>
#include <QScopeGuard>
#include <QSplitter>
#include <QSvgGenerator>
#include <QToolTip>
#include <QVBoxLayout>

#include <typeinfo>


namespace tracelane::charts {
namespace {

// The fewest lines of height the axes keep: a legend that would leave them
// less is dropped (dropLegendIfCramped).
constexpr int kMinAxisLines = 3;
// About what the title, the tick labels and the axis label take, with their margins.
constexpr int kTitleAndAxisLabelLines = 7;

} // namespace

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

    m_plot->setMinimumSize(200, 150); // docks share the window with the timeline: stay small
    m_plot->installEventFilter(this);
    m_plot->setMouseTracking(true);
    m_plot->plotLayout()->insertRow(0);
    m_plot->plotLayout()->addElement(0, 0, new QCPTextElement(m_plot, QString(), titleFont()));
    for (QCPAxis *axis : {m_plot->xAxis, m_plot->yAxis}) {
        axis->setLabelFont(axisFont());
        axis->setTickLabelFont(axisFont());
    }
    m_plot->legend->setFont(axisFont());

    connect(m_plot, &QCustomPlot::afterLayout, this, &ChartView::fitValueTicks);
    connect(m_plot, &QCustomPlot::afterLayout, this, &ChartView::dropLegendIfCramped);
    connect(m_plot, &QCustomPlot::afterLayout, this, &ChartView::fitAxisTitles);

    m_plot->setContextMenuPolicy(Qt::ActionsContextMenu);
    auto *exportAction = new QAction(tr("Export Chart…"), m_plot);
    connect(exportAction, &QAction::triggered, this, &ChartView::chooseExportFile);
    m_plot->addAction(exportAction);

    // A rebuild adds notes and whiskers in QCustomPlot's default black: colour them too.
    connect(this, &ChartView::chartChanged, this, &ChartView::applyColors);
    applyColors();
}

ChartView::~ChartView() = default;

void ChartView::setTitle(const QString &title)
{
    m_title = title;
    fitTitleTo(m_plot->width());
}

// A centred title wider than the plot would lose both ends: shorten its end instead.
void ChartView::fitTitleTo(int width)
{
    if (auto *text = qobject_cast<QCPTextElement *>(m_plot->plotLayout()->element(0, 0)))
        text->setText(elided(m_title, text->font(), std::max(width - 16, 40), Qt::ElideRight));
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
    splitter->setSizes({3000, 2000}); // 3:2 from the start, whatever the panel's size hint
    splitter->setChildrenCollapsible(false);
    m_body->addWidget(splitter, 1);
    m_splitter = splitter;
    splitter->installEventFilter(this);
}

void ChartView::setSidePanelWanted(int pixels)
{
    m_sidePanelWanted = pixels;
    fitSidePanel();
}

void ChartView::fitSidePanel()
{
    if (!m_splitter || m_sidePanelWanted <= 0)
        return;
    const QList<int> sizes = m_splitter->sizes();
    const int total = sizes.value(0) + sizes.value(1);
    const int panel = std::min(m_sidePanelWanted, total * 7 / 10);
    if (total > 0 && sizes.value(1) < panel)
        m_splitter->setSizes({total - panel, panel});
}

void ChartView::placeLegendBelow(int maxColumns)
{
    QCPLegend *legend = m_plot->legend;
    if (legend->layout() == m_plot->axisRect()->insetLayout())
        m_plot->axisRect()->insetLayout()->take(legend);
    legend->setBorderPen(Qt::NoPen);
    legend->setMargins(QMargins(8, 2, 8, 6));
    m_legendMaxColumns = std::max(1, maxColumns);
    setLegendShown(true);
}

// A hidden element keeps its row in a QCustomPlot layout, so the legend
// leaves the layout while hidden.
void ChartView::setLegendInLayout(bool in)
{
    QCPLegend *legend = m_plot->legend;
    QCPLayoutGrid *layout = m_plot->plotLayout();
    const bool isIn = legend->layout() == layout;
    legend->setVisible(in);
    if (in == isIn)
        return;
    if (in) {
        const int row = captionInLayout() ? layout->rowCount() - 1 : layout->rowCount(); // above the caption
        layout->insertRow(row);
        layout->addElement(row, 0, legend);
        layout->setRowStretchFactor(row, 0.001);
    } else {
        layout->take(legend);
        layout->simplify();
    }
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

// QCustomPlot overlaps its rows when their minimum heights exceed the plot's
// (the legend over the caption, the title cut at the top): a legend that
// leaves the axes less than a few lines goes, and the next resize decides again.
void ChartView::dropLegendIfCramped()
{
    const int line = QFontMetrics(axisFont()).height();
    QCPAxisRect *axes = m_plot->axisRect();
    if (axes && m_plot->legend->layout() == m_plot->plotLayout() && axes->height() < kMinAxisLines * line) {
        m_legendCrampedAt = m_plot->size(); // a chart rebuilt at this size must not bring it back
        setLegendInLayout(false);
    }
}

void ChartView::setLegendShown(bool shown)
{
    m_legendShown = shown;
    fitLegendTo(m_plot->size());
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
        m_caption->setTextColor(ChartColors::from(palette()).mutedText);
        m_caption->setMargins(QMargins(8, 2, 8, 6));
        m_plot->plotLayout()->addElement(m_plot->plotLayout()->rowCount(), 0, m_caption);
        m_plot->plotLayout()->setRowStretchFactor(m_plot->plotLayout()->rowCount() - 1, 0.001);
    }
    m_captionParts = parts;
    fitCaptionTo(m_plot->size());
}

bool ChartView::captionInLayout() const
{
    return m_caption && m_caption->layout() == m_plot->plotLayout();
}

// Like the legend, the caption leaves the layout while hidden.
void ChartView::setCaptionInLayout(bool in)
{
    QCPLayoutGrid *layout = m_plot->plotLayout();
    m_caption->setVisible(in);
    if (in == captionInLayout())
        return;
    if (in) {
        const int row = layout->rowCount(); // last, under the legend
        layout->insertRow(row);
        layout->addElement(row, 0, m_caption);
        layout->setRowStretchFactor(row, 0.001);
    } else {
        layout->take(m_caption);
        layout->simplify();
    }
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void ChartView::fitCaptionTo(QSize size)
{
    if (!m_caption)
        return;
    const int width = size.width();
    // Whole parts per line: a part broken in the middle would be harder to read than an extra line.
    // Only a part wider than the plot on its own is broken, between words.
    const QString separator = QStringLiteral(" · ");
    const QFontMetrics metrics(m_caption->font());
    const int room = width - m_caption->margins().left() - m_caption->margins().right();
    QStringList lines;
    for (const QString &part : m_captionParts) {
        if (!lines.isEmpty() && metrics.horizontalAdvance(lines.last() + separator + part) <= room) {
            lines.last() += separator + part;
        } else if (metrics.horizontalAdvance(part) <= room) {
            lines << part;
        } else {
            lines << QString();
            for (const QString &word : part.split(QLatin1Char(' '))) {
                const QString longer = lines.last().isEmpty() ? word : lines.last() + QLatin1Char(' ') + word;
                if (lines.last().isEmpty() || metrics.horizontalAdvance(longer) <= room)
                    lines.last() = longer;
                else
                    lines << word;
            }
        }
    }
    m_caption->setText(lines.join(QLatin1Char('\n')));
    // In a short dock the caption would squeeze the plot to nothing; exports always have it.
    const int height = static_cast<int>(lines.size()) * metrics.lineSpacing() + m_caption->margins().top()
                       + m_caption->margins().bottom();
    setCaptionInLayout(!m_captionParts.isEmpty() && height <= size.height() / 5);
}

// Columns as wide as the longest entry (names are elided to kLegendTextPixels).
int ChartView::legendColumns(const QStringList &names, int maxColumns, int width) const
{
    const QFontMetrics metrics(m_plot->legend->font());
    int columnWidth = 0;
    for (const QString &name : names)
        columnWidth = std::max(columnWidth, metrics.horizontalAdvance(name));
    columnWidth += m_plot->legend->iconSize().width() + m_plot->legend->iconTextPadding() + 24;
    return std::clamp(width / std::max(columnWidth, 1), 1, std::max(maxColumns, 1));
}

int ChartView::legendHeight(int entries, int columns) const
{
    const QFontMetrics metrics(m_plot->legend->font());
    const int rows = (entries + columns - 1) / columns;
    return rows * (metrics.height() + m_plot->legend->rowSpacing());
}

// In a short dock the legend would squeeze the bars to nothing: it is shown
// only while it takes at most two fifths of the plot's height (fitLegendTo)
// and leaves the axes their lines (dropLegendIfCramped).
bool ChartView::legendFits(const QStringList &names, int maxColumns, QSize size) const
{
    const int columns = legendColumns(names, maxColumns, size.width());
    const QMargins margins = m_plot->legend->margins();
    const int height = legendHeight(static_cast<int>(names.size()), columns) + margins.top() + margins.bottom();
    const int line = QFontMetrics(axisFont()).height();
    return height <= size.height() * 2 / 5
           && height + (kTitleAndAxisLabelLines + kMinAxisLines) * line <= size.height();
}

void ChartView::fitLegendTo(QSize size)
{
    if (m_legendMaxColumns == 0)
        return;
    QStringList names;
    for (int i = 0; i < m_plot->legend->itemCount(); ++i) {
        if (auto *item = qobject_cast<QCPPlottableLegendItem *>(m_plot->legend->item(i)))
            names << item->plottable()->name();
    }
    const int columns = legendColumns(names, m_legendMaxColumns, size.width());
    m_plot->legend->setWrap(columns); // before the fill order, which re-lays out the items already there
    m_plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
    // Hovering still names the bars of a chart whose legend is hidden.
    setLegendInLayout(m_legendShown && legendHeight(m_plot->legend->itemCount(), columns) <= size.height() * 2 / 5
                      && size != m_legendCrampedAt);
}

void ChartView::fitAllTo(QSize size)
{
    fitSeriesTo(size); // first: it may rebuild the chart, title and caption included
    fitTitleTo(size.width());
    fitToWidth(size.width());
    fitLegendTo(size);
    fitCaptionTo(size);
}

bool ChartView::eventFilter(QObject *watched, QEvent *event)
{
    // The plot's own size counts: a splitter or layout may resize it without resizing this widget.
    if (watched == m_plot && event->type() == QEvent::Resize)
        fitAllTo(m_plot->size());
    if (watched == m_splitter && event->type() == QEvent::Resize)
        fitSidePanel();
    return QWidget::eventFilter(watched, event);
}

// QCustomPlot aims at five value ticks whatever the axis length: in a narrow
// dock "1000 2000 3000" run into each other. Fewer ticks while the labels
// would not fit with a gap; labels of the category kinds (text, fixed) are the
// charts' own business.
void ChartView::fitValueTicks()
{
    bool changed = false;
    for (QCPAxis *axis : m_plot->axisRect()->axes()) {
        const QSharedPointer<QCPAxisTicker> ticker = axis->ticker();
        if (!axis->visible() || !axis->tickLabels() || !ticker || typeid(*ticker) != typeid(QCPAxisTicker))
            continue;
        const int length = axis->orientation() == Qt::Horizontal ? axis->axisRect()->width()
                                                                  : axis->axisRect()->height();
        // Once per length and range: new labels must not refit the count they came from (no replot loop).
        const auto fitted = std::make_tuple(length, axis->range().lower, axis->range().upper);
        if (m_valueTicksFitted.value(axis) == fitted)
            continue;
        m_valueTicksFitted.insert(axis, fitted);
        const QFontMetrics metrics(axis->tickLabelFont());
        int widest = 0;
        for (const QString &label : axis->tickVectorLabels())
            widest = std::max(widest, axis->orientation() == Qt::Horizontal ? metrics.horizontalAdvance(label)
                                                                              : metrics.height());
        // The gap: two digits across, half a line up; 1.5: the ticker rounds its step to 1, 2, 2.5
        // or 5, which may place ticks closer than asked.
        const int gap = axis->orientation() == Qt::Horizontal ? 2 * metrics.horizontalAdvance(QLatin1Char('0'))
                                                              : metrics.height() / 2;
        const double room = 1.5 * (widest + gap);
        const int count = std::clamp(static_cast<int>(length / std::max(room, 1.0)), 1, 5);
        if (count != ticker->tickCount()) {
            ticker->setTickCount(count);
            // Readable steps can overshoot a short axis: two ticks "0, 50" on a 0–45 axis showed only "0".
            // Below three ticks the count wins over the round step.
            ticker->setTickStepStrategy(count < 3 ? QCPAxisTicker::tssMeetTickCount : QCPAxisTicker::tssReadability);
            changed = true;
        }
    }
    if (changed)
        m_plot->replot(QCustomPlot::rpQueuedReplot); // this layout's ticks are already placed
}

// QCustomPlot centres an axis title under the axes, whatever the room: beside
// wide row labels in a narrow plot, "Device time (ms)" ran off the right edge.
// A title that does not fit is elided; the full one comes back with room.
void ChartView::fitAxisTitles()
{
    bool changed = false;
    for (QCPAxis *axis : m_plot->axisRect()->axes(QCPAxis::atBottom | QCPAxis::atTop)) {
        auto full = m_fullAxisTitles.find(axis);
        if (full == m_fullAxisTitles.end() || (axis->label() != full->second.shown))
            full = m_fullAxisTitles.insert_or_assign(axis, AxisTitle{axis->label(), axis->label()}).first;
        const int centre = axis->axisRect()->center().x();
        // The viewport, not the widget: an export lays the plot out at its own size.
        const int width = m_plot->viewport().width();
        const int room = 2 * std::min(centre, width - centre) - 4;
        const QString shown = QFontMetrics(axis->labelFont()).elidedText(full->second.full, Qt::ElideRight, room);
        if (shown != axis->label()) {
            axis->setLabel(shown);
            full->second.shown = shown;
            changed = true;
        }
    }
    if (changed)
        m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void ChartView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange)
        applyColors();
    QWidget::changeEvent(event);
}

void ChartView::applyColors()
{
    const ChartColors colors = ChartColors::from(palette());
    m_plot->setBackground(colors.background);
    for (QCPAxisRect *rect : m_plot->axisRects()) {
        rect->setBackground(colors.background);
        for (QCPAxis *axis : rect->axes()) {
            axis->setBasePen(QPen(colors.axis, 0));
            axis->setTickPen(QPen(colors.axis, 0));
            axis->setSubTickPen(QPen(colors.axis, 0));
            axis->setTickLabelColor(colors.text);
            axis->setLabelColor(colors.text);
            axis->grid()->setPen(QPen(colors.grid, 0, Qt::DotLine));
            axis->grid()->setZeroLinePen(QPen(colors.grid, 0));
        }
    }
    m_plot->legend->setBrush(colors.background);
    m_plot->legend->setTextColor(colors.text);
    if (m_plot->legend->borderPen().style() != Qt::NoPen)
        m_plot->legend->setBorderPen(QPen(colors.axis, 0));
    if (auto *title = qobject_cast<QCPTextElement *>(m_plot->plotLayout()->element(0, 0)))
        title->setTextColor(colors.text);
    if (m_caption)
        m_caption->setTextColor(colors.mutedText);
    for (int i = 0; i < m_plot->itemCount(); ++i) {
        // Notes in the default or the last theme's colour; labels with a colour of their own keep it.
        auto *text = qobject_cast<QCPItemText *>(m_plot->item(i));
        if (text && (text->color() == QColor(Qt::black) || text->color() == m_textColor))
            text->setColor(colors.text);
    }
    m_textColor = colors.text;
    for (int i = 0; i < m_plot->plottableCount(); ++i) {
        if (auto *whiskers = qobject_cast<QCPErrorBars *>(m_plot->plottable(i)))
            whiskers->setPen(QPen(colors.text, whiskers->pen().widthF()));
    }
    m_plot->replot(QCustomPlot::rpQueuedReplot);
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

QString ChartView::askExportPath(QWidget *parent, const QString &caption)
{
    const QStringList filters{tr("PNG image (*.png)"), tr("PDF document (*.pdf)"), tr("SVG drawing (*.svg)")};
    QString filter = filters.first();
    QString path = QFileDialog::getSaveFileName(parent, caption, QString(), filters.join(QStringLiteral(";;")), &filter);
    if (path.isEmpty())
        return path;
    const QString suffix = exportSuffixes().value(int(filters.indexOf(filter)), QStringLiteral("png"));
    if (!exportSuffixes().contains(QFileInfo(path).suffix().toLower()))
        path += QLatin1Char('.') + suffix;
    return path;
}

void ChartView::chooseExportFile()
{
    const QString path = askExportPath(this, tr("Export Chart"));
    if (path.isEmpty())
        return;
    QString error;
    if (!exportTo(path, {}, &error))
        QMessageBox::warning(this, tr("Export failed"), error);
}

bool ChartView::exportTo(const QString &path, QSize size, QString *error)
{
    if (size.isEmpty()) // a chart in a small dock still exports at slide size
        size = m_plot->size().expandedTo(QSize(960, 540));
    const QString suffix = QFileInfo(path).suffix().toLower();
    fitAllTo(size);
    const auto restoreLayout = qScopeGuard([this] { fitAllTo(m_plot->size()); });
    // Lay the plot out once at the export's size before drawing it: charts that
    // fit their ticks to the axis length on afterLayout (thinned labels) would
    // otherwise draw the ticks fitted to the widget, which the CLI never shows.
    m_plot->toPixmap(size.width(), size.height());
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
