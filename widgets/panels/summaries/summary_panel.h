#pragma once
// The summary reports of a trace in tabs: Kernels, API calls and Ranges, with
// the columns of `tracelane-cli kernels`, `api` and `ranges` (nsys cuda_gpu_kern_sum, cuda_api_sum,
// nvtx_sum); Kernels adds those of `kernels --efficiency` when the kernels carry Kineto's figures. They are computed on a worker thread; double-clicking a row asks
// the timeline to show the longest instance of that name, and a row's context
// menu can list all of its instances.

#include "analysis/summaries/longest_instance.h"
#include "export/table.h"
#include "model/trace.h"

#include <QFutureWatcher>
#include <QWidget>

#include <array>
#include <memory>
#include <vector>

class QTabWidget;

namespace tracelane {

class SummaryTableView;

struct SummaryTables
{
    Table kernels, apiCalls, ranges;
};

class SummaryPanel : public QWidget
{
    Q_OBJECT

public:
    explicit SummaryPanel(QWidget *parent = nullptr);
    ~SummaryPanel() override;

    void setTrace(std::shared_ptr<const Trace> trace); // null clears
    bool isComputing() const { return m_watcher->isRunning(); }

    SummaryTableView *table(SummaryKind kind) const { return m_tables[std::size_t(kind)]; }
    SummaryTableView *currentTable() const;
    QTabWidget *tabs() const { return m_tabs; }

signals:
    void ready();
    void instanceRequested(tracelane::EventRef ref);
    // Every instance of a row (as many as its count), by start.
    void instancesListed(const QString &title, const std::vector<tracelane::EventRef> &events);

private:
    std::shared_ptr<const Trace> m_trace;
    QTabWidget *m_tabs;
    std::array<SummaryTableView *, 3> m_tables{};
    QFutureWatcher<SummaryTables> *m_watcher;
};

} // namespace tracelane
