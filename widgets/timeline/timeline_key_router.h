#pragma once
// Sends the timeline's keys (W/A/S/D, +/−, Home, End, F, Z, M, Esc) to the
// timeline while the mouse is over it, whichever widget has the focus: after
// clicking a chart or the track list, moving the mouse back over the timeline
// is enough to navigate again. Text fields keep their keys.

#include <QObject>

class QKeyEvent;

namespace tracelane {

class TimelineView;

class TimelineKeyRouter : public QObject
{
    Q_OBJECT

public:
    // Watches the application's key presses for as long as `view` lives.
    explicit TimelineKeyRouter(TimelineView *view);

    // The keys that follow the mouse (Up / Down stay with the focused widget).
    static bool isRoutedKey(const QKeyEvent &event);
    // A widget that takes typed text: it keeps every key.
    static bool takesText(const QWidget *widget);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    TimelineView *m_view;
};

} // namespace tracelane
