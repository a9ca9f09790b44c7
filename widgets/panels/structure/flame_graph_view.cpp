#include "panels/structure/flame_graph_view.h"

#include "chart_style.h"
#include "chart_view.h"
#include "time_format.h"

#include <QContextMenuEvent>
#include <QFileInfo>
#include <QHelpEvent>
#include <QImage>
#include <QMenu>
#include <QMessageBox>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>
#include <QToolTip>

#include <cmath>

namespace tracelane {

namespace {

constexpr int kRowPixels = 18;    // what the widget asks for per row
constexpr int kMaxRowPixels = 26; // rows grow to fill a taller widget or export, up to this
constexpr int kMinTextPixels = 28;

// A stable colour per name: warm hues for CPU-side frames, as flame graphs
// draw them, cool ones for GPU operations, grey for work outside every node.
QColor flameColorFor(const StructureTree &tree, std::uint32_t node)
{
    const TreeNode &n = tree.nodes[node];
    if (n.outside)
        return charts::restColor();
    const std::string_view name = tree.name(node);
    std::uint32_t hash = 2166136261u;
    for (char c : name)
        hash = (hash ^ std::uint8_t(c)) * 16777619u;
    const double jitter = double(hash % 1000) / 1000.0;
    if (n.gpuOperation)
        return QColor::fromHsvF(float(0.47 + 0.12 * jitter), 0.45f, 0.85f);
    return QColor::fromHsvF(float(0.0 + 0.13 * jitter), float(0.50 + 0.2 * double((hash >> 10) % 100) / 100.0), 0.95f);
}

QString percentOf(TimeNs part, TimeNs whole)
{
    return whole > 0 ? QString::number(100.0 * double(part) / double(whole), 'f', 1) + QLatin1Char('%') : QString();
}

} // namespace

FlameGraphView::FlameGraphView(QWidget *parent)
    : QWidget(parent)
{
    setMouseTracking(true);
    setFocusPolicy(Qt::ClickFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);
}

void FlameGraphView::setTree(std::shared_ptr<const StructureTree> tree)
{
    m_tree = std::move(tree);
    m_zoom = kNoTreeNode;
    relayout();
}

void FlameGraphView::setMetric(TreeMetric metric)
{
    m_metric = metric;
    relayout();
}

void FlameGraphView::setSearch(const QString &text)
{
    m_search = text.trimmed();
    update();
}

void FlameGraphView::zoomTo(std::uint32_t node)
{
    m_zoom = m_tree && node < m_tree->nodes.size() ? node : kNoTreeNode;
    relayout();
}

void FlameGraphView::relayout()
{
    m_geometry = geometryFor(size());
    updateGeometry(); // the height follows the tree's depth
    update();
}

FlameGraphView::Geometry FlameGraphView::geometryFor(QSize size) const
{
    Geometry g;
    g.header = fontMetrics().height() + 8;
    if (!m_tree)
        return g;
    g.layout = layoutFlameGraph(*m_tree, m_metric, m_zoom, double(size.width()));
    const int rows = std::max(1, g.layout.rows);
    g.rowHeight = std::min<double>(kMaxRowPixels, std::max(1.0, double(size.height() - g.header) / rows));
    return g;
}

QSize FlameGraphView::sizeHint() const
{
    const int rows = std::max(4, m_geometry.layout.rows);
    return {600, fontMetrics().height() + 8 + rows * kRowPixels};
}

QSize FlameGraphView::minimumSizeHint() const
{
    return {200, fontMetrics().height() + 8 + std::max(1, m_geometry.layout.rows) * kRowPixels};
}

void FlameGraphView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    m_geometry = geometryFor(size());
}

bool FlameGraphView::matches(std::uint32_t node) const
{
    return !m_search.isEmpty()
           && QString::fromUtf8(m_tree->name(node).data(), qsizetype(m_tree->name(node).size()))
                  .contains(m_search, Qt::CaseInsensitive);
}

int FlameGraphView::searchMatches() const
{
    if (!m_tree || m_search.isEmpty())
        return 0;
    int count = 0;
    for (const FlameBox &box : m_geometry.layout.boxes)
        count += matches(box.node) ? 1 : 0;
    return count;
}

QColor FlameGraphView::fillFor(std::uint32_t node) const
{
    QColor color = flameColorFor(*m_tree, node);
    if (!m_search.isEmpty() && !matches(node))
        color = QColor::fromHsvF(color.hsvHueF(), float(color.hsvSaturationF() * 0.25), color.valueF());
    return color;
}

QString FlameGraphView::headerText() const
{
    if (!m_tree)
        return tr("No tree");
    const QString what = m_metric == TreeMetric::Gpu ? tr("GPU time") : tr("CPU time");
    QString text = m_zoom == kNoTreeNode
                       ? tr("All: %1 %2").arg(TimeFormat::duration(m_geometry.layout.total), what)
                       : tr("%1: %2 %3 (click the top row or press Esc to zoom out)")
                             .arg(QString::fromStdString(m_tree->path(m_zoom, " › ")),
                                  TimeFormat::duration(m_geometry.layout.total), what);
    if (!m_search.isEmpty())
        text += QStringLiteral("  ·  ") + tr("%n matching", nullptr, searchMatches());
    return text;
}

void FlameGraphView::render(QPainter &painter, QSize size) const
{
    const Geometry g = size == this->size() ? m_geometry : geometryFor(size);
    const charts::ChartColors colors = charts::ChartColors::from(palette());
    painter.fillRect(QRect(QPoint(0, 0), size), colors.background);
    painter.setFont(font());
    const QFontMetrics metrics(font());
    painter.setPen(colors.text);
    painter.drawText(QRect(4, 0, size.width() - 8, g.header), Qt::AlignVCenter | Qt::AlignLeft,
                     metrics.elidedText(headerText(), Qt::ElideMiddle, size.width() - 8));
    if (!m_tree)
        return;
    QFont bold = font();
    bold.setBold(true);
    for (const FlameBox &box : g.layout.boxes) {
        const QRectF rect(box.x0, g.header + box.row * g.rowHeight, box.x1 - box.x0, g.rowHeight);
        painter.fillRect(rect.adjusted(0, 0, rect.width() > 2 ? -1 : 0, g.rowHeight > 3 ? -1 : 0), fillFor(box.node));
        if (matches(box.node)) {
            painter.setPen(QPen(colors.text, 1.5));
            painter.drawRect(rect.adjusted(0.5, 0.5, -1.5, -1.5));
        }
        if (rect.width() >= kMinTextPixels && g.rowHeight >= metrics.height() - 2) {
            painter.setFont(matches(box.node) ? bold : font());
            painter.setPen(Qt::black); // on the light fills in either theme
            const QString name = QString::fromUtf8(m_tree->name(box.node).data(), qsizetype(m_tree->name(box.node).size()));
            const QString shown = metrics.elidedText(name, Qt::ElideMiddle, int(rect.width()) - 5);
            if (shown.size() > 3) // "Q…" tells nothing: leave the box plain
                painter.drawText(rect.adjusted(3, 0, -2, 0), Qt::AlignVCenter | Qt::AlignLeft, shown);
        }
    }
}

void FlameGraphView::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    render(painter, size());
}

std::uint32_t FlameGraphView::nodeAt(QPoint pos) const
{
    if (!m_tree || m_geometry.rowHeight <= 0 || pos.y() < m_geometry.header)
        return kNoTreeNode;
    const int row = int((pos.y() - m_geometry.header) / m_geometry.rowHeight);
    for (const FlameBox &box : m_geometry.layout.boxes)
        if (box.row == row && pos.x() >= box.x0 && pos.x() < box.x1)
            return box.node;
    return kNoTreeNode;
}

QString FlameGraphView::toolTipFor(std::uint32_t node) const
{
    if (!m_tree || node >= m_tree->nodes.size())
        return {};
    const TreeNode &n = m_tree->nodes[node];
    const QString name = QString::fromUtf8(m_tree->name(node).data(), qsizetype(m_tree->name(node).size()));
    QString text = QStringLiteral("<b>%1</b>").arg(name.toHtmlEscaped());
    if (n.depth > 0)
        text += QStringLiteral("<br><small>%1</small>").arg(QString::fromStdString(m_tree->path(node, " › ")).toHtmlEscaped());
    const TimeNs total = m_geometry.layout.total;
    text += QStringLiteral("<table>");
    auto row = [&](const QString &label, const QString &value) {
        text += QStringLiteral("<tr><td>%1</td><td align=right>%2</td></tr>").arg(label, value);
    };
    if (!n.outside)
        row(n.gpuOperation ? tr("Operations") : tr("Calls"), QString::number(n.calls));
    if (!n.gpuOperation) {
        row(tr("CPU self"), TimeFormat::shownDuration(n.cpuSelf));
        row(tr("CPU total"), TimeFormat::shownDuration(n.cpuTotal) + QStringLiteral(" ")
                                 + (m_metric == TreeMetric::Cpu ? percentOf(n.cpuTotal, total) : QString()));
    }
    row(tr("GPU self"), TimeFormat::shownDuration(n.gpuSelf));
    row(tr("GPU total"), TimeFormat::shownDuration(n.gpuTotal) + QStringLiteral(" ")
                             + (m_metric == TreeMetric::Gpu ? percentOf(n.gpuTotal, total) : QString()));
    text += QStringLiteral("</table>");
    return text;
}

bool FlameGraphView::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto *help = static_cast<QHelpEvent *>(event);
        const QString text = toolTipFor(nodeAt(help->pos()));
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(event);
}

void FlameGraphView::mouseMoveEvent(QMouseEvent *event)
{
    setCursor(nodeAt(event->pos()) == kNoTreeNode ? Qt::ArrowCursor : Qt::PointingHandCursor);
    QWidget::mouseMoveEvent(event);
}

void FlameGraphView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton)
        return QWidget::mousePressEvent(event);
    const std::uint32_t node = nodeAt(event->pos());
    if (node == kNoTreeNode)
        return;
    // The zoomed node fills the top row: clicking it goes one level out.
    if (node == m_zoom)
        zoomTo(m_tree->nodes[node].parent);
    else
        zoomTo(node);
    emit nodeClicked(node);
}

void FlameGraphView::keyPressEvent(QKeyEvent *event)
{
    if ((event->key() == Qt::Key_Escape || event->key() == Qt::Key_Backspace) && m_zoom != kNoTreeNode) {
        zoomTo(event->key() == Qt::Key_Escape ? kNoTreeNode : m_tree->nodes[m_zoom].parent);
        return;
    }
    QWidget::keyPressEvent(event);
}

void FlameGraphView::contextMenuEvent(QContextMenuEvent *event)
{
    const std::uint32_t node = nodeAt(event->pos());
    QMenu menu(this);
    if (node != kNoTreeNode && !m_tree->nodes[node].outside && !m_tree->nodes[node].gpuOperation) {
        connect(menu.addAction(tr("List Instances")), &QAction::triggered, this, [this, node] { emit instancesRequested(node); });
        connect(menu.addAction(tr("Zoom Here")), &QAction::triggered, this, [this, node] { zoomTo(node); });
    }
    if (m_zoom != kNoTreeNode)
        connect(menu.addAction(tr("Zoom Out")), &QAction::triggered, this, [this] { zoomTo(kNoTreeNode); });
    menu.addSeparator();
    connect(menu.addAction(tr("Export Flame Graph…")), &QAction::triggered, this, &FlameGraphView::chooseExportFile);
    menu.exec(event->globalPos());
}

bool FlameGraphView::exportTo(const QString &path, QSize size, QString *error)
{
    if (size.isEmpty())
        size = this->size().expandedTo(QSize(960, 540));
    const QString suffix = QFileInfo(path).suffix().toLower();
    bool ok = false;
    if (suffix == QLatin1String("png")) {
        QImage image(size, QImage::Format_ARGB32_Premultiplied);
        QPainter painter(&image);
        render(painter, size);
        painter.end();
        ok = image.save(path, "PNG");
    } else if (suffix == QLatin1String("pdf")) {
        QPdfWriter pdf(path);
        pdf.setTitle(tr("Flame Graph"));
        pdf.setCreator(QStringLiteral("Tracelane"));
        pdf.setResolution(72); // one point per pixel of `size`
        pdf.setPageSize(QPageSize(QSizeF(size), QPageSize::Point));
        pdf.setPageMargins(QMarginsF());
        QPainter painter;
        ok = painter.begin(&pdf);
        if (ok) {
            render(painter, size);
            ok = painter.end();
        }
    } else if (suffix == QLatin1String("svg")) {
        QSvgGenerator svg;
        svg.setFileName(path);
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        svg.setTitle(tr("Flame Graph"));
        svg.setDescription(tr("Exported from Tracelane"));
        QPainter painter;
        ok = painter.begin(&svg);
        if (ok) {
            render(painter, size);
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

void FlameGraphView::chooseExportFile()
{
    const QString path = charts::ChartView::askExportPath(this, tr("Export Flame Graph"));
    if (path.isEmpty())
        return;
    QString error;
    if (!exportTo(path, {}, &error))
        QMessageBox::warning(this, tr("Export failed"), error);
}

} // namespace tracelane
