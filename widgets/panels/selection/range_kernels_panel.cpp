#include "panels/selection/range_kernels_panel.h"

#include "time_format.h"
#include "timeline/track_grouping.h"
#include "trace_text.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace tracelane {
namespace {

enum Column { NameColumn, StreamColumn, StartColumn, DurationColumn, GridColumn, BlockColumn, ColumnCount };

// The event this row lists, for jumping to it.
constexpr int kRefRole = Qt::UserRole + 1;

QLabel *totalLabel(QWidget *parent, const char *objectName)
{
    auto *label = new QLabel(parent);
    label->setObjectName(QLatin1String(objectName));
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

} // namespace

RangeKernelsPanel::RangeKernelsPanel(QWidget *parent)
    : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_title = totalLabel(this, "rangeTitle");
    m_title->setWordWrap(true);
    layout->addWidget(m_title);
    auto *form = new QFormLayout;
    m_cpu = totalLabel(this, "rangeCpuDuration");
    m_span = totalLabel(this, "rangeGpuSpan");
    m_summed = totalLabel(this, "rangeGpuSummed");
    m_ops = totalLabel(this, "rangeGpuOps");
    form->addRow(tr("CPU duration:"), m_cpu);
    form->addRow(tr("GPU projected span:"), m_span);
    form->addRow(tr("Summed GPU time:"), m_summed);
    form->addRow(tr("GPU operations:"), m_ops);
    m_scopeSwitch = new QComboBox(this);
    m_scopeSwitch->setObjectName(QStringLiteral("rangeLaunchScope"));
    m_scopeSwitch->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_scopeSwitch->setToolTip(tr("Which launch calls count as the range's: those of every thread of its process "
                                 "(the PyTorch profiler's and HTA's steps and phases), or only those of the "
                                 "range's own thread (nsys's NVTX GPU projection). An op always counts what its "
                                 "own thread launched."));
    m_scopeSwitch->addItem(QString(), int(LaunchScope::Process));
    m_scopeSwitch->addItem(QString(), int(LaunchScope::Thread));
    connect(m_scopeSwitch, &QComboBox::activated, this,
            [this](int index) { setScope(LaunchScope(m_scopeSwitch->itemData(index).toInt())); });
    form->addRow(tr("Launched from:"), m_scopeSwitch);
    layout->addLayout(form);

    m_launchedTitle = new QLabel(this);
    m_launchedTitle->setWordWrap(true); // two counts; a narrow dock wraps them
    m_launched = makeTable("launchedTable");
    m_overlappingTitle = new QLabel(this);
    m_overlapping = makeTable("overlappingTable");
    layout->addWidget(m_launchedTitle);
    layout->addWidget(m_launched, 2);
    layout->addWidget(m_overlappingTitle);
    layout->addWidget(m_overlapping, 1);
    showRange({});
}

RangeKernelsPanel::~RangeKernelsPanel() = default;

QTableWidget *RangeKernelsPanel::makeTable(const char *objectName)
{
    auto *table = new QTableWidget(0, ColumnCount, this);
    table->setObjectName(QLatin1String(objectName));
    table->setHorizontalHeaderLabels({tr("Name"), tr("Stream"), tr("Start"), tr("Duration"), tr("Grid"), tr("Block")});
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    table->horizontalHeader()->setStretchLastSection(true);
    table->verticalHeader()->hide();
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setSelectionMode(QAbstractItemView::SingleSelection);
    table->setWordWrap(false);
    table->setToolTip(tr("Double-click a row to select it on the timeline"));
    connect(table, &QTableWidget::itemActivated, this, [this, table](QTableWidgetItem *item) {
        const QVariant ref = table->item(item->row(), NameColumn)->data(kRefRole);
        emit jumpRequested(EventRef{quint32(ref.toULongLong() >> 32), quint32(ref.toULongLong())});
    });
    return table;
}

void RangeKernelsPanel::setScope(LaunchScope scope)
{
    if (scope == m_scope)
        return;
    m_scope = scope;
    refresh();
    emit scopeChanged(scope);
}

void RangeKernelsPanel::setTrace(std::shared_ptr<const Trace> trace)
{
    m_trace = std::move(trace);
    m_lookup = m_trace ? std::make_unique<RangeKernelLookup>(*m_trace) : nullptr;
    showRange({});
}

bool RangeKernelsPanel::canHaveKernels(const Trace &trace, EventRef ref)
{
    if (!ref.isValid() || ref.track >= trace.tracks.size())
        return false;
    const Track &track = trace.tracks[ref.track];
    if (track.thread == kNoIndex || (track.kind != TrackKind::CpuThread && track.kind != TrackKind::ThreadRanges))
        return false;
    const EventKind kind = trace.event(ref).kind;
    return kind != EventKind::Instant && kind != EventKind::CounterSample;
}

void RangeKernelsPanel::showRange(EventRef ref)
{
    if (!m_lookup || !canHaveKernels(*m_trace, ref)) {
        m_result.reset();
        m_range = {};
        for (QTableWidget *table : {m_launched, m_overlapping})
            table->setRowCount(0);
        for (QLabel *label : {m_cpu, m_span, m_summed, m_ops})
            label->clear();
        m_title->setText(tr("Select a range or CPU op to see the GPU work it launched."));
        m_launchedTitle->clear();
        m_overlappingTitle->clear();
        m_otherScopeOps = 0;
        showScopeSwitch(0, 0);
        for (QTableWidget *table : {m_launched, m_overlapping})
            table->hide(); // empty headers would read as "launched nothing"
        setEnabled(false);
        return;
    }
    setEnabled(true);
    for (QTableWidget *table : {m_launched, m_overlapping})
        table->show();
    m_range = ref;
    // A range (a step, a phase) holds what its process launched in it; an op
    // owns what its own thread launched, as the PyTorch profiler attributes it.
    const bool range = m_trace->event(ref).kind == EventKind::Range;
    const LaunchScope used = range ? m_scope : LaunchScope::Thread;
    m_result = m_lookup->find(ref, used);
    const RangeKernels &r = *m_result;
    const LaunchScope other = used == LaunchScope::Process ? LaunchScope::Thread : LaunchScope::Process;
    m_otherScopeOps = range ? std::int64_t(m_lookup->find(ref, other).launched.size()) : 0;
    const auto ops = std::int64_t(r.launched.size());
    if (used == LaunchScope::Process)
        showScopeSwitch(ops, m_otherScopeOps);
    else
        showScopeSwitch(m_otherScopeOps, ops);
    m_scopeSwitch->setEnabled(range);
    const QString name = fromView(m_trace->name(ref));
    m_title->setText(tr("GPU work of <b>%1</b>, at %2 for %3")
                         .arg(fontMetrics().elidedText(name, Qt::ElideMiddle, 360).toHtmlEscaped(),
                              TimeFormat::shownPosition(r.start - m_trace->startNs),
                              TimeFormat::shownDuration(r.cpuDuration())));
    m_title->setToolTip(name);
    const GpuWorkTotals &t = r.totals;
    m_cpu->setText(TimeFormat::shownDuration(r.cpuDuration()));
    if (t.ops == 0) {
        m_span->setText(tr("none"));
    } else {
        m_span->setText(tr("%1 from %2").arg(TimeFormat::shownDuration(t.projectedDuration()),
                                             TimeFormat::shownPosition(t.projectedStart - m_trace->startNs)));
    }
    m_summed->setText(TimeFormat::shownDuration(t.summedTime));
    m_ops->setText(tr("%1 (from %n launch call(s))", nullptr, int(t.launchingCalls)).arg(t.ops));

    std::vector<EventRef> launched;
    launched.reserve(r.launched.size());
    for (const LaunchedGpuOp &op : r.launched)
        launched.push_back(op.op);
    fill(m_launched, launched);
    fill(m_overlapping, r.overlapping);
    // Both counts in view: the list's, and the other choice's.
    m_launchedTitle->setText(
        tr("Launched GPU work: %n op(s)", nullptr, int(launched.size())) + QStringLiteral(" · ")
        + (!range                        ? tr("launched by its own thread")
           : used == LaunchScope::Process ? tr("this thread only: %1").arg(m_otherScopeOps)
                                          : tr("all threads of the process: %1").arg(m_otherScopeOps)));
    m_overlappingTitle->setText(tr("Overlapping on the GPU: %n op(s)", nullptr, int(r.overlapping.size())));
}

void RangeKernelsPanel::showScopeSwitch(std::int64_t processOps, std::int64_t threadOps)
{
    bool known = m_result.has_value();
    // Short, so that they fit a narrow dock in every language; the tooltip explains.
    // An op has only its own thread's count.
    known = known && m_trace->event(m_range).kind == EventKind::Range;
    m_scopeSwitch->setItemText(0, known ? tr("All threads (%1)").arg(processOps) : tr("All threads"));
    m_scopeSwitch->setItemText(1, known ? tr("This thread (%1)").arg(threadOps) : tr("This thread"));
    const bool range = m_result && m_trace->event(m_range).kind == EventKind::Range;
    m_scopeSwitch->setCurrentIndex(m_scope == LaunchScope::Process && (range || !m_result) ? 0 : 1);
}

bool RangeKernelsPanel::lists(EventRef ref) const
{
    if (!m_result || !ref.isValid())
        return false;
    const auto launched = std::find_if(m_result->launched.begin(), m_result->launched.end(),
                                       [ref](const LaunchedGpuOp &op) { return op.op == ref; });
    return launched != m_result->launched.end()
        || std::find(m_result->overlapping.begin(), m_result->overlapping.end(), ref) != m_result->overlapping.end();
}

std::vector<EventRef> RangeKernelsPanel::launchedOps() const
{
    std::vector<EventRef> ops;
    if (m_result) {
        ops.reserve(m_result->launched.size());
        for (const LaunchedGpuOp &op : m_result->launched)
            ops.push_back(op.op);
    }
    return ops;
}

QString RangeKernelsPanel::titleText() const
{
    return m_title->text();
}

void RangeKernelsPanel::fill(QTableWidget *table, const std::vector<EventRef> &ops)
{
    const Trace &trace = *m_trace;
    const int rows = int(std::min<std::size_t>(ops.size(), kMaxRows));
    table->setUpdatesEnabled(false);
    table->setRowCount(rows);
    for (int row = 0; row < rows; ++row) {
        const EventRef ref = ops[std::size_t(row)];
        const Event &e = trace.event(ref);
        auto *name = new QTableWidgetItem(fromView(trace.name(ref)));
        name->setToolTip(name->text());
        name->setData(kRefRole, QVariant::fromValue((quint64(ref.track) << 32) | ref.index));
        table->setItem(row, NameColumn, name);
        table->setItem(row, StreamColumn, new QTableWidgetItem(TrackGrouping::trackLabel(trace, ref.track)));
        table->setItem(row, StartColumn, new QTableWidgetItem(TimeFormat::shownPosition(e.start - trace.startNs)));
        table->setItem(row, DurationColumn, new QTableWidgetItem(TimeFormat::shownDuration(e.duration)));
        table->setItem(row, GridColumn, new QTableWidgetItem(argText(trace, ref, "grid")));
        table->setItem(row, BlockColumn, new QTableWidgetItem(argText(trace, ref, "block")));
    }
    table->setColumnWidth(NameColumn, 220);
    table->setUpdatesEnabled(true);
}

void RangeKernelsPanel::refresh()
{
    showRange(m_range);
}

QString RangeKernelsPanel::totalsText() const
{
    return QStringList{m_cpu->text(), m_span->text(), m_summed->text(), m_ops->text()}.join(QLatin1Char('\n'));
}

} // namespace tracelane
