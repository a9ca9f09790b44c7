#include "timeline/marker_set.h"

#include "model/time_math.h"

#include <algorithm>

namespace tracelane {
namespace {

bool earlier(const Marker &a, const Marker &b)
{
    return a.time < b.time || (a.time == b.time && a.end.value_or(a.time) < b.end.value_or(b.time));
}

// A time the model could hold, and a span that is one.
bool repair(Marker &m)
{
    if (!isModelTime(m.time))
        return false;
    if (m.end && (*m.end <= m.time || !isModelTime(*m.end)))
        m.end.reset();
    return true;
}

} // namespace

MarkerSet::MarkerSet(QObject *parent)
    : QObject(parent)
{
}

// Bright hues that stay apart from the kernel and op colours in both palettes.
QColor MarkerSet::paletteColor(int n)
{
    static const QRgb colors[] = {0xffe8590c, 0xff1c7ed6, 0xff2b8a3e, 0xffc2255c, 0xff7048e8, 0xfff08c00};
    return QColor::fromRgb(colors[std::size_t(n) % std::size(colors)]);
}

int MarkerSet::add(Marker marker)
{
    if (size() >= kMaxMarkers || !repair(marker))
        return -1;
    ++m_added;
    if (marker.name.trimmed().isEmpty())
        marker.name = tr("Marker %1").arg(m_added);
    if (!marker.color.isValid())
        marker.color = paletteColor(m_added - 1);
    const auto it = std::upper_bound(m_markers.begin(), m_markers.end(), marker, earlier);
    const int index = int(it - m_markers.begin());
    if (m_selected >= index)
        ++m_selected;
    m_markers.insert(it, std::move(marker));
    emit changed();
    return index;
}

void MarkerSet::remove(int index)
{
    if (index < 0 || index >= size())
        return;
    m_markers.erase(m_markers.begin() + index);
    if (m_selected == index)
        select(-1);
    else if (m_selected > index)
        --m_selected;
    emit changed();
}

void MarkerSet::rename(int index, const QString &name)
{
    if (index < 0 || index >= size() || name.trimmed().isEmpty() || m_markers[std::size_t(index)].name == name)
        return;
    m_markers[std::size_t(index)].name = name;
    emit changed();
}

void MarkerSet::clear()
{
    setMarkers({});
}

void MarkerSet::setMarkers(std::vector<Marker> markers)
{
    std::erase_if(markers, [](Marker &m) { return !repair(m); });
    if (markers.size() > std::size_t(kMaxMarkers))
        markers.resize(std::size_t(kMaxMarkers));
    std::stable_sort(markers.begin(), markers.end(), earlier);
    m_added = 0;
    for (Marker &m : markers) {
        ++m_added;
        if (m.name.trimmed().isEmpty())
            m.name = tr("Marker %1").arg(m_added);
        if (!m.color.isValid())
            m.color = paletteColor(m_added - 1);
    }
    m_markers = std::move(markers);
    m_selected = -1;
    emit selectedChanged(-1);
    emit changed();
}

int MarkerSet::find(TimeNs time, std::optional<TimeNs> end) const
{
    for (int i = 0; i < size(); ++i)
        if (m_markers[std::size_t(i)].time == time && m_markers[std::size_t(i)].end == end)
            return i;
    return -1;
}

void MarkerSet::select(int index)
{
    if (index < -1 || index >= size())
        index = -1;
    if (index == m_selected)
        return;
    m_selected = index;
    emit selectedChanged(index);
}

} // namespace tracelane
