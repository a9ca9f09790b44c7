#pragma once
// The Memory dock's pages for a PyTorch memory snapshot: the active-memory
// chart, the allocations with their stacks, the segments with their
// fragmentation and the out-of-memory events (`tracelane-cli snapshot`). Added
// to the dock's tabs only while a snapshot is shown.

#include "export/table.h"
#include "model/trace.h"

#include <QObject>

#include <memory>
#include <string>
#include <vector>

class QLabel;
class QPlainTextEdit;
class QTabWidget;
class QWidget;

namespace tracelane {

namespace charts {
class ActiveMemoryChart;
}
class SummaryTableView;

struct SnapshotReport
{
    Table allocations, segments, ooms;
    std::vector<std::string> stacks;       // per allocation row: its stack, innermost frame last, one per line
    std::vector<EventRef> allocationEvents; // per allocation row: its alloc's [memory] event; invalid before the trace
};

// Empty tables for a trace without a snapshot. Runs on a worker thread.
SnapshotReport computeSnapshotReport(const Trace &trace);

class SnapshotPages : public QObject
{
    Q_OBJECT

public:
    explicit SnapshotPages(QTabWidget *tabs);

    // Adds the pages after the dock's own (once), filled from `report`.
    void show(const std::shared_ptr<const Trace> &trace, SnapshotReport report);
    void hide(); // takes the pages out of the tabs
    bool shown() const { return m_shown; }

    charts::ActiveMemoryChart *chart() const { return m_chart; }
    SummaryTableView *allocationsTable() const { return m_allocations; }
    SummaryTableView *segmentsTable() const { return m_segments; }
    SummaryTableView *oomTable() const { return m_ooms; }
    QString stackText() const;
    QString oomSummary() const;

signals:
    void eventRequested(tracelane::EventRef ref);

private:
    void selectAllocation(int row);

    QTabWidget *m_tabs;
    charts::ActiveMemoryChart *m_chart;
    QWidget *m_allocationsPage;
    SummaryTableView *m_allocations;
    QPlainTextEdit *m_stack;
    SummaryTableView *m_segments;
    QWidget *m_oomPage;
    QLabel *m_oomLabel;
    SummaryTableView *m_ooms;
    std::vector<std::string> m_stacks;
    std::vector<EventRef> m_events;
    bool m_shown = false;
};

} // namespace tracelane
