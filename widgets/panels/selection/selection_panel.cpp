#include "panels/selection/selection_panel.h"

#include "panels/pivot/pivot_view.h"
#include "panels/selection/window_summary_model.h"
#include "time_format.h"
#include "timeline/timeline_model.h"

#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QResizeEvent>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTreeView>
#include <QVBoxLayout>
#include <QtConcurrent>

#include <algorithm>

namespace tracelane {

SelectionPanel::SelectionPanel(QWidget *parent)
    : QWidget(parent)
    , m_headline(new QLabel(this))
    , m_tabs(new QTabWidget(this))
    , m_view(new QTreeView(this))
    , m_pivot(new PivotView(this))
    , m_summary(new WindowSummaryModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_watcher(new QFutureWatcher<WindowSummary>(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 0);
    m_headline->setObjectName(QStringLiteral("selectionHeadline"));
    m_headline->setWordWrap(true);
    m_headline->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_headline);
    m_tabs->setObjectName(QStringLiteral("selectionTabs"));
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(m_view, tr("Summary"));
    m_tabs->addTab(m_pivot, tr("Pivot"));
    layout->addWidget(m_tabs, 1);
    connect(m_pivot, &PivotView::instancesRequested, this, &SelectionPanel::instancesRequested);

    m_proxy->setSourceModel(m_summary);
    m_proxy->setSortRole(WindowSummaryModel::SortRole);
    m_proxy->setSortCaseSensitivity(Qt::CaseInsensitive);
    m_view->setObjectName(QStringLiteral("selectionTable"));
    m_view->setModel(m_proxy);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(WindowSummaryModel::TotalColumn, Qt::DescendingOrder);
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(true);
    m_view->setContextMenuPolicy(Qt::CustomContextMenu);
    m_view->header()->setStretchLastSection(false);
    // The name takes what the numbers leave, but never so little that kernel
    // names become unreadable: a narrow dock scrolls sideways instead.
    m_view->header()->setSectionResizeMode(WindowSummaryModel::NameColumn, QHeaderView::Interactive);
    for (int c = WindowSummaryModel::CountColumn; c < WindowSummaryModel::ColumnCount; ++c)
        m_view->header()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    m_view->setTextElideMode(Qt::ElideMiddle); // kernel names differ at the end as often as at the start
    connect(m_view, &QTreeView::customContextMenuRequested, this, &SelectionPanel::showMenu);

    connect(m_watcher, &QFutureWatcher<WindowSummary>::finished, this, [this] {
        if (!m_pending || !m_model) // cleared while it ran
            return;
        m_pending = false;
        m_summary->setSummary(m_model->tracePointer(), m_watcher->result());
        m_view->expandAll();
        fitNameColumn();
        showHeadline();
        emit ready();
    });
    showHeadline();
}

void SelectionPanel::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitNameColumn();
}

void SelectionPanel::fitNameColumn()
{
    constexpr int kMinNameChars = 32;
    int numbers = 0;
    for (int c = WindowSummaryModel::CountColumn; c < WindowSummaryModel::ColumnCount; ++c)
        numbers += m_view->header()->sectionSize(c);
    const int least = kMinNameChars * m_view->fontMetrics().averageCharWidth();
    m_view->header()->resizeSection(WindowSummaryModel::NameColumn,
                                    std::max(least, m_view->viewport()->width() - numbers));
}

SelectionPanel::~SelectionPanel()
{
    m_watcher->waitForFinished();
}

const WindowSummary &SelectionPanel::summary() const
{
    return m_summary->summary();
}

void SelectionPanel::setModel(std::shared_ptr<const TimelineModel> model)
{
    m_watcher->waitForFinished();
    m_model = std::move(model);
    m_pivot->setTrace(m_model ? m_model->tracePointer() : nullptr);
    clear();
}

void SelectionPanel::clear()
{
    m_tracks.clear();
    m_pending = false; // a summary still running is dropped when it ends
    m_summary->clear();
    m_pivot->clearSelection();
    showHeadline();
}

void SelectionPanel::refreshTimes()
{
    m_summary->refreshTimes();
    m_pivot->refreshTimes();
    if (!m_pending)
        showHeadline();
}

void SelectionPanel::showWindow(TimeNs from, TimeNs to, std::vector<std::uint32_t> tracks)
{
    if (!m_model || to <= from)
        return;
    m_tracks = std::move(tracks);
    m_pivot->setSelection(from, to, m_tracks);
    m_headline->setText(tr("Summarising the selection…"));
    m_pending = true;
    // The worker keeps the model (trace and index) alive; a newer selection
    // replaces the future, and the older result is dropped unseen.
    m_watcher->setFuture(QtConcurrent::run([model = m_model, tracks = m_tracks, from, to] {
        return summarizeWindow(model->trace(), model->depths(), {from, to}, tracks);
    }));
}

void SelectionPanel::showHeadline()
{
    const WindowSummary &s = m_summary->summary();
    if (!m_model || s.window.length() <= 0) {
        m_headline->setText(tr("Shift+drag across lanes on the timeline, or drag in its ruler, to select an area."));
        return;
    }
    const TimeNs origin = m_model->trace().startNs;
    const QString lanes = m_tracks.empty() ? tr("all lanes")
                                           : tr("%1 of %2 lanes").arg(s.trackCount).arg(m_model->trace().tracks.size());
    QString text = tr("%1 – %2, length %3 · %4")
                       .arg(TimeFormat::shownPosition(s.window.from - origin),
                            TimeFormat::shownPosition(s.window.to - origin),
                            TimeFormat::shownDuration(s.window.length()), lanes);
    if (s.gpuStreams > 0) {
        const double percent = 100.0 * double(s.gpuBusy) / double(s.window.length());
        text += QStringLiteral(" · ")
            + tr("GPU busy %1 (%2 %), idle %3")
                  .arg(TimeFormat::shownDuration(s.gpuBusy), QString::number(percent, 'f', 1),
                       TimeFormat::shownDuration(s.gpuIdle));
    }
    if (s.rows.empty())
        text += QStringLiteral(" · ") + tr("no events in the selection");
    m_headline->setText(text);
}

std::vector<EventRef> SelectionPanel::instancesAt(const QModelIndex &index) const
{
    const QModelIndex source = m_proxy->mapToSource(index.siblingAtColumn(0));
    if (!m_model || !source.isValid() || !source.data(WindowSummaryModel::IsNameRole).toBool())
        return {};
    const WindowSummary &s = m_summary->summary();
    return windowInstances(m_model->trace(), m_model->depths(), s.window, m_tracks,
                           WindowGroup(source.data(WindowSummaryModel::GroupRole).toInt()),
                           StringId(source.data(WindowSummaryModel::NameIdRole).toUInt()));
}

void SelectionPanel::showMenu(const QPoint &pos)
{
    const QModelIndex index = m_view->indexAt(pos);
    if (!index.isValid() || !index.data(WindowSummaryModel::IsNameRole).toBool())
        return;
    QMenu menu(this);
    const QString name = index.siblingAtColumn(0).data().toString();
    menu.addAction(tr("List Instances"), this, [this, index, name] {
        emit instancesRequested(tr("%1 in the selection").arg(name), instancesAt(index));
    });
    menu.exec(m_view->viewport()->mapToGlobal(pos));
}

} // namespace tracelane
