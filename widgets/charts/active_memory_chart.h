#pragma once
// The active-memory timeline of a PyTorch memory snapshot, as PyTorch's
// memory_viz draws it: every allocation a filled band as tall as its size,
// stacked on those below it; a free lets the bands above it down. One device
// at a time (a selector when the snapshot has several); the summarised
// allocations, past the drawing cap, in grey on top; the peak named. Built
// from snapshotTimeline() (core/analysis/memory/snapshot_timeline.h).

#include "chart_view.h"

#include "analysis/memory/snapshot_timeline.h"
#include "model/trace.h"

#include <memory>

class QComboBox;
class QCPCurve;

namespace tracelane::charts {

class ActiveMemoryChart : public ChartView
{
    Q_OBJECT

public:
    explicit ActiveMemoryChart(QWidget *parent = nullptr);

    // A trace read from a snapshot (Trace::memorySnapshot); anything else clears.
    void setTrace(std::shared_ptr<const Trace> trace);
    void setDevice(std::int32_t device); // all of its streams
    // One stream of the current device, or all of them (nullopt).
    void setStream(std::optional<std::int64_t> stream);
    // The streams of the current device's allocations, by id.
    const std::vector<std::int64_t> &streams() const { return m_streams; }
    std::int32_t device() const { return m_timeline.device; }
    const std::vector<std::int32_t> &devices() const { return m_devices; }
    const SnapshotTimeline &timeline() const { return m_timeline; }
    const SnapshotAllocations &allocations() const { return m_allocations; }
    // Bands drawn, in timeline().bands order (the summarised one, if any, not included).
    const std::vector<QCPCurve *> &bandCurves() const { return m_curves; }

    // The band under a position of plot(), into timeline().bands; -1 for none.
    int bandAt(const QPoint &plotPos) const;
    QString toolTipAt(const QPoint &plotPos) const;

    // Pieces drawn at most: past it the smallest allocations are summarised.
    static constexpr std::size_t kMaxPieces = 4'000;
    // Steps of the summarised band drawn at most (runs of steps beyond it as their envelope).
    static constexpr std::size_t kMaxSummarySteps = 4'000;

signals:
    // An allocation's band was clicked: its index into allocations().allocations.
    void allocationClicked(std::size_t allocation);

private:
    void draw();
    void fillStreams();
    double keyOf(TimeNs t) const { return double(t - m_origin) / m_nsPerUnit; }

    std::shared_ptr<const Trace> m_trace;
    SnapshotAllocations m_allocations;
    SnapshotTimeline m_timeline;
    std::vector<std::int32_t> m_devices; // those with trace entries or segments
    std::vector<std::int64_t> m_streams;
    QComboBox *m_streamBox = nullptr;
    std::vector<QCPCurve *> m_curves;
    QComboBox *m_deviceBox = nullptr;
    double m_nsPerUnit = 1.0;
    TimeNs m_origin = 0; // where the x axis starts
};

} // namespace tracelane::charts
