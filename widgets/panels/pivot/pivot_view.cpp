#include "panels/pivot/pivot_view.h"

#include "panels/common/tree_name_column.h"

#include "analysis/pivot/pivot_export.h"
#include "panels/pivot/pivot_model.h"

#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QTreeView>
#include <QVBoxLayout>
#include <QtConcurrent>

#include <fstream>
#include <set>

namespace tracelane {
namespace {

// The combo boxes' entries, in the order of the CLI's list.
constexpr PivotDimension kPivotChoices[] = {
    PivotDimension::Name,     PivotDimension::Kind,           PivotDimension::Thread,
    PivotDimension::Stream,   PivotDimension::Device,         PivotDimension::Category,
    PivotDimension::EnclosingRange, PivotDimension::Module,   PivotDimension::Arg,
};

QString pivotChoiceTitle(PivotDimension dimension)
{
    switch (dimension) {
    case PivotDimension::Name: return PivotView::tr("Name");
    case PivotDimension::Kind: return PivotView::tr("Kind");
    case PivotDimension::Thread: return PivotView::tr("Thread");
    case PivotDimension::Stream: return PivotView::tr("Stream");
    case PivotDimension::Device: return PivotView::tr("Device");
    case PivotDimension::Category: return PivotView::tr("Category");
    case PivotDimension::EnclosingRange: return PivotView::tr("Enclosing range");
    case PivotDimension::Module: return PivotView::tr("Module");
    case PivotDimension::Arg: return PivotView::tr("Argument");
    }
    return {};
}

constexpr int kPivotNoLevel = -1;

} // namespace

PivotView::PivotView(QWidget *parent)
    : QWidget(parent)
    , m_argKey(new QComboBox(this))
    , m_expand(new QPushButton(tr("Expand All"), this))
    , m_collapse(new QPushButton(tr("Collapse All"), this))
    , m_export(new QPushButton(tr("Export CSV…"), this))
    , m_status(new QLabel(this))
    , m_view(new QTreeView(this))
    , m_model(new PivotModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_watcher(new QFutureWatcher<PivotResult>(this))
{
    // The controls scroll sideways in a narrow dock rather than widen the window.
    auto *bar = new QWidget;
    auto *controls = new QHBoxLayout(bar);
    controls->setContentsMargins(0, 0, 0, 0);
    const QString labels[] = {tr("Group by"), tr("then by"), tr("then by")};
    for (std::size_t level = 0; level < m_levels.size(); ++level) {
        auto *box = new QComboBox(bar);
        box->setObjectName(QStringLiteral("pivotLevel%1").arg(level));
        if (level > 0)
            box->addItem(tr("—"), kPivotNoLevel);
        for (PivotDimension d : kPivotChoices)
            box->addItem(pivotChoiceTitle(d), int(d));
        controls->addWidget(new QLabel(labels[level], bar));
        controls->addWidget(box);
        connect(box, &QComboBox::currentIndexChanged, this, &PivotView::optionsChanged);
        m_levels[level] = box;
    }
    m_levels[1]->setCurrentIndex(m_levels[1]->findData(int(PivotDimension::Kind)));
    m_argKey->setParent(bar);
    m_argKey->setObjectName(QStringLiteral("pivotArgKey"));
    m_argKey->setEditable(true);
    m_argKey->setInsertPolicy(QComboBox::NoInsert);
    m_argKey->setToolTip(tr("The argument the Argument dimension groups by"));
    m_argKey->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_argKey->setMinimumContentsLength(12);
    connect(m_argKey, &QComboBox::currentTextChanged, this, &PivotView::optionsChanged);
    controls->addWidget(new QLabel(tr("Argument:"), bar));
    controls->addWidget(m_argKey);
    for (QPushButton *button : {m_expand, m_collapse, m_export}) {
        button->setParent(bar);
        controls->addWidget(button);
    }
    controls->addStretch(1);
    auto *scroll = new QScrollArea(this);
    scroll->setWidget(bar);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    scroll->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    scroll->setFixedHeight(bar->sizeHint().height() + scroll->horizontalScrollBar()->sizeHint().height());

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->addWidget(scroll);
    m_status->setObjectName(QStringLiteral("pivotStatus"));
    m_status->setWordWrap(true);
    m_status->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    layout->addWidget(m_status);
    layout->addWidget(m_view, 1);

    m_view->setObjectName(QStringLiteral("pivotTree"));
    // Sorted by total, largest first, as computed; a header click sorts by another column.
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(PivotModel::ValueRole);
    m_proxy->setSortCaseSensitivity(Qt::CaseInsensitive);
    m_view->setModel(m_proxy);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(PivotModel::TotalColumn, Qt::DescendingOrder);
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(true);
    m_view->setTextElideMode(Qt::ElideMiddle);
    new TreeNameColumn(m_view, PivotModel::GroupColumn);
    connect(m_view, &QTreeView::doubleClicked, this, &PivotView::activate);
    connect(m_expand, &QPushButton::clicked, m_view, &QTreeView::expandAll);
    connect(m_collapse, &QPushButton::clicked, m_view, &QTreeView::collapseAll);
    connect(m_export, &QPushButton::clicked, this, &PivotView::chooseExportFile);

    connect(m_watcher, &QFutureWatcher<PivotResult>::finished, this, [this] {
        if (!m_pending) // cleared while it ran
            return;
        m_pending = false;
        m_model->setResult(m_watcher->result());
        if (m_model->rowCount() <= 20)
            m_view->expandToDepth(0);
        showStatus();
        emit ready();
    });
    showStatus();
}

PivotView::~PivotView()
{
    m_watcher->waitForFinished();
}

void PivotView::setTrace(std::shared_ptr<const Trace> trace)
{
    m_trace = std::move(trace);
    m_filter = {};
    fillArgKeys();
    optionsChanged();
}

void PivotView::setSelection(TimeNs from, TimeNs to, std::vector<std::uint32_t> tracks)
{
    m_filter = {};
    m_filter.from = from;
    m_filter.to = to;
    m_filter.tracks = std::move(tracks);
    optionsChanged();
}

void PivotView::clearSelection()
{
    if (!m_filter.from && m_filter.tracks.empty())
        return; // the whole trace already: no second run over a big trace
    m_filter = {};
    optionsChanged();
}

void PivotView::fillArgKeys()
{
    const QSignalBlocker blocker(m_argKey);
    const QString current = m_argKey->currentText();
    m_argKey->clear();
    if (!m_trace)
        return;
    // The keys of every argument schema: a few hundred at most.
    std::set<std::string> keys;
    for (std::size_t s = 0; s < m_trace->argSchemas.size(); ++s)
        for (const ArgField &field : m_trace->argSchemas.fields(std::uint32_t(s)))
            keys.emplace(m_trace->strings.view(field.key));
    for (const std::string &key : keys)
        m_argKey->addItem(QString::fromStdString(key));
    const int shapes = m_argKey->findText(QStringLiteral("Input Dims"));
    if (!current.isEmpty() && m_argKey->findText(current) >= 0)
        m_argKey->setCurrentText(current);
    else if (shapes >= 0)
        m_argKey->setCurrentIndex(shapes);
}

void PivotView::setDimensions(const std::vector<PivotBy> &dimensions)
{
    for (std::size_t level = 0; level < m_levels.size(); ++level) {
        const QSignalBlocker blocker(m_levels[level]);
        const int data = level < dimensions.size() ? int(dimensions[level].dimension) : kPivotNoLevel;
        m_levels[level]->setCurrentIndex(std::max(0, m_levels[level]->findData(data)));
    }
    for (const PivotBy &by : dimensions)
        if (by.dimension == PivotDimension::Arg) {
            const QSignalBlocker blocker(m_argKey);
            m_argKey->setCurrentText(QString::fromStdString(by.argKey));
        }
    optionsChanged();
}

std::vector<PivotBy> PivotView::dimensions() const
{
    std::vector<PivotBy> out;
    for (QComboBox *box : m_levels) {
        const int data = box->currentData().toInt();
        if (data == kPivotNoLevel)
            continue;
        PivotBy by{PivotDimension(data), {}};
        if (by.dimension == PivotDimension::Arg)
            by.argKey = m_argKey->currentText().toStdString();
        out.push_back(by);
    }
    return out;
}

const PivotResult &PivotView::result() const
{
    return m_model->result();
}

void PivotView::refreshTimes()
{
    m_model->refreshTimes();
    m_view->viewport()->update();
}

void PivotView::optionsChanged()
{
    m_stale = true;
    m_argKey->setEnabled(std::any_of(m_levels.begin(), m_levels.end(), [](QComboBox *box) {
        return box->currentData().toInt() == int(PivotDimension::Arg);
    }));
    // A hidden tab waits until it is shown: the whole of a big trace takes a second.
    if (isVisible())
        recompute();
}

void PivotView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_stale)
        recompute();
}

void PivotView::recompute()
{
    m_stale = false;
    if (!m_trace) {
        m_pending = false;
        m_model->clear();
        showStatus();
        return;
    }
    m_pending = true;
    showStatus();
    // The worker keeps the trace alive; a newer request replaces the future
    // and the older result is dropped unseen.
    m_watcher->setFuture(QtConcurrent::run([trace = m_trace, options = PivotOptions{dimensions(), m_filter}] {
        return computePivot(*trace, options);
    }));
}

void PivotView::showStatus()
{
    if (!m_trace) {
        m_status->setText(tr("No trace loaded."));
        return;
    }
    if (m_pending) {
        m_status->setText(tr("Grouping the events…"));
        return;
    }
    const PivotResult &r = m_model->result();
    if (!r.error.empty()) {
        m_status->setText(QString::fromStdString(r.error));
        return;
    }
    const QString scope = m_filter.from ? tr("the selection") : tr("the whole trace");
    if (r.groups.empty() || r.root().count == 0) {
        m_status->setText(tr("No events in %1.").arg(scope));
        return;
    }
    m_status->setText(tr("%1 events of %2 in %3 groups").arg(r.root().count).arg(scope).arg(r.root().children.size()));
}

bool PivotView::exportCsv(const QString &path) const
{
    std::ofstream out(path.toStdString(), std::ios::binary);
    if (!out)
        return false;
    writeCsv(out, pivotTable(m_model->result()));
    return bool(out.flush());
}

void PivotView::chooseExportFile()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Pivot Table"), QStringLiteral("pivot.csv"),
                                                      tr("CSV files (*.csv)"));
    if (path.isEmpty())
        return;
    if (!exportCsv(path))
        QMessageBox::warning(this, tr("Export Pivot Table"), tr("Cannot write %1.").arg(path));
}

void PivotView::activate(const QModelIndex &index)
{
    const std::uint32_t g = m_model->groupAt(m_proxy->mapToSource(index.siblingAtColumn(0)));
    const PivotResult &r = m_model->result();
    if (g >= r.groups.size() || !r.groups[g].longest.isValid())
        return;
    emit instancesRequested(tr("Longest of %1").arg(QString::fromStdString(r.groups[g].key)), {r.groups[g].longest});
}

} // namespace tracelane
