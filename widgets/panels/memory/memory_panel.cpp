#include "panels/memory/memory_panel.h"

#include "analysis/memory/memory_summary.h"
#include "analysis/memory/op_memory.h"
#include "memory_curves_chart.h"
#include "panels/summaries/summary_table_view.h"

#include <QLabel>
#include <QStackedWidget>
#include <QTabWidget>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace tracelane {

MemoryReport computeMemoryReport(const Trace &trace)
{
    MemoryReport report;
    const MemoryEvents events = collectMemoryEvents(trace);
    report.memoryEvents = events.events.size();
    if (events.events.empty())
        return report;
    const MemorySummary summary = summarizeMemory(events);
    report.devices = memoryTable(summary);
    report.byOp = opMemoryTable(memoryByOp(trace, events));
    const std::vector<EventRef> ops = allocatingOps(trace, events);
    report.atPeak = peakTable(trace, events, summary, ops);
    report.neverFreed = neverFreedTable(trace, events, summary, ops);
    for (const DeviceMemory &d : summary.devices) // in peakTable's row order
        for (const std::size_t a : aliveAtPeak(events, summary, d))
            report.peakOps.push_back(ops[summary.allocations[a].alloc]);
    report.snapshot = computeSnapshotReport(trace);
    return report;
}

MemoryPanel::MemoryPanel(QWidget *parent)
    : QWidget(parent)
    , m_stack(new QStackedWidget(this))
    , m_message(new QLabel(this))
    , m_tabs(new QTabWidget(this))
    , m_devices(new SummaryTableView(this))
    , m_byOp(new SummaryTableView(this))
    , m_atPeak(new SummaryTableView(this))
    , m_neverFreed(new SummaryTableView(this))
    , m_curves(new charts::MemoryCurvesChart(this))
    , m_watcher(new QFutureWatcher<MemoryReport>(this))
{
    m_message->setObjectName(QStringLiteral("memoryMessage"));
    m_message->setAlignment(Qt::AlignCenter);
    m_message->setWordWrap(true);
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(m_devices, tr("Devices"));
    m_tabs->addTab(m_byOp, tr("By Operator"));
    m_tabs->addTab(m_atPeak, tr("At the Peak"));
    m_tabs->addTab(m_neverFreed, tr("Never Freed"));
    m_tabs->addTab(m_curves, tr("Over Time"));
    m_snapshot = new SnapshotPages(m_tabs);
    connect(m_snapshot, &SnapshotPages::eventRequested, this, &MemoryPanel::eventRequested);
    m_stack->addWidget(m_message);
    m_stack->addWidget(m_tabs);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_stack);
    connect(m_watcher, &QFutureWatcher<MemoryReport>::finished, this, [this] { showReport(m_watcher->result()); });
    connect(m_atPeak, &SummaryTableView::rowClicked, this, [this](int row) {
        if (row >= 0 && std::size_t(row) < m_peakOps.size() && m_peakOps[std::size_t(row)].isValid())
            emit eventRequested(m_peakOps[std::size_t(row)]);
    });
    setTrace(nullptr);
}

MemoryPanel::~MemoryPanel()
{
    m_watcher->waitForFinished(); // the worker reads the trace this panel holds
}

void MemoryPanel::setTrace(std::shared_ptr<const Trace> trace)
{
    m_watcher->waitForFinished();
    m_trace = std::move(trace);
    m_peakOps.clear();
    m_curves->setTrace(nullptr);
    m_snapshot->hide();
    if (!m_trace) {
        showMessage(tr("Open a trace to see where its memory goes."));
        return;
    }
    showMessage(tr("Reading the memory events…"));
    const std::shared_ptr<const Trace> held = m_trace;
    m_watcher->setFuture(QtConcurrent::run([held] { return computeMemoryReport(*held); }));
}

bool MemoryPanel::showsResults() const
{
    return m_stack->currentIndex() == 1;
}

QString MemoryPanel::messageText() const
{
    return m_message->text();
}

void MemoryPanel::showMessage(const QString &text)
{
    m_message->setText(text);
    m_stack->setCurrentIndex(0);
}

void MemoryPanel::showReport(MemoryReport report)
{
    if (report.memoryEvents == 0) {
        showMessage(tr("This trace has no memory records. Record them with "
                       "torch.profiler.profile(profile_memory=True), with nsys profile --cuda-memory-usage=true, "
                       "or open a snapshot saved by torch.cuda.memory._dump_snapshot()."));
    } else {
        m_devices->setTable(std::move(report.devices));
        m_byOp->setTable(std::move(report.byOp));
        m_atPeak->setTable(std::move(report.atPeak));
        m_neverFreed->setTable(std::move(report.neverFreed));
        m_peakOps = std::move(report.peakOps);
        m_curves->setTrace(m_trace); // the counter tracks are the trace's: nothing to compute
        if (m_trace->memorySnapshot)
            m_snapshot->show(m_trace, std::move(report.snapshot));
        m_stack->setCurrentIndex(1);
    }
    emit ready();
}

} // namespace tracelane
