#pragma once
// `tracelane --screenshot FILE TRACE`: the picture of the window used in the
// documentation, taken by the application so no screen grabber is needed.

#include <QStringList>

namespace tracelane {

class MainWindow;

// Once `window` has shown its trace (or at once when it loads none), saves
// the window to `path` and quits the application with 0, or 1 when the
// trace or the picture failed.
void captureWhenShown(MainWindow *window, const QString &path);

// `--select PATTERN`: once the trace is shown, selects and zooms to the first
// event whose name matches, so a picture can show what a click shows.
// Call before captureWhenShown().
void selectWhenShown(MainWindow *window, const QString &pattern);

// `--click-breakdown OP`: once the Breakdown chart shows a bar labelled OP,
// clicks it (its GPU work is outlined) and zooms the timeline to the first
// few outlined operations, so a picture shows what the click does.
void clickBreakdownWhenShown(MainWindow *window, const QString &op);
// `--marker SPEC` (repeatable): once the trace is shown, adds a marker per SPEC,
// "selected[=NAME]" for the selected event's span or "NS[=NAME]" at NS from the
// trace start, and brings the Markers list to the front. Like M, the markers
// are saved for the trace. Call after selectWhenShown().
void markWhenShown(MainWindow *window, const QStringList &specs);
// `--select-area FROM,TO[,TRACK...]`: once the trace is shown, selects that
// window (ns from the trace start) on those tracks (none: all lanes) and
// zooms to it, so a picture shows the Selection dock. False for a bad spec.
bool selectAreaWhenShown(MainWindow *window, const QString &spec);
// `--list PATTERN`: once the trace is shown, lists every event whose name
// matches in the Instances panel (as the search bar's List All does), selects
// the first and zooms to the first few. Call before captureWhenShown().
void listWhenShown(MainWindow *window, const QString &pattern);
// `--view LIST`: once the trace is shown, applies view choices for a picture:
// "all-rows" (every deep lane expanded), "hide-python" (View > Hide Python
// Frames), "dark" (the dark theme). Call before captureWhenShown().
void applyViewWhenShown(MainWindow *window, const QString &list);

} // namespace tracelane
