#pragma once
// The Selection dock: what lies inside the timeline's area selection. A line
// with the window's start, end and length, its lane count and the GPU's busy
// and idle time in it; below, per kind of lane and name, count and total,
// mean, min and max of the time inside the window (window_summary.h, the
// numbers of `tracelane-cli window`). Computed on a worker thread; a row's
// context menu lists its instances. A second tab, Pivot, groups the events
// that start in the selection (the whole trace when there is none) by the
// dimensions the user picks (panels/pivot/pivot_view.h).

#include "analysis/window/window_summary.h"

#include <QFutureWatcher>
#include <QWidget>

#include <memory>

class QLabel;
class QSortFilterProxyModel;
class QTabWidget;
class QTreeView;

namespace tracelane {

class PivotView;
class TimelineModel;
class WindowSummaryModel;

class SelectionPanel : public QWidget
{
    Q_OBJECT

public:
    explicit SelectionPanel(QWidget *parent = nullptr);
    ~SelectionPanel() override;

    void setModel(std::shared_ptr<const TimelineModel> model); // null clears
    // Summarises [from, to) (absolute ns) on `tracks` (empty: all lanes).
    void showWindow(TimeNs from, TimeNs to, std::vector<std::uint32_t> tracks);
    void clear();
    void refreshTimes(); // after the display unit changed

    // Until the last selection's summary is shown.
    bool isComputing() const { return m_pending; }
    // The summary shown (empty rows when none).
    const WindowSummary &summary() const;
    const std::vector<std::uint32_t> &tracks() const { return m_tracks; }
    QTreeView *view() const { return m_view; }
    QLabel *headline() const { return m_headline; }
    PivotView *pivotView() const { return m_pivot; }
    QTabWidget *tabs() const { return m_tabs; }
    // The instances of the row at `index` of view(); empty for a kind's row.
    std::vector<EventRef> instancesAt(const QModelIndex &index) const;

signals:
    void ready(); // a summary is shown
    void instancesRequested(const QString &title, std::vector<tracelane::EventRef> events);

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void showHeadline();
    void fitNameColumn();
    void showMenu(const QPoint &pos);

    std::shared_ptr<const TimelineModel> m_model;
    std::vector<std::uint32_t> m_tracks;
    QLabel *m_headline;
    QTabWidget *m_tabs;
    QTreeView *m_view;
    PivotView *m_pivot;
    WindowSummaryModel *m_summary;
    QSortFilterProxyModel *m_proxy;
    QFutureWatcher<WindowSummary> *m_watcher;
    bool m_pending = false;
};

} // namespace tracelane
