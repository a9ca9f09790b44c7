#include "panels/summaries/summary_panel.h"

#include "analysis/efficiency/kernel_efficiency_tables.h"
#include "analysis/ranges/range_summary.h"
#include "analysis/summaries/api_summary.h"
#include "analysis/summaries/kernel_summary.h"
#include "panels/summaries/summary_table_view.h"

#include <QTabWidget>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace tracelane {

SummaryPanel::SummaryPanel(QWidget *parent)
    : QWidget(parent)
    , m_tabs(new QTabWidget(this))
    , m_watcher(new QFutureWatcher<SummaryTables>(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_tabs);
    const QString titles[] = {tr("Kernels"), tr("API Calls"), tr("Ranges")};
    // Titles of a row's instance list, by table.
    const QString listTitles[] = {tr("Kernel %1"), tr("API call %1"), tr("Range %1")};
    for (std::size_t i = 0; i < m_tables.size(); ++i) {
        auto *view = new SummaryTableView(m_tabs);
        m_tables[i] = view;
        m_tabs->addTab(view, titles[i]);
        m_tabs->setTabToolTip(int(i),
                              tr("Double-click a row to show its longest instance; right-click it to list "
                                 "all of its instances"));
        const auto kind = SummaryKind(i);
        connect(view, &SummaryTableView::rowActivated, this, [this, kind](const QString &name) {
            if (!m_trace)
                return;
            const EventRef ref = longestInstance(*m_trace, kind, name.toStdString());
            if (ref.isValid())
                emit instanceRequested(ref);
        });
        connect(view, &SummaryTableView::instancesRequested, this,
                [this, kind, title = listTitles[i]](const QString &name) {
                    if (m_trace)
                        emit instancesListed(title.arg(name), summaryInstances(*m_trace, kind, name.toStdString()));
                });
    }
    connect(m_watcher, &QFutureWatcher<SummaryTables>::finished, this, [this] {
        if (m_watcher->isCanceled())
            return;
        SummaryTables tables = m_watcher->result();
        m_tables[std::size_t(SummaryKind::Kernel)]->setTable(std::move(tables.kernels));
        m_tables[std::size_t(SummaryKind::ApiCall)]->setTable(std::move(tables.apiCalls));
        m_tables[std::size_t(SummaryKind::Range)]->setTable(std::move(tables.ranges));
        emit ready();
    });
}

SummaryPanel::~SummaryPanel()
{
    m_watcher->waitForFinished();
}

SummaryTableView *SummaryPanel::currentTable() const
{
    return qobject_cast<SummaryTableView *>(m_tabs->currentWidget());
}

void SummaryPanel::setTrace(std::shared_ptr<const Trace> trace)
{
    m_watcher->waitForFinished(); // a full summary takes well under a second
    m_trace = std::move(trace);
    for (SummaryTableView *view : m_tables)
        view->setTable({});
    if (!m_trace)
        return;
    m_watcher->setFuture(QtConcurrent::run([trace = m_trace] {
        // Kineto's kernel arguments add the efficiency columns; other traces keep the plain table.
        return SummaryTables{kernelEfficiencyTable(kernelSummary(*trace), kernelEfficiencyByName(*trace), true),
                             apiSummaryTable(apiSummary(*trace)), rangeSummaryTable(*trace)};
    }));
}

} // namespace tracelane
