#include "panels/efficiency/efficiency_panel.h"

#include "gpu_time_chart.h"
#include "idle_causes_chart.h"
#include "launch_delay_chart.h"
#include "panels/efficiency/idle_gap_model.h"
#include "panels/summaries/summary_table_view.h"

#include <QHeaderView>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace tracelane {
namespace {

QLabel *hint(const QString &text, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setWordWrap(true);
    label->setContentsMargins(4, 2, 4, 2);
    return label;
}

} // namespace

EfficiencyPanel::EfficiencyPanel(QWidget *parent)
    : QWidget(parent)
    , m_stack(new QStackedWidget(this))
    , m_message(new QLabel(this))
    , m_tabs(new QTabWidget(this))
    , m_gpuTime(new charts::GpuTimeChart(this))
    , m_idleCauses(new charts::IdleCausesChart(this))
    , m_launchDelay(new charts::LaunchDelayChart(this))
    , m_idleTable(new SummaryTableView(this))
    , m_overheadsTable(new SummaryTableView(this))
    , m_gapModel(new IdleGapModel(this))
    , m_gapProxy(new QSortFilterProxyModel(this))
    , m_watcher(new QFutureWatcher<EfficiencyReport>(this))
{
    m_gpuTime->setObjectName(QStringLiteral("gpuTimeChart"));
    m_idleCauses->setObjectName(QStringLiteral("idleCausesChart"));
    m_launchDelay->setObjectName(QStringLiteral("launchDelayChart"));
    m_message->setObjectName(QStringLiteral("efficiencyMessage"));
    m_message->setAlignment(Qt::AlignCenter);
    m_message->setWordWrap(true);

    // The chart and the table of idle causes side by side: the table has the exact numbers.
    auto *idle = new QSplitter(Qt::Horizontal, this);
    idle->addWidget(m_idleCauses);
    idle->addWidget(m_idleTable);
    idle->setStretchFactor(0, 3);
    idle->setStretchFactor(1, 2);
    idle->setChildrenCollapsible(false);

    m_tabs->setDocumentMode(true);
    m_tabs->addTab(m_gpuTime, tr("GPU Time"));
    m_tabs->addTab(idle, tr("Idle Causes"));
    m_tabs->addTab(createGapsPage(), tr("Longest Gaps"));
    m_tabs->addTab(m_launchDelay, tr("Launch Delay"));
    m_tabs->addTab(createOverheadsPage(), tr("Overheads"));

    m_stack->addWidget(m_message);
    m_stack->addWidget(m_tabs);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_stack);

    connect(m_watcher, &QFutureWatcher<EfficiencyReport>::finished, this, [this] { showReport(m_watcher->result()); });
    setTrace(nullptr);
}

EfficiencyPanel::~EfficiencyPanel()
{
    m_watcher->waitForFinished(); // the worker reads the trace this panel holds
}

QWidget *EfficiencyPanel::createGapsPage()
{
    auto *page = new QWidget(this);
    m_gapProxy->setSourceModel(m_gapModel);
    m_gapProxy->setSortRole(IdleGapModel::kSortRole);
    m_gapView = new QTableView(page);
    m_gapView->setObjectName(QStringLiteral("idleGapView"));
    m_gapView->setModel(m_gapProxy);
    m_gapView->setSortingEnabled(true);
    m_gapView->sortByColumn(-1, Qt::AscendingOrder); // longest first until a header is clicked
    m_gapView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_gapView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_gapView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_gapView->verticalHeader()->hide();
    m_gapView->horizontalHeader()->setStretchLastSection(true);
    m_gapView->setWordWrap(false);
    const auto showGap = [this](const QModelIndex &index) {
        const int row = m_gapProxy->mapToSource(index).row();
        if (row < 0 || std::size_t(row) >= m_gapModel->gaps().size())
            return;
        const IdleGap &gap = m_gapModel->gaps()[std::size_t(row)];
        emit gapRequested(gap.start, gap.end, gap.launchCall.isValid() ? gap.launchCall : gap.nextOp);
    };
    connect(m_gapView, &QTableView::clicked, this, showGap);
    connect(m_gapView, &QTableView::activated, this, showGap); // Enter, or a double click

    auto *layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    QLabel *about = hint(tr("The %1 longest idle gaps of all streams; click one to show it on the timeline.")
                             .arg(EfficiencyReport::kLongestGaps),
                         page);
    about->setToolTip(tr("Shows the gap with some work before and after it, marks it as the time selection and "
                         "selects the launch call that came late (or the operation after the gap, when it has "
                         "no launch call)."));
    layout->addWidget(about);
    layout->addWidget(m_gapView, 1);
    return page;
}

QWidget *EfficiencyPanel::createOverheadsPage()
{
    auto *page = new QWidget(this);
    auto *layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    QLabel *about = hint(tr("Per operator, in ns: T2 start to first launch call · T3 last launch call to end · "
                            "T5 between its launch calls; T1 between operators · T4 the launch calls"),
                         page);
    about->setToolTip(tr("Launch overheads T1-T5 as tracelane-cli overheads prints them: operators are the "
                         "outermost CPU ops, or the outermost ranges in traces without CPU ops."));
    layout->addWidget(about);
    layout->addWidget(m_overheadsTable, 1);
    return page;
}

void EfficiencyPanel::setTrace(std::shared_ptr<const Trace> trace)
{
    m_watcher->waitForFinished();
    m_trace.reset();
    showReport({}); // the previous trace's results go first
    m_trace = std::move(trace);
    if (!m_trace) {
        showMessage(tr("Open a trace to see where the GPU's time goes and why it waits."));
        return;
    }
    showMessage(tr("Computing…"));
    m_watcher->setFuture(QtConcurrent::run([trace = m_trace] { return efficiencyReport(*trace); }));
}

void EfficiencyPanel::showReport(EfficiencyReport report)
{
    m_report = std::move(report);
    m_gpuTime->setBreakdown(m_report.gpuTime);
    m_idleCauses->setIdle(m_report.idle);
    m_launchDelay->setDistribution(m_report.launchDelays, m_report.launchSummary);
    m_idleTable->setTable(m_report.idleTable);
    m_overheadsTable->setTable(m_report.overheadsTable);
    m_gapModel->setGaps(m_trace, m_report.longestGaps);
    m_gapView->resizeColumnsToContents();
    if (!m_trace || m_watcher->isRunning())
        return;
    if (m_report.hasGpuWork())
        m_stack->setCurrentWidget(m_tabs);
    else
        showMessage(tr("No GPU operations in this trace"));
    emit ready();
}

void EfficiencyPanel::showMessage(const QString &text)
{
    m_message->setText(text);
    m_stack->setCurrentWidget(m_message);
}

bool EfficiencyPanel::showsResults() const
{
    return m_stack->currentWidget() == m_tabs;
}

QString EfficiencyPanel::messageText() const
{
    return showsResults() ? QString() : m_message->text();
}

void EfficiencyPanel::refreshTimes()
{
    m_gapModel->refreshTimes();
    m_gapView->resizeColumnsToContents();
}

} // namespace tracelane
