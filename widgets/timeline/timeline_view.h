#pragma once
// The timeline: a scroll area painting every visible track with QPainter (no
// item per event). The view state lives in its ZoomControl; the draw list is
// cached per (range, size, scroll, arrangement), so hovering, the cursor and
// selection repaint without walking events again.

#include "timeline/flow_arrow_set.h"
#include "timeline/label_cache.h"
#include "timeline/collective_wait_overlay.h"
#include "timeline/critical_path_overlay.h"
#include "timeline/highlight_set.h"
#include "model/event.h"
#include "timeline/timeline_frame.h"
#include "timeline/timeline_geometry.h"
#include "timeline/zoom_control.h"

#include <QAbstractScrollArea>

class QPainter;

#include <memory>
#include <optional>

namespace tracelane {

class MarkerSet;
class TimelineModel;

class TimelineView : public QAbstractScrollArea
{
    Q_OBJECT

public:
    explicit TimelineView(QWidget *parent = nullptr);
    ~TimelineView() override;

    void setModel(std::shared_ptr<TimelineModel> model); // null shows an empty view
    TimelineModel *model() const { return m_model.get(); }
    // Shown centred over the lanes, e.g. for a trace without events; empty hides it.
    void setPlaceholderText(const QString &text);
    QString placeholderText() const { return m_placeholder; }
    ZoomControl *zoomControl() const { return m_zoom; }

    EventRef selectedEvent() const { return m_selected; }
    // Selects `ref` (invalid clears); `reveal` expands its groups, scrolls to its
    // row and pans (or zooms out) until it is in view.
    void selectEvent(EventRef ref, bool reveal = false);
    void clearSelection();

    // The area selection: the time selection of zoomControl() on these lanes
    // (Shift+drag across rows); empty when it covers all lanes (a drag in the
    // ruler) or there is none.
    const std::vector<std::uint32_t> &selectedTracks() const { return m_areaTracks; }
    // Selects [from, to) on `tracks` (empty: all lanes) and emits areaSelected.
    void selectArea(TimeNs from, TimeNs to, std::vector<std::uint32_t> tracks);

    // Outlines these events on top of the timeline (invalid refs are skipped);
    // an empty list removes the outlines. Cheap: only those in view are drawn.
    void setHighlighted(std::vector<EventRef> events);
    const HighlightSet &highlighted() const { return m_highlights; }
    // Draws a critical path over the lanes (View > Show Critical Path); null clears.
    void setCriticalPath(const CriticalPath *path);
    const CriticalPathOverlay &criticalPath() const { return m_pathOverlay; }
    // The wait part of matched collective kernels, hatched (View > Collective
    // Wait); null clears. Drawn while showCollectiveWait() is on.
    void setCollectiveWaits(const CollectiveAnalysis *analysis);
    const CollectiveWaitOverlay &collectiveWaits() const { return m_collectiveWaits; }
    bool showCollectiveWait() const { return m_showCollectiveWait; }
    void setShowCollectiveWait(bool on);

    // The trace's markers (cleared by setModel); drawn over the lanes and in the ruler.
    MarkerSet *markers() const { return m_markers; }
    // M: marks the selected event's span (unless it is marked already), else the
    // time under the mouse, else the centre of the view. Returns the new marker's
    // index (it becomes the selected one), or -1.
    int addMarkerHere();
    // Centres the view on a marker (a span longer than the view is fitted).
    void showMarker(int index);

    bool showAllFlows() const { return m_showAllFlows; }
    void setShowAllFlows(bool on);
    // Idle gaps of GPU streams shaded by cause (View > Shade Idle Gaps).
    bool showIdleGaps() const { return m_showIdleGaps; }
    void setShowIdleGaps(bool on);
    // A queue depth lane under each GPU stream (View > Queue Depth Lanes); kept
    // for every trace shown afterwards.
    bool showQueueDepth() const { return m_showQueueDepth; }
    void setShowQueueDepth(bool on);
    void setDarkPalette(bool dark);
    bool isDarkPalette() const { return m_palette.dark; }

    // Call after the model's arrangement was edited elsewhere (the track tree).
    void arrangementChanged();

    // Deep lanes, pinning and Python frames (timeline_view_lanes.cpp). Each keeps
    // the row under the mouse (or the top row) where it was on screen.
    void setTrackPinned(std::uint32_t track, bool pinned);
    bool isTrackPinned(std::uint32_t track) const;
    // A deep lane shows all its rows, or folds back to kLaneRowLimit.
    void setLaneExpanded(std::uint32_t track, bool all);
    bool isLaneExpanded(std::uint32_t track) const;
    void setPythonFramesHidden(bool hidden);
    bool pythonFramesHidden() const;
    // A deep lane's expand handle, in viewport coordinates (nullopt: not deep or not in view).
    std::optional<QRect> expandHandleInViewport(std::uint32_t track);

    // Where an event is drawn, in viewport coordinates (nullopt: hidden or scrolled away).
    std::optional<QRect> eventRectInViewport(EventRef ref);
    QString toolTipAt(QPoint viewportPos);

    // The view's navigation keys (W/A/S/D, + / -, Home, End, F, Z, M, Esc, Up /
    // Down); false for any other. TimelineKeyRouter calls it while another widget
    // has the focus and the mouse is over the view.
    bool handleViewKey(int key);
    bool isMouseOverViewport() const { return m_mouseOver; }
    TimelineFrame currentFrame();

    static constexpr int kGutterWidth = 260;
    static constexpr int kRulerHeight = 26;

signals:
    void eventSelected(tracelane::EventRef ref); // invalid when cleared
    void cursorMoved(tracelane::TimeNs time, bool inside);
    void arrangementEdited(); // a group was collapsed or expanded, a lane pinned or unfolded in the gutter
    void painted(qint64 nanoseconds);
    // A drag finished selecting [from, to) on `tracks` (empty: all lanes).
    void areaSelected(tracelane::TimeNs from, tracelane::TimeNs to, std::vector<std::uint32_t> tracks);
    void areaCleared();
    void pythonFramesHiddenChanged(bool hidden);

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void scrollContentsBy(int dx, int dy) override;
    bool viewportEvent(QEvent *event) override;
    void changeEvent(QEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void leaveEvent(QEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;

private:
    enum class Drag { None, Pending, Pan, Select };

    const LayoutRows &rows();
    const TimelineGeometry &geometry();
    TimeAxis axis() const;
    void invalidate();
    void updateScrollBars();
    void syncHorizontalScrollBar();
    bool inTimeArea(QPoint pos) const;
    TimeNs timeAtViewportX(int x) const;
    TimeNs zoomAnchor() const;
    bool handleGutterClick(QPoint pos);
    bool handleMarkerClick(QPoint pos); // timeline_view_markers.cpp
    int rowIndexAt(QPoint viewportPos); // the layout row at a viewport point, -1 for none
    struct ScrollAnchor
    {
        int node = -1;
        int screenTop = 0;
    };
    ScrollAnchor scrollAnchor();
    void applyLayoutChange(ScrollAnchor anchor);
    // Once per trace, when the view first shows it at its real height: pins the
    // GPU streams if they would open below the first screen (a small window).
    void pinStreamsBelowFirstScreen();
    void reveal(EventRef ref);
    void zoomIntoRun(const DrawItem &item, int x);
    QString gutterToolTip(QPoint pos);
    void paintHighlights(QPainter &painter, const TimelineFrame &frame) const;
    std::vector<std::uint32_t> tracksBetween(int contentYA, int contentYB);
    void updateAreaDrag(QPoint pos);
    void finishAreaSelection();
    void onTimeSelectionChanged();

    std::shared_ptr<TimelineModel> m_model;
    QString m_placeholder;
    ZoomControl *m_zoom;
    MarkerSet *m_markers;
    TimelinePalette m_palette;
    bool m_paletteForced = false;
    bool m_showAllFlows = false;
    bool m_showIdleGaps = false;
    bool m_showQueueDepth = false;
    EventRef m_selected;
    std::vector<EventRef> m_partners;
    HighlightSet m_highlights;
    CriticalPathOverlay m_pathOverlay;
    CollectiveWaitOverlay m_collectiveWaits;
    bool m_showCollectiveWait = false;

    LayoutRows m_rows;
    std::uint64_t m_rowsVersion = ~0ull;
    TimelineGeometry m_geometry;
    bool m_geometryValid = false;
    bool m_firstScreenChecked = false; // pinStreamsBelowFirstScreen() ran for this model
    // Show All Flows' arrows for the current draw list; rebuilt with it.
    FlowArrowSet m_flowArrows;
    bool m_flowArrowsValid = false;
    LabelCache m_labels;

    int m_cursorX = -1;
    bool m_mouseOver = false; // the pointer is over the viewport (lanes, ruler, gutter)
    Drag m_drag = Drag::None;
    QPoint m_pressPos;
    TimeNs m_pressTime = 0, m_pressRangeStart = 0;
    int m_pressScroll = 0;
    int m_pressContentY = 0; // press height in the rows area, scrolling included
    bool m_areaAllLanes = false; // the selecting drag started in the ruler
    std::vector<std::uint32_t> m_areaTracks;
    bool m_syncingScrollBar = false;
    TimeNs m_scrollUnit = 1;
};

} // namespace tracelane
