#include "panels/critical/critical_path_panel.h"

#include "analysis/critical/what_if.h"
#include "critical_path_chart.h"
#include "panels/common/column_widths.h"
#include "panels/critical/path_step_model.h"
#include "time_format.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableView>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace tracelane {

CriticalPathPanel::CriticalPathPanel(QWidget *parent)
    : QWidget(parent)
    , m_stack(new QStackedWidget(this))
    , m_message(new QLabel(this))
    , m_steps(new QComboBox(this))
    , m_whatIf(new QLineEdit(this))
    , m_apply(new QPushButton(tr("Estimate"), this))
    , m_whatIfResult(new QLabel(this))
    , m_chart(new charts::CriticalPathChart(this))
    , m_stepModel(new PathStepModel(this))
    , m_stepProxy(new QSortFilterProxyModel(this))
    , m_stepView(new QTableView(this))
    , m_watcher(new QFutureWatcher<CriticalPathReport>(this))
    , m_whatIfWatcher(new QFutureWatcher<CriticalPath>(this))
{
    m_chart->setObjectName(QStringLiteral("criticalPathChart"));
    m_steps->setObjectName(QStringLiteral("criticalPathStep"));
    m_whatIf->setObjectName(QStringLiteral("criticalPathWhatIf"));
    m_whatIfResult->setObjectName(QStringLiteral("criticalPathWhatIfResult"));
    m_stepView->setObjectName(QStringLiteral("criticalPathSteps"));
    m_message->setObjectName(QStringLiteral("criticalPathMessage"));
    m_message->setAlignment(Qt::AlignCenter);
    m_message->setWordWrap(true);
    m_steps->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_whatIf->setPlaceholderText(tr("What if… e.g. kernels=0.5, launch-overhead=0, op:DataLoader=0"));
    m_whatIf->setToolTip(tr("Scale durations and solve the path again: kernels=F, kernel:REGEX=F, op:REGEX=F, "
                            "comm=F, memory=F, launch-overhead=F, cpu=F; several joined by commas. "
                            "A model: queues and contention are not simulated."));
    m_whatIf->setClearButtonEnabled(true);
    m_whatIfResult->setWordWrap(true);
    m_whatIfResult->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_stepProxy->setSourceModel(m_stepModel);
    m_stepProxy->setSortRole(PathStepModel::kSortRole);
    m_stepView->setModel(m_stepProxy);
    m_stepView->setSortingEnabled(true);
    m_stepView->sortByColumn(PathStepModel::OrderColumn, Qt::AscendingOrder);
    m_stepView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_stepView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_stepView->setWordWrap(false);
    m_stepView->setTextElideMode(Qt::ElideMiddle);
    m_stepView->verticalHeader()->hide();
    m_stepView->verticalHeader()->setMinimumSectionSize(1);
    m_stepView->verticalHeader()->setDefaultSectionSize(m_stepView->fontMetrics().height() + 2);
    m_stepView->horizontalHeader()->setStretchLastSection(true);
    m_stepColumns = new NameFirstColumns(m_stepView, PathStepModel::EventColumn);
    connect(m_stepView, &QTableView::clicked, this, [this](const QModelIndex &index) {
        const int row = m_stepProxy->mapToSource(index).row();
        if (row >= 0 && std::size_t(row) < m_stepModel->steps().size())
            emit eventRequested(m_stepModel->steps()[std::size_t(row)].event);
    });

    auto *top = new QHBoxLayout;
    top->setContentsMargins(4, 2, 4, 2);
    top->addWidget(new QLabel(tr("Step:"), this));
    top->addWidget(m_steps);
    top->addWidget(m_whatIf, 1);
    top->addWidget(m_apply);
    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(m_chart);
    splitter->addWidget(m_stepView);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    splitter->setChildrenCollapsible(false);
    auto *results = new QWidget(this);
    auto *resultsLayout = new QVBoxLayout(results);
    resultsLayout->setContentsMargins(0, 0, 0, 0);
    resultsLayout->setSpacing(2);
    resultsLayout->addLayout(top);
    resultsLayout->addWidget(m_whatIfResult);
    resultsLayout->addWidget(splitter, 1);
    m_stack->addWidget(m_message);
    m_stack->addWidget(results);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_stack);

    connect(m_watcher, &QFutureWatcher<CriticalPathReport>::finished, this,
            [this] { showReport(m_watcher->result()); });
    connect(m_whatIfWatcher, &QFutureWatcher<CriticalPath>::finished, this,
            [this] { showWhatIf(m_whatIfWatcher->result()); });
    connect(m_steps, &QComboBox::currentIndexChanged, this, &CriticalPathPanel::showStep);
    connect(m_chart, &charts::CriticalPathChart::stepClicked, this, &CriticalPathPanel::setCurrentStep);
    connect(m_apply, &QPushButton::clicked, this, &CriticalPathPanel::applyWhatIf);
    connect(m_whatIf, &QLineEdit::returnPressed, this, &CriticalPathPanel::applyWhatIf);
    setTrace(nullptr, {});
}

CriticalPathPanel::~CriticalPathPanel()
{
    m_watcher->waitForFinished(); // the workers read the trace this panel holds
    m_whatIfWatcher->waitForFinished();
}

void CriticalPathPanel::setTrace(std::shared_ptr<const Trace> trace, const IterationOptions &options)
{
    m_watcher->waitForFinished();
    m_whatIfWatcher->waitForFinished();
    m_trace = std::move(trace);
    m_report = {};
    m_whatIfResult->clear();
    m_whatIfResult->hide();
    if (!m_trace) {
        showMessage(tr("Open a trace to see the critical path of its steps."));
        return;
    }
    showMessage(tr("Finding the critical path…"));
    const std::shared_ptr<const Trace> trace2 = m_trace;
    m_watcher->setFuture(
        QtConcurrent::run([trace2, options] { return computeCriticalPathReport(*trace2, options); }));
}

bool CriticalPathPanel::showsResults() const
{
    return m_stack->currentIndex() == 1;
}

QString CriticalPathPanel::messageText() const
{
    return m_message->text();
}

void CriticalPathPanel::showMessage(const QString &text)
{
    m_message->setText(text);
    m_stack->setCurrentIndex(0);
    m_chart->setSteps({});
    m_stepModel->setPath(nullptr, {});
    const QSignalBlocker blocker(m_steps);
    m_steps->clear();
}

void CriticalPathPanel::showReport(CriticalPathReport report)
{
    m_report = std::move(report);
    if (m_report.steps.empty()) {
        showMessage(tr("This trace has no events to follow."));
        emit pathChanged();
        emit ready();
        return;
    }
    std::vector<charts::CriticalPathChart::Step> steps;
    {
        const QSignalBlocker blocker(m_steps);
        m_steps->clear();
        for (const CriticalPathStepResult &step : m_report.steps) {
            m_steps->addItem(step.label);
            steps.push_back({step.label, step.path.byCategory, step.path.length});
        }
    }
    m_chart->setSteps(std::move(steps), m_report.iterations);
    m_stack->setCurrentIndex(1);
    showStep(0);
    emit ready();
}

int CriticalPathPanel::currentStep() const
{
    return m_report.steps.empty() ? -1 : m_steps->currentIndex();
}

void CriticalPathPanel::setCurrentStep(int index)
{
    if (index >= 0 && index < m_steps->count())
        m_steps->setCurrentIndex(index); // showStep follows
}

const CriticalPath *CriticalPathPanel::currentPath() const
{
    const int index = currentStep();
    return index < 0 || std::size_t(index) >= m_report.steps.size() ? nullptr
                                                                     : &m_report.steps[std::size_t(index)].path;
}

void CriticalPathPanel::showStep(int index)
{
    if (index < 0 || std::size_t(index) >= m_report.steps.size())
        return;
    m_stepModel->setPath(m_trace, m_report.steps[std::size_t(index)].path);
    m_stepView->sortByColumn(PathStepModel::OrderColumn, Qt::AscendingOrder);
    m_stepColumns->measure();
    if (m_steps->currentIndex() != index) {
        const QSignalBlocker blocker(m_steps);
        m_steps->setCurrentIndex(index);
    }
    if (!m_whatIf->text().trimmed().isEmpty() && m_whatIfStep != index)
        applyWhatIf();
    emit pathChanged();
}

void CriticalPathPanel::applyWhatIf()
{
    const int index = currentStep();
    const QString spec = m_whatIf->text().simplified().remove(QLatin1Char(' '));
    if (index < 0 || spec.isEmpty()) {
        m_whatIfResult->clear();
        m_whatIfResult->hide();
        m_whatIfStep = -1;
        emit whatIfReady();
        return;
    }
    const ParsedWhatIf parsed = parseWhatIf(spec.toStdString());
    if (!parsed.error.empty()) {
        m_whatIfResult->setText(tr("Cannot estimate: %1").arg(QString::fromStdString(parsed.error)));
        m_whatIfResult->show();
        m_whatIfStep = -1;
        emit whatIfReady();
        return;
    }
    m_whatIfWatcher->waitForFinished();
    m_whatIfStep = index;
    m_whatIfResult->setText(tr("Estimating…"));
    m_whatIfResult->show();
    const std::shared_ptr<const Trace> trace = m_trace;
    const PathScope scope = m_report.steps[std::size_t(index)].scope;
    const WhatIf whatIf = parsed.whatIf;
    m_whatIfWatcher->setFuture(QtConcurrent::run([trace, scope, whatIf] { return criticalPath(*trace, scope, &whatIf); }));
}

void CriticalPathPanel::showWhatIf(const CriticalPath &after)
{
    if (m_whatIfStep < 0 || std::size_t(m_whatIfStep) >= m_report.steps.size())
        return;
    const CriticalPathStepResult &step = m_report.steps[std::size_t(m_whatIfStep)];
    const TimeNs before = step.path.length;
    const double change = before > 0 ? 100.0 * double(after.length - before) / double(before) : 0.0;
    // The two largest causes after the change: what would bind next.
    std::vector<int> order(kPathCategoryCount);
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](int a, int b) { return after.byCategory[a] > after.byCategory[b]; });
    QStringList causes;
    for (int k = 0; k < 2; ++k)
        if (after.byCategory[std::size_t(order[k])] > 0 && after.length > 0)
            causes << tr("%1 %2 %").arg(charts::CriticalPathChart::categoryName(PathCategory(order[k])))
                          .arg(100.0 * double(after.byCategory[std::size_t(order[k])]) / double(after.length), 0,
                               'f', 1);
    m_whatIfResult->setText(tr("%1: %2 → %3 (%4 %). Then: %5. An estimate: queues and contention are not simulated.")
                                .arg(step.label, TimeFormat::shownDuration(before),
                                     TimeFormat::shownDuration(after.length))
                                .arg(change, 0, 'f', 1)
                                .arg(causes.join(QStringLiteral(", "))));
    m_whatIfResult->show();
    emit whatIfReady();
}

QString CriticalPathPanel::whatIfText() const
{
    return m_whatIfResult->isVisible() || !m_whatIfResult->isHidden() ? m_whatIfResult->text() : QString();
}

void CriticalPathPanel::refreshTimes()
{
    m_stepModel->refreshTimes();
}

} // namespace tracelane
