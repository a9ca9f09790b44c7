#include "panels/memory/snapshot_pages.h"

#include "active_memory_chart.h"
#include "analysis/memory/snapshot_allocations.h"
#include "analysis/memory/snapshot_segments.h"
#include "panels/summaries/summary_table_view.h"

#include <QLabel>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

#include <unordered_map>

namespace tracelane {

SnapshotReport computeSnapshotReport(const Trace &trace)
{
    SnapshotReport report;
    if (!trace.memorySnapshot)
        return report;
    const MemorySnapshot &snapshot = *trace.memorySnapshot;
    const SnapshotAllocations allocations = snapshotAllocations(snapshot);
    report.allocations = snapshotAllocationTable(snapshot, allocations);
    report.segments = snapshotSegmentTable(snapshot);
    report.ooms = snapshotOomTable(snapshot, snapshotOoms(snapshot));
    // The importer numbers the entries across the devices in order (Track::sourceRecords).
    std::vector<std::uint64_t> firstRecord(snapshot.deviceTraces.size() + 1, 0);
    for (std::size_t d = 0; d < snapshot.deviceTraces.size(); ++d)
        firstRecord[d + 1] = firstRecord[d] + snapshot.deviceTraces[d].size();
    std::unordered_map<std::uint32_t, EventRef> eventOfRecord;
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
        const Track &track = trace.tracks[t];
        if (track.derived)
            continue;
        for (std::uint32_t i = 0; i < track.sourceRecords.size(); ++i)
            if (track.sourceRecords[i] != kNoSourceRecord)
                eventOfRecord.emplace(track.sourceRecords[i], EventRef{t, i});
    }
    for (const SnapshotAllocation &a : allocations.allocations) {
        report.stacks.push_back(snapshot.stackText(a.stack));
        EventRef ref;
        if (a.allocEntry != kNoSnapshotEntry && std::size_t(a.device) < snapshot.deviceTraces.size())
            if (const auto it = eventOfRecord.find(std::uint32_t(firstRecord[std::size_t(a.device)] + a.allocEntry));
                it != eventOfRecord.end())
                ref = it->second;
        report.allocationEvents.push_back(ref);
    }
    return report;
}

SnapshotPages::SnapshotPages(QTabWidget *tabs)
    : QObject(tabs)
    , m_tabs(tabs)
    , m_chart(new charts::ActiveMemoryChart(tabs))
    , m_allocationsPage(new QWidget(tabs))
    , m_allocations(new SummaryTableView(m_allocationsPage))
    , m_stack(new QPlainTextEdit(m_allocationsPage))
    , m_segments(new SummaryTableView(tabs))
    , m_oomPage(new QWidget(tabs))
    , m_oomLabel(new QLabel(m_oomPage))
    , m_ooms(new SummaryTableView(m_oomPage))
{
    m_stack->setReadOnly(true);
    m_stack->setObjectName(QStringLiteral("allocationStack"));
    m_stack->setPlaceholderText(tr("Click an allocation to see the stack that made it."));
    auto *split = new QSplitter(Qt::Vertical, m_allocationsPage);
    split->addWidget(m_allocations);
    split->addWidget(m_stack);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    auto *layout = new QVBoxLayout(m_allocationsPage);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(split);
    m_oomLabel->setWordWrap(true);
    m_oomLabel->setContentsMargins(6, 4, 6, 4);
    auto *oomLayout = new QVBoxLayout(m_oomPage);
    oomLayout->setContentsMargins(0, 0, 0, 0);
    oomLayout->addWidget(m_oomLabel);
    oomLayout->addWidget(m_ooms, 1);
    for (QWidget *page : {static_cast<QWidget *>(m_chart), m_allocationsPage, static_cast<QWidget *>(m_segments), m_oomPage})
        page->hide();
    connect(m_allocations, &SummaryTableView::rowClicked, this, &SnapshotPages::selectAllocation);
    // The chart's allocations are in the table's row order (snapshotAllocations).
    connect(m_chart, &charts::ActiveMemoryChart::allocationClicked, this,
            [this](std::size_t allocation) { selectAllocation(int(allocation)); });
}

void SnapshotPages::show(const std::shared_ptr<const Trace> &trace, SnapshotReport report)
{
    m_chart->setTrace(trace);
    m_allocations->setTable(std::move(report.allocations));
    m_segments->setTable(std::move(report.segments));
    const std::size_t ooms = report.ooms.rows.size();
    m_ooms->setTable(std::move(report.ooms));
    m_oomLabel->setText(ooms == 0 ? tr("No out-of-memory event in this snapshot.")
                                  : tr("%n allocation(s) failed for want of memory: what was asked, what CUDA "
                                       "had free, and the allocator's totals at that moment.",
                                       nullptr, int(ooms)));
    m_ooms->setVisible(ooms > 0);
    m_stacks = std::move(report.stacks);
    m_events = std::move(report.allocationEvents);
    m_stack->clear();
    if (!m_shown) {
        m_tabs->addTab(m_chart, tr("Active Memory"));
        m_tabs->addTab(m_allocationsPage, tr("Allocations"));
        m_tabs->addTab(m_segments, tr("Segments"));
        m_tabs->addTab(m_oomPage, tr("Out of Memory"));
        m_tabs->setCurrentWidget(m_chart); // a snapshot's first question: what was alive when
        m_shown = true;
    }
}

void SnapshotPages::hide()
{
    if (!m_shown)
        return;
    for (QWidget *page : {static_cast<QWidget *>(m_chart), m_allocationsPage, static_cast<QWidget *>(m_segments), m_oomPage})
        m_tabs->removeTab(m_tabs->indexOf(page));
    m_shown = false;
    m_chart->setTrace(nullptr);
    m_stacks.clear();
    m_events.clear();
}

QString SnapshotPages::stackText() const
{
    return m_stack->toPlainText();
}

QString SnapshotPages::oomSummary() const
{
    return m_oomLabel->text();
}

void SnapshotPages::selectAllocation(int row)
{
    if (row < 0 || std::size_t(row) >= m_stacks.size())
        return;
    const std::string &stack = m_stacks[std::size_t(row)];
    m_stack->setPlainText(stack.empty() ? tr("The snapshot recorded no stack for this allocation.")
                                        : QString::fromStdString(stack));
    if (m_events[std::size_t(row)].isValid())
        emit eventRequested(m_events[std::size_t(row)]);
}

} // namespace tracelane
