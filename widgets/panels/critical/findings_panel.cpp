#include "panels/critical/findings_panel.h"

#include "analysis/critical/critical_path_scope.h"
#include "analysis/critical/findings_on_path.h"
#include "panels/common/column_widths.h"
#include "panels/critical/finding_models.h"
#include "panels/critical/finding_text.h"
#include "time_format.h"

#include <QHeaderView>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableView>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace tracelane {
namespace {

void setUpTable(QTableView *view, QSortFilterProxyModel *proxy, int sortRole)
{
    proxy->setSortRole(sortRole);
    view->setModel(proxy);
    view->setSortingEnabled(true);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setWordWrap(false);
    view->setTextElideMode(Qt::ElideMiddle);
    view->verticalHeader()->hide();
    view->verticalHeader()->setMinimumSectionSize(1);
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 2);
}

} // namespace

FindingsReport computeFindingsReport(const Trace &trace)
{
    FindingsReport report;
    report.findings = computeFindings(trace);
    const CriticalPath path = criticalPath(trace, wholeTracePathScope(trace));
    report.onPath = findingTimeOnPath(report.findings, path);
    report.pathLength = path.length;
    return report;
}

FindingsPanel::FindingsPanel(QWidget *parent)
    : QWidget(parent)
    , m_stack(new QStackedWidget(this))
    , m_message(new QLabel(this))
    , m_caption(new QLabel(this))
    , m_details(new QLabel(this))
    , m_findings(new FindingModel(this))
    , m_events(new FindingEventModel(this))
    , m_findingProxy(new QSortFilterProxyModel(this))
    , m_eventProxy(new QSortFilterProxyModel(this))
    , m_findingView(new QTableView(this))
    , m_eventView(new QTableView(this))
    , m_watcher(new QFutureWatcher<FindingsReport>(this))
{
    m_message->setObjectName(QStringLiteral("findingsMessage"));
    m_message->setAlignment(Qt::AlignCenter);
    m_message->setWordWrap(true);
    m_caption->setWordWrap(true);
    m_caption->setContentsMargins(4, 2, 4, 2);
    m_details->setObjectName(QStringLiteral("findingDetails"));
    m_details->setWordWrap(true);
    m_details->setTextFormat(Qt::RichText);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_details->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_details->setContentsMargins(4, 2, 4, 2);
    m_findingView->setObjectName(QStringLiteral("findingsTable"));
    m_eventView->setObjectName(QStringLiteral("findingEvents"));

    m_findingProxy->setSourceModel(m_findings);
    setUpTable(m_findingView, m_findingProxy, FindingModel::kSortRole);
    m_findingView->horizontalHeader()->setStretchLastSection(true);
    m_findingColumns = new NameFirstColumns(m_findingView, FindingModel::ProblemColumn);
    m_eventProxy->setSourceModel(m_events);
    setUpTable(m_eventView, m_eventProxy, FindingEventModel::kSortRole);
    m_eventView->horizontalHeader()->setStretchLastSection(true);
    m_eventColumns = new NameFirstColumns(m_eventView, FindingEventModel::EventColumn);

    connect(m_findingView, &QTableView::clicked, this, [this](const QModelIndex &index) { showFinding(index.row()); });
    connect(m_eventView, &QTableView::clicked, this, [this](const QModelIndex &index) {
        const int row = m_eventProxy->mapToSource(index).row();
        if (row >= 0 && std::size_t(row) < m_events->events().size())
            requestEvent(m_events->events()[std::size_t(row)]);
    });

    auto *right = new QWidget(this);
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addWidget(m_details);
    rightLayout->addWidget(m_eventView, 1);
    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(m_findingView);
    splitter->addWidget(right);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    splitter->setChildrenCollapsible(false);
    auto *results = new QWidget(this);
    auto *resultsLayout = new QVBoxLayout(results);
    resultsLayout->setContentsMargins(0, 0, 0, 0);
    resultsLayout->setSpacing(2);
    resultsLayout->addWidget(m_caption);
    resultsLayout->addWidget(splitter, 1);
    m_stack->addWidget(m_message);
    m_stack->addWidget(results);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_stack);

    connect(m_watcher, &QFutureWatcher<FindingsReport>::finished, this, [this] { showReport(m_watcher->result()); });
    setTrace(nullptr);
}

FindingsPanel::~FindingsPanel()
{
    m_watcher->waitForFinished(); // the worker reads the trace this panel holds
}

void FindingsPanel::setTrace(std::shared_ptr<const Trace> trace)
{
    m_watcher->waitForFinished();
    m_trace = std::move(trace);
    m_findings->setFindings({}, {});
    m_events->setEvents(nullptr, {});
    m_details->clear();
    if (!m_trace) {
        showMessage(tr("Open a trace to see what to fix in it."));
        return;
    }
    showMessage(tr("Looking for problems…"));
    const std::shared_ptr<const Trace> held = m_trace;
    m_watcher->setFuture(QtConcurrent::run([held] { return computeFindingsReport(*held); }));
}

bool FindingsPanel::showsResults() const
{
    return m_stack->currentIndex() == 1;
}

QString FindingsPanel::messageText() const
{
    return m_message->text();
}

void FindingsPanel::showMessage(const QString &text)
{
    m_message->setText(text);
    m_stack->setCurrentIndex(0);
}

void FindingsPanel::showReport(FindingsReport report)
{
    if (report.findings.empty()) {
        showMessage(tr("No rule found a problem in this trace."));
        emit ready();
        return;
    }
    m_caption->setText(tr("%n problem(s) in the whole trace, ranked by their time on its critical path (%1). Click "
                          "one for its fix and its events.",
                          nullptr, int(report.findings.size()))
                           .arg(TimeFormat::shownDuration(report.pathLength)));
    m_findings->setFindings(std::move(report.findings), std::move(report.onPath));
    m_findingView->sortByColumn(-1, Qt::AscendingOrder); // the model's ranking
    m_findingColumns->measure();
    m_stack->setCurrentIndex(1);
    showFinding(0, false); // its text, but the timeline stays where the user is
    emit ready();
}

void FindingsPanel::showFinding(int row, bool select)
{
    const QModelIndex index = m_findingProxy->index(row, 0);
    if (!index.isValid())
        return;
    m_findingView->selectRow(row);
    const int source = m_findingProxy->mapToSource(index).row();
    const Finding &f = m_findings->finding(source);
    m_details->setText(QStringLiteral("<b>%1</b> <span style=\"color:gray\">(%2)</span><br>%3<br><i>%4</i>")
                           .arg(FindingText::title(f.rule).toHtmlEscaped(), QString::fromStdString(f.rule),
                                QString::fromStdString(f.message).toHtmlEscaped(),
                                tr("Fix: %1").arg(FindingText::fix(f.rule, f.fix)).toHtmlEscaped()));
    m_currentRule = f.rule;
    m_events->setEvents(m_trace, f.events);
    m_eventView->sortByColumn(-1, Qt::AscendingOrder); // the rule's order
    m_eventColumns->measure();
    if (select && !f.events.empty())
        requestEvent(f.events.front());
}

QString FindingsPanel::detailsText() const
{
    return m_details->text();
}

void FindingsPanel::requestEvent(const FindingEvent &event)
{
    if (m_currentRule == "gpu_gaps") // the gap, not the op that ends it
        emit regionRequested(event.start, event.start + event.duration);
    else if (event.event.isValid())
        emit eventRequested(event.event);
    else if (event.call.isValid())
        emit eventRequested(event.call);
    else
        emit regionRequested(event.start, event.start + event.duration);
}

void FindingsPanel::refreshTimes()
{
    m_findings->refreshTimes();
    m_events->refreshTimes();
}

} // namespace tracelane
