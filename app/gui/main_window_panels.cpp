// MainWindow: the analysis panels (range → kernels under the details, the
// iteration and breakdown charts, the summary tables, the efficiency and query docks)
// and their exports.
#include "main_window.h"

#include "breakdown_chart.h"
#include "gpu_time_chart.h"
#include "idle_causes_chart.h"
#include "iteration_chart.h"
#include "kernel_stats_chart.h"
#include "critical_path_chart.h"
#include "launch_delay_chart.h"
#include "panels/critical/critical_path_panel.h"
#include "panels/critical/findings_panel.h"
#include "memory_curves_chart.h"
#include "panels/memory/memory_panel.h"
#include "panels/efficiency/efficiency_panel.h"
#include "pace_chart.h"
#include "panels/query/query_panel.h"
#include "panels/ranks/collective_panel.h"
#include "panels/ranks/pace_panel.h"
#include "panels/ranks/rank_panel.h"
#include "wait_transfer_chart.h"
#include "panels/selection/range_kernels_panel.h"
#include "panels/structure/flame_graph_view.h"
#include "panels/structure/structure_panel.h"
#include "panels/summaries/summary_panel.h"
#include "panels/summaries/summary_table_view.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_view.h"
#include "timeline/zoom_control.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QSpinBox>
#include <QStatusBar>
#include <QTabWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <regex>

namespace tracelane {
namespace {

// Margin around an iteration shown from the chart, as a share of its length.
constexpr double kIterationMargin = 0.02;
// Around an idle gap: the work before and after it stays in view.
constexpr double kIdleGapMargin = 0.25;

// The preference's pattern, or the automatic choice when it is the default or
// unusable (the analysis wants exactly one number group).
IterationOptions iterationOptions(const QString &pattern, QString *problem)
{
    IterationOptions options;
    if (pattern.isEmpty() || pattern == Preferences::defaultIterationPattern())
        return options;
    try {
        if (std::regex(pattern.toStdString()).mark_count() == 1)
            options.pattern = pattern.toStdString();
        else
            *problem = MainWindow::tr("The iteration pattern needs exactly one group for the number; using the "
                                      "automatic pattern.");
    } catch (const std::regex_error &) {
        *problem = MainWindow::tr("The iteration pattern is not a valid regular expression; using the automatic "
                                  "pattern.");
    }
    return options;
}

bool hasCpuOps(const Trace &trace)
{
    for (const Track &track : trace.tracks) {
        if (track.kind == TrackKind::CpuThread
            && std::any_of(track.events.begin(), track.events.end(),
                           [](const Event &e) { return e.kind == EventKind::CpuOp; }))
            return true;
    }
    return false;
}

QSpinBox *spinBox(QWidget *parent, const char *name, int min, int max, int value)
{
    auto *box = new QSpinBox(parent);
    box->setObjectName(QLatin1String(name));
    box->setRange(min, max);
    box->setValue(value);
    return box;
}

} // namespace

void MainWindow::createAnalysisDocks()
{
    connect(m_view, &TimelineView::eventSelected, this, &MainWindow::followSelection);
    connect(m_rangeKernels, &RangeKernelsPanel::jumpRequested, this, [this](EventRef ref) { m_view->selectEvent(ref, true); });
    // The outlines and the breakdown follow the range panel's switch.
    connect(m_rangeKernels, &RangeKernelsPanel::scopeChanged, this, [this] {
        m_view->setHighlighted(m_rangeKernels->launchedOps());
        updateBreakdown();
    });

    m_iterations = new charts::IterationChart(this);
    connect(m_iterations, &charts::IterationChart::iterationClicked, this, &MainWindow::showIteration);

    auto *breakdownBox = new QWidget(this);
    auto *breakdownLayout = new QVBoxLayout(breakdownBox);
    breakdownLayout->setContentsMargins(0, 0, 0, 0);
    auto *row = new QHBoxLayout;
    m_breakdownSource = new QComboBox(breakdownBox);
    m_breakdownSource->setObjectName(QStringLiteral("breakdownSource"));
    m_breakdownSource->addItem(tr("CPU ops"));
    m_breakdownSource->addItem(tr("Ranges"));
    m_breakdownSource->setToolTip(tr("Break down CPU operators or NVTX / annotation ranges"));
    m_breakdownDepth = spinBox(breakdownBox, "breakdownDepth", 0, 16, 0);
    m_breakdownDepth->setToolTip(tr("Nesting depth of the ops or ranges to break down (0: the outermost)"));
    m_breakdownTop = spinBox(breakdownBox, "breakdownTop", 1, 50, 10);
    m_breakdownWrappers = new QCheckBox(tr("Look through wrappers"), breakdownBox);
    m_breakdownWrappers->setObjectName(QStringLiteral("breakdownWrappers"));
    m_breakdownWrappers->setChecked(true);
    // Its whole text where there is room; squeezed before the window's minimum width grows for it.
    m_breakdownWrappers->setMinimumWidth(1);
    m_breakdownWrappers->setToolTip(tr("Show what “Torch-Compiled Region”, “ProfilerStep#N” and “autograd::engine::"
                                       "evaluate_function” hold in their place, as if they were not a level"));
    row->addWidget(m_breakdownSource);
    row->addWidget(new QLabel(tr("Depth:"), breakdownBox));
    row->addWidget(m_breakdownDepth);
    row->addWidget(new QLabel(tr("Top ops:"), breakdownBox));
    row->addWidget(m_breakdownTop);
    row->addWidget(m_breakdownWrappers);
    row->addStretch(1);
    breakdownLayout->addLayout(row);
    m_breakdown = new charts::BreakdownChart(breakdownBox);
    breakdownLayout->addWidget(m_breakdown, 1);
    connect(m_breakdown, &charts::BreakdownChart::instancesRequested, this, &MainWindow::listInstances);
    connect(m_breakdown, &charts::BreakdownChart::eventRequested, this,
            [this](EventRef ref) { m_view->selectEvent(ref, true); });
    connect(m_breakdownTop, &QSpinBox::valueChanged, m_breakdown, &charts::BreakdownChart::setTopCount);
    connect(m_breakdownDepth, &QSpinBox::valueChanged, this, &MainWindow::updateBreakdown);
    connect(m_breakdownSource, &QComboBox::currentIndexChanged, this, &MainWindow::updateBreakdown);
    connect(m_breakdownWrappers, &QCheckBox::toggled, this, &MainWindow::updateBreakdown);

    m_summaries = new SummaryPanel(this);
    connect(m_summaries, &SummaryPanel::instanceRequested, this, [this](EventRef ref) {
        m_view->selectEvent(ref, true);
        const Event &e = m_model->trace().event(ref);
        m_view->zoomControl()->fit(e.start, e.end());
    });
    // Mean time per kernel with ±1 std whiskers, beside the kernel table it is drawn from.
    m_kernelStats = new charts::KernelStatsChart(this);
    m_kernelStats->setObjectName(QStringLiteral("kernelStatsChart"));
    connect(m_kernelStats, &charts::KernelStatsChart::instancesRequested, this, &MainWindow::listInstances);
    m_summaries->tabs()->addTab(m_kernelStats, tr("Kernel Statistics"));

    m_efficiency = new EfficiencyPanel(this);
    connect(m_efficiency, &EfficiencyPanel::gapRequested, this, &MainWindow::showIdleGap);

    m_query = new QueryPanel(this);
    connect(m_query, &QueryPanel::eventRequested, this, [this](EventRef ref) {
        m_view->selectEvent(ref, true);
        const Event &e = m_model->trace().event(ref);
        m_view->zoomControl()->fit(e.start, e.end());
    });

    auto dock = [this](QWidget *widget, const QString &title, const char *name) {
        auto *d = new QDockWidget(title, this);
        d->setObjectName(QLatin1String(name));
        d->setWidget(widget);
        addDockWidget(Qt::BottomDockWidgetArea, d);
        return d;
    };
    QDockWidget *iterations = dock(m_iterations, tr("Iterations"), "iterationsDock");
    QDockWidget *breakdown = dock(breakdownBox, tr("Breakdown"), "breakdownDock");
    QDockWidget *summaries = dock(m_summaries, tr("Summaries"), "summariesDock");
    QDockWidget *efficiency = dock(m_efficiency, tr("Efficiency"), "efficiencyDock");
    QDockWidget *query = dock(m_query, tr("Query"), "queryDock");
    QDockWidget *criticalPath = createCriticalPathDock();
    QDockWidget *findings = createFindingsDock();
    QDockWidget *memory = createMemoryDock();
    QDockWidget *markers = createMarkerDock();
    QDockWidget *tree = createTreeDock();
    splitDockWidget(iterations, breakdown, Qt::Horizontal);
    tabifyDockWidget(breakdown, summaries);
    tabifyDockWidget(summaries, tree);
    tabifyDockWidget(tree, efficiency);
    tabifyDockWidget(efficiency, criticalPath);
    tabifyDockWidget(criticalPath, findings);
    tabifyDockWidget(findings, memory);
    tabifyDockWidget(memory, query);
    tabifyDockWidget(query, markers);
    tabifyDockWidget(efficiency, m_warningsDock); // import warnings are a tab, shown only when there are any
    // What a click or a drag asks for opens on the left, beside the iterations,
    // so the chart or table that was clicked stays in view on the right.
    createSelectionDock(iterations);
    tabifyDockWidget(iterations, createInstancesDock()); // a tab, shown once something is listed
    iterations->raise();
    breakdown->raise();
}

void MainWindow::sizeDocksForFirstStart()
{
    // The timeline keeps most of the height at every size; the charts get a
    // third, and never less than they need to stay readable.
    constexpr double kChartShare = 0.32;
    constexpr int kChartMinimum = 210;
    auto *iterations = findChild<QDockWidget *>(QStringLiteral("iterationsDock"));
    auto *breakdown = findChild<QDockWidget *>(QStringLiteral("breakdownDock"));
    auto *tracks = findChild<QDockWidget *>(QStringLiteral("tracksDock"));
    auto *details = findChild<QDockWidget *>(QStringLiteral("detailsDock"));
    resizeDocks({iterations}, {std::max(kChartMinimum, int(height() * kChartShare))}, Qt::Vertical);
    resizeDocks({iterations, breakdown}, {width() / 3, width() * 2 / 3}, Qt::Horizontal); // the Breakdown has a list beside its chart
    resizeDocks({tracks, details}, {width() / 7, width() / 4}, Qt::Horizontal);
}

void MainWindow::createExportMenu(QMenu *file)
{
    QMenu *exportMenu = file->addMenu(tr("&Export"));
    exportMenu->addAction(tr("&Iterations Chart…"), m_iterations, &charts::ChartView::chooseExportFile);
    exportMenu->addAction(tr("&Breakdown Chart…"), m_breakdown, &charts::ChartView::chooseExportFile);
    exportMenu->addAction(tr("&Kernel Statistics Chart…"), m_kernelStats, &charts::ChartView::chooseExportFile);
    exportMenu->addAction(tr("&GPU Time Chart…"), m_efficiency->gpuTimeChart(), &charts::ChartView::chooseExportFile);
    exportMenu->addAction(tr("I&dle Causes Chart…"), m_efficiency->idleCausesChart(),
                          &charts::ChartView::chooseExportFile);
    exportMenu->addAction(tr("&Launch Delay Chart…"), m_efficiency->launchDelayChart(),
                          &charts::ChartView::chooseExportFile);
    exportMenu->addAction(tr("C&ritical Path Chart…"), m_criticalPath->chart(), &charts::ChartView::chooseExportFile);
    exportMenu->addAction(tr("&Memory Chart…"), m_memory->curvesChart(), &charts::ChartView::chooseExportFile);
    exportMenu->addAction(tr("&Flame Graph…"), m_structure->flameGraph(), &FlameGraphView::chooseExportFile);
    // The ranks' charts: only for several traces opened together.
    QAction *waitChart = exportMenu->addAction(tr("Transfer and &Wait Chart…"), m_ranks->collectivePanel()->chart(),
                                               &charts::ChartView::chooseExportFile);
    QAction *paceChart =
        exportMenu->addAction(tr("&Pace Chart…"), m_ranks->pacePanel()->chart(), &charts::ChartView::chooseExportFile);
    exportMenu->addAction(tr("Current &Summary Table as CSV…"), this,
                          [this] {
                              // The chart tab has no table: export the kernels then.
                              SummaryTableView *table = m_summaries->currentTable();
                              (table ? table : m_summaries->table(SummaryKind::Kernel))->chooseCsvFile();
                          });
    exportMenu->addSeparator();
    exportMenu->addAction(tr("&Trace as Chrome JSON…"), this, &MainWindow::chooseChromeTraceFile);
    exportMenu->addAction(tr("Time&line as Image…"), this, &MainWindow::chooseTimelineImageFile);
    connect(exportMenu, &QMenu::aboutToShow, exportMenu, [this, exportMenu, waitChart, paceChart] {
        for (QAction *action : exportMenu->actions())
            action->setEnabled(m_model != nullptr);
        const bool ranks = m_model && m_model->trace().parts.size() >= 2;
        waitChart->setEnabled(ranks);
        paceChart->setEnabled(ranks);
    });
}

void MainWindow::showAnalyses()
{
    const auto &trace = m_model->tracePointer();
    m_rangeKernels->setTrace(trace);
    QString problem;
    m_iterations->setTrace(trace, iterationOptions(m_preferences.iterationPattern, &problem));
    if (!problem.isEmpty())
        statusBar()->showMessage(problem, 8000);
    // Traces without CPU ops (Nsight, nvprof) are broken down by their ranges.
    const QSignalBlocker blocker(m_breakdownSource);
    m_breakdownSource->setCurrentIndex(hasCpuOps(*trace) ? 0 : 1);
    updateBreakdown();
    m_summaries->setTrace(trace);
    m_kernelStats->setTrace(trace);
    m_efficiency->setTrace(trace);
    QString reported; // said once already, for the iterations chart
    m_criticalPath->setTrace(trace, iterationOptions(m_preferences.iterationPattern, &reported));
    m_findings->setTrace(trace);
    m_memory->setTrace(trace);
    m_structure->setTrace(trace);
    m_query->setTrace(trace);
    // A memory snapshot has no ops or kernels: its story is in the Memory dock.
    if (trace->memorySnapshot)
        if (auto *dock = findChild<QDockWidget *>(QStringLiteral("memoryDock")))
            dock->raise();
}

void MainWindow::updateBreakdown()
{
    if (!m_model)
        return;
    BreakdownOptions options;
    options.depth = m_breakdownDepth->value();
    options.ranges = m_breakdownSource->currentIndex() == 1;
    options.throughWrappers = m_breakdownWrappers->isChecked();
    // Ranges (steps, phases) follow the range panel's switch; ops own what their thread launched.
    options.scope = options.ranges ? m_rangeKernels->scope() : LaunchScope::Thread;
    m_breakdown->setTrace(m_model->tracePointer(), options);
}

// The range panel follows CPU op and range selections, keeps its list while one
// of the ops it lists is selected, and clears for anything else. Outlines stay
// while the selection is one of them (so a chart's set can be clicked through);
// otherwise they become the shown range's launched work, or none.
void MainWindow::followSelection(EventRef ref)
{
    if (!m_rangeKernels->lists(ref))
        m_rangeKernels->showRange(ref);
    if (!m_view->highlighted().contains(ref))
        m_view->setHighlighted(m_rangeKernels->launchedOps());
}

void MainWindow::showIteration(qint64 start, qint64 end)
{
    for (const Iteration &it : m_iterations->iterations().iterations) {
        if (it.start == start && it.end == end) {
            m_view->selectEvent(it.ref);
            break;
        }
    }
    const TimeNs margin = TimeNs(double(end - start) * kIterationMargin);
    m_view->zoomControl()->setRange(start - margin, end + margin);
}

void MainWindow::showIdleGap(TimeNs start, TimeNs end, EventRef ref)
{
    // Select first: revealing the event expands its group and scrolls to its row;
    // the gap then decides the time range, and is marked as the time selection.
    if (ref.isValid())
        m_view->selectEvent(ref, true);
    m_view->zoomControl()->fit(start, end, kIdleGapMargin);
    m_view->zoomControl()->setSelection(start, end);
}

} // namespace tracelane
