#pragma once
// Markers (bookmarks) on the timeline: a time, or an event's span, with a name
// and a colour. Kept sorted by time, so painting finds the visible ones by
// binary search and the Markers panel lists them in order. One set per trace;
// the window saves it per trace file (see app/gui/marker_store.h).

#include "model/time_units.h"

#include <QColor>
#include <QObject>
#include <QString>

#include <optional>
#include <vector>

namespace tracelane {

struct Marker
{
    TimeNs time = 0;           // trace time (absolute ns)
    std::optional<TimeNs> end; // set for a span (an event's start..end); > time
    QString name;
    QColor color;

    bool operator==(const Marker &) const = default;
};

class MarkerSet : public QObject
{
    Q_OBJECT

public:
    // Beyond this a marker is refused: a list no one can read, and a bound on what
    // a damaged settings file can make us paint.
    static constexpr int kMaxMarkers = 1000;

    explicit MarkerSet(QObject *parent = nullptr);

    const std::vector<Marker> &markers() const { return m_markers; }
    int size() const { return int(m_markers.size()); }
    bool isEmpty() const { return m_markers.empty(); }
    const Marker &at(int index) const { return m_markers[std::size_t(index)]; }

    // Adds a marker (an empty name: "Marker N"; an invalid colour: the next of a
    // small palette) and returns its index, or -1 when full. An end not after
    // the time makes a plain time marker.
    int add(Marker marker);
    void remove(int index);
    void rename(int index, const QString &name);
    void clear();
    // Replaces all (e.g. restored from settings); invalid entries are repaired or dropped.
    void setMarkers(std::vector<Marker> markers);
    // The marker with exactly this time and end, or -1.
    int find(TimeNs time, std::optional<TimeNs> end) const;

    // The one picked in the ruler or the Markers panel; -1: none.
    int selected() const { return m_selected; }
    void select(int index);

    static QColor paletteColor(int n);

signals:
    void changed(); // added, removed, renamed or replaced
    void selectedChanged(int index);

private:
    std::vector<Marker> m_markers;
    int m_selected = -1;
    int m_added = 0; // markers added so far: numbers the default names and picks colours
};

} // namespace tracelane
