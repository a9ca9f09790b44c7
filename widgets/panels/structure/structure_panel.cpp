#include "panels/structure/structure_panel.h"

#include "analysis/operators/iteration_table.h"
#include "panels/common/tree_name_column.h"
#include "panels/structure/flame_graph_view.h"
#include "panels/structure/structure_tree_model.h"
#include "time_format.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QScrollArea>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTreeView>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace tracelane {

namespace {

// The richest structure the trace has: modules, else Python stacks, else CPU ops, else ranges.
TreeLevels structurePanelDefaultLevels(const Trace &trace)
{
    bool frames = false, ops = false;
    for (const Track &track : trace.tracks) {
        if (track.kind != TrackKind::CpuThread)
            continue;
        for (const Event &e : track.events) {
            if (e.kind == EventKind::PythonFunction) {
                if (trace.strings.view(e.name).starts_with("nn.Module: "))
                    return TreeLevels::Modules;
                frames = true;
            } else if (e.kind == EventKind::CpuOp) {
                ops = true;
            }
        }
    }
    return frames ? TreeLevels::Stacks : ops ? TreeLevels::Ops : TreeLevels::Ranges;
}

} // namespace

StructurePanel::StructurePanel(QWidget *parent)
    : QWidget(parent)
    , m_levels(new QComboBox(this))
    , m_scope(new QComboBox(this))
    , m_metric(new QComboBox(this))
    , m_kernels(new QCheckBox(tr("Kernels"), this))
    , m_allThreads(new QCheckBox(tr("All threads"), this))
    , m_search(new QLineEdit(this))
    , m_status(new QLabel(this))
    , m_tabs(new QTabWidget(this))
    , m_view(new QTreeView(this))
    , m_model(new StructureTreeModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_flame(new FlameGraphView(this))
    , m_watcher(new QFutureWatcher<Built>(this))
{
    m_levels->setObjectName(QStringLiteral("treeLevels"));
    m_scope->setObjectName(QStringLiteral("treeScope"));
    m_metric->setObjectName(QStringLiteral("treeMetric"));
    m_search->setObjectName(QStringLiteral("treeSearch"));
    m_view->setObjectName(QStringLiteral("treeView"));
    m_flame->setObjectName(QStringLiteral("flameGraph"));
    m_status->setObjectName(QStringLiteral("treeStatus"));
    m_levels->addItem(tr("Modules"), int(TreeLevels::Modules));
    m_levels->addItem(tr("Python stacks"), int(TreeLevels::Stacks));
    m_levels->addItem(tr("Ranges"), int(TreeLevels::Ranges));
    m_levels->addItem(tr("CPU ops"), int(TreeLevels::Ops));
    m_levels->setToolTip(tr("The levels of the tree: nn.Module frames (with_modules), Python frames (with_stack), "
                            "NVTX / record_function ranges, or CPU ops"));
    m_metric->addItem(tr("CPU time"), int(TreeMetric::Cpu));
    m_metric->addItem(tr("GPU time"), int(TreeMetric::Gpu));
    m_metric->setToolTip(tr("What the flame graph's widths show; GPU time is the work each node launched"));
    m_kernels->setToolTip(tr("Show the GPU operations each node launched as leaves under it"));
    m_allThreads->setObjectName(QStringLiteral("treeAllThreads"));
    m_allThreads->setToolTip(tr("Count work a thread launched outside its own nodes (the autograd thread's backward "
                                "kernels) to the node open at that time on another thread of the process"));
    m_search->setPlaceholderText(tr("Highlight names…"));
    m_search->setClearButtonEnabled(true);
    // The bar must fit a narrow dock: the combos may shrink below their longest entry.
    for (QComboBox *combo : {m_levels, m_scope, m_metric}) {
        combo->setSizeAdjustPolicy(QComboBox::AdjustToContents); // as wide as the longest entry where there is room
        combo->setMinimumWidth(combo->fontMetrics().averageCharWidth() * 6);
    }
    m_search->setMinimumWidth(40);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(StructureTreeModel::kSortRole);
    m_proxy->setFilterKeyColumn(StructureTreeModel::NameColumn);
    m_proxy->setRecursiveFilteringEnabled(true);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_view->setModel(m_proxy);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(StructureTreeModel::CpuTotalColumn, Qt::DescendingOrder);
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(true);
    m_view->setTextElideMode(Qt::ElideMiddle);
    m_view->setContextMenuPolicy(Qt::CustomContextMenu);
    new TreeNameColumn(m_view, StructureTreeModel::NameColumn);

    auto *scroll = new QScrollArea(this);
    scroll->setWidget(m_flame);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    // What only the flame graph uses sits above it, so the dock's own bar stays narrow.
    auto *flameTab = new QWidget(this);
    auto *flameBar = new QHBoxLayout;
    flameBar->setContentsMargins(4, 2, 4, 0);
    flameBar->addWidget(new QLabel(tr("Width:"), flameTab));
    flameBar->addWidget(m_metric);
    flameBar->addStretch(1);
    auto *flameLayout = new QVBoxLayout(flameTab);
    flameLayout->setContentsMargins(0, 0, 0, 0);
    flameLayout->setSpacing(2);
    flameLayout->addLayout(flameBar);
    flameLayout->addWidget(scroll, 1);
    m_tabs->addTab(m_view, tr("Tree"));
    m_tabs->addTab(flameTab, tr("Flame Graph"));

    auto *top = new QHBoxLayout;
    top->setContentsMargins(4, 2, 4, 2);
    top->addWidget(new QLabel(tr("By:"), this));
    top->addWidget(m_levels);
    top->addWidget(new QLabel(tr("Scope:"), this));
    top->addWidget(m_scope);
    top->addWidget(m_kernels);
    top->addWidget(m_allThreads);
    top->addWidget(m_search, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(top);
    layout->addWidget(m_tabs, 1);
    layout->addWidget(m_status);

    connect(m_levels, &QComboBox::currentIndexChanged, this, [this] { rebuild(); });
    connect(m_scope, &QComboBox::currentIndexChanged, this, [this] { rebuild(); });
    connect(m_kernels, &QCheckBox::toggled, this, [this] { rebuild(); });
    connect(m_allThreads, &QCheckBox::toggled, this, [this] { rebuild(); });
    connect(m_metric, &QComboBox::currentIndexChanged, this,
            [this] { m_flame->setMetric(TreeMetric(m_metric->currentData().toInt())); });
    connect(m_search, &QLineEdit::textChanged, this, [this](const QString &text) {
        m_flame->setSearch(text);
        m_proxy->setFilterFixedString(text);
        if (!text.isEmpty())
            m_view->expandAll();
    });
    connect(m_view, &QTreeView::clicked, this, [this](const QModelIndex &index) {
        nodeChosen(m_proxy->mapToSource(index).data(StructureTreeModel::kNodeRole).toUInt());
    });
    connect(m_view, &QTreeView::customContextMenuRequested, this, [this](const QPoint &pos) {
        const QModelIndex index = m_view->indexAt(pos);
        if (!index.isValid())
            return;
        const std::uint32_t node = m_proxy->mapToSource(index).data(StructureTreeModel::kNodeRole).toUInt();
        QMenu menu(this);
        connect(menu.addAction(tr("List Instances")), &QAction::triggered, this, [this, node] { listInstances(node); });
        connect(menu.addAction(tr("Show in Flame Graph")), &QAction::triggered, this, [this, node] {
            m_flame->zoomTo(node);
            showFlameGraph();
        });
        menu.exec(m_view->viewport()->mapToGlobal(pos));
    });
    connect(m_flame, &FlameGraphView::nodeClicked, this, &StructurePanel::nodeChosen);
    connect(m_flame, &FlameGraphView::instancesRequested, this, &StructurePanel::listInstances);
    connect(m_watcher, &QFutureWatcher<Built>::finished, this, [this] { finishBuild(m_watcher->result()); });
    setTrace(nullptr);
}

StructurePanel::~StructurePanel()
{
    m_watcher->waitForFinished(); // the worker reads the trace this panel holds
}

void StructurePanel::setTrace(std::shared_ptr<const Trace> trace)
{
    m_watcher->waitForFinished();
    m_trace = std::move(trace);
    m_selection.reset();
    m_iterations.clear();
    m_tree.reset();
    m_model->setTree(nullptr);
    m_flame->setTree(nullptr);
    fillScopes();
    setEnabled(m_trace != nullptr);
    m_status->setText(m_trace ? tr("Building the tree…") : tr("Open a trace to see where its time goes by structure."));
    if (m_trace)
        rebuild(true);
}

void StructurePanel::fillScopes()
{
    const QSignalBlocker blocker(m_scope);
    const QString current = m_scope->currentText();
    m_scopes.clear();
    m_scopes.push_back({tr("Whole trace"), INT64_MIN, INT64_MAX, {}});
    if (m_selection)
        m_scopes.push_back(*m_selection);
    m_scopes.insert(m_scopes.end(), m_iterations.begin(), m_iterations.end());
    m_scope->clear();
    for (const Scope &scope : m_scopes)
        m_scope->addItem(scope.label);
    const int keep = m_scope->findText(current);
    m_scope->setCurrentIndex(keep >= 0 ? keep : 0);
}

void StructurePanel::showWindow(TimeNs from, TimeNs to, const std::vector<std::uint32_t> &tracks)
{
    if (!m_trace)
        return;
    Scope selection{tr("Selection"), from, to, {}};
    // The threads of the CPU lanes selected; lanes of GPUs alone keep every thread.
    std::vector<bool> threads(m_trace->threads.size(), false);
    bool anyThread = false;
    for (std::uint32_t t : tracks)
        if (t < m_trace->tracks.size() && m_trace->tracks[t].thread >= 0
            && std::size_t(m_trace->tracks[t].thread) < threads.size()) {
            threads[std::size_t(m_trace->tracks[t].thread)] = true;
            anyThread = true;
        }
    if (anyThread)
        selection.threads = std::move(threads);
    m_selection = std::move(selection);
    fillScopes();
    setScopeIndex(1);
}

void StructurePanel::clearWindow()
{
    if (!m_selection)
        return;
    const bool shown = m_scope->currentIndex() == 1;
    m_selection.reset();
    fillScopes();
    if (shown)
        setScopeIndex(0);
}

void StructurePanel::setLevels(TreeLevels levels)
{
    m_levels->setCurrentIndex(m_levels->findData(int(levels)));
}

void StructurePanel::setScopeIndex(int index)
{
    if (m_scope->currentIndex() == index)
        rebuild();
    else
        m_scope->setCurrentIndex(index);
}

void StructurePanel::setFlameMetric(TreeMetric metric)
{
    m_metric->setCurrentIndex(m_metric->findData(int(metric)));
}

void StructurePanel::setSearch(const QString &text)
{
    m_search->setText(text);
}

void StructurePanel::showFlameGraph()
{
    m_tabs->setCurrentIndex(1);
}

void StructurePanel::refreshTimes()
{
    m_model->refreshTimes();
    m_flame->update();
}

void StructurePanel::rebuild(bool firstOfTrace)
{
    if (!m_trace)
        return;
    if (m_watcher->isRunning()) {
        m_pending = true; // the newest choice is built when this one is done
        return;
    }
    TreeOptions options;
    options.levels = TreeLevels(m_levels->currentData().toInt());
    options.gpuLeaves = m_kernels->isChecked();
    options.anyThread = m_allThreads->isChecked();
    options.keepInstances = true;
    if (const int i = m_scope->currentIndex(); i >= 0 && std::size_t(i) < m_scopes.size()) {
        options.from = m_scopes[std::size_t(i)].from;
        options.to = m_scopes[std::size_t(i)].to;
        options.threads = m_scopes[std::size_t(i)].threads;
    }
    m_status->setText(tr("Building the tree…"));
    const QString stepLabel = tr("Iteration %1");
    m_watcher->setFuture(QtConcurrent::run([trace = m_trace, options, firstOfTrace, stepLabel]() mutable {
        Built built;
        built.trace = trace;
        built.firstOfTrace = firstOfTrace;
        if (firstOfTrace) {
            options.levels = structurePanelDefaultLevels(*trace);
            built.levels = options.levels;
            for (const Iteration &iteration : detectIterations(*trace).iterations)
                built.iterations.push_back({stepLabel.arg(iteration.number), iteration.start, iteration.end, {}});
        }
        built.tree = std::make_shared<const StructureTree>(buildStructureTree(*trace, options));
        return built;
    }));
}

void StructurePanel::finishBuild(Built built)
{
    if (built.trace != m_trace)
        return; // a tree of the trace shown before
    if (built.firstOfTrace) {
        m_iterations = std::move(built.iterations);
        fillScopes();
        const QSignalBlocker blocker(m_levels);
        setLevels(*built.levels);
    }
    m_tree = std::move(built.tree);
    m_model->setTree(m_tree);
    m_flame->setTree(m_tree);
    // The outermost levels open, as far as one chain of single children goes.
    QModelIndex index = m_proxy->index(0, 0);
    for (int depth = 0; index.isValid() && depth < 8; ++depth) {
        m_view->expand(index);
        index = m_proxy->rowCount(index) >= 1 ? m_proxy->index(0, 0, index) : QModelIndex();
    }
    m_status->setText(statusText());
    if (m_pending) {
        m_pending = false;
        rebuild();
        return;
    }
    emit ready();
}

QString StructurePanel::statusText() const
{
    if (!m_tree)
        return {};
    const TreeLevels levels = m_tree->levels;
    if (m_tree->levelEvents == 0) {
        switch (levels) {
        case TreeLevels::Modules:
            return tr("No nn.Module frames in this scope: record with torch.profiler.profile(with_modules=True) "
                      "or with_stack=True.");
        case TreeLevels::Stacks: return tr("No Python frames in this scope: record with torch.profiler.profile(with_stack=True).");
        case TreeLevels::Ranges: return tr("No NVTX or record_function ranges in this scope.");
        case TreeLevels::Ops: return tr("No CPU ops in this scope.");
        }
    }
    QString text = tr("%n nodes from %1 events", nullptr, int(m_tree->nodes.size())).arg(m_tree->levelEvents);
    if (m_tree->gpuOperations > 0) {
        text += QStringLiteral(" · ")
                + tr("%1 GPU operations, %2 of GPU time").arg(m_tree->gpuOperations).arg(TimeFormat::shownDuration(m_tree->gpuTime));
        if (m_tree->gpuOutside > 0)
            text += QStringLiteral(" (") + tr("%1% launched outside the tree")
                                             .arg(QString::number(100.0 * double(m_tree->gpuOutside) / double(m_tree->gpuTime), 'f', 1))
                    + QLatin1Char(')');
    }
    return text;
}

QString StructurePanel::nodeTitle(std::uint32_t node) const
{
    return tr("Instances of “%1”").arg(QString::fromStdString(m_tree->path(node, " › ")));
}

void StructurePanel::nodeChosen(std::uint32_t node)
{
    if (!m_tree || node >= m_tree->nodes.size())
        return;
    // A GPU operation leaf stands for work its parent launched: outline the parent's instances.
    while (node != kNoTreeNode && m_tree->nodes[node].gpuOperation && !m_tree->nodes[node].outside)
        node = m_tree->nodes[node].parent;
    if (node == kNoTreeNode || m_tree->nodes[node].outside)
        return;
    emit instancesOutlined(treeNodeInstances(*m_tree, node));
}

void StructurePanel::listInstances(std::uint32_t node)
{
    if (!m_tree || node >= m_tree->nodes.size() || m_tree->nodes[node].outside)
        return;
    emit instancesListed(nodeTitle(node), treeNodeInstances(*m_tree, node));
}

} // namespace tracelane
