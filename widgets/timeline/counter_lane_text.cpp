#include "timeline/counter_lane_text.h"

#include "byte_format.h"
#include "time_format.h"
#include "timeline/counter_lane.h"
#include "timeline/track_grouping.h"

#include <QLocale>

#include <algorithm>

namespace tracelane {

QString CounterLaneText::value(const Track &track, double value)
{
    if (track.counterUnit == CounterUnit::Bytes)
        return ByteFormat::size(value);
    return QLocale().toString(value, 'g', 10);
}

QString CounterLaneText::toolTip(const Trace &trace, const CounterRangeMax &samples, std::uint32_t t, TimeNs from,
                                 TimeNs to)
{
    const Track &track = trace.tracks[t];
    const std::int64_t at = counterSampleAt(track, from);
    const std::int64_t last = counterSampleAt(track, std::max(from, to - 1));
    if (last < 0)
        return {};
    const auto exact = [&](double v) {
        return track.counterUnit == CounterUnit::Bytes ? ByteFormat::sizeAndBytes(v) : value(track, v);
    };
    QString text = tr("%1: %2\nat %3")
                       .arg(TrackGrouping::trackPath(trace, t))
                       .arg(at >= 0 ? exact(track.counterValues[std::size_t(at)]) : tr("no sample yet"))
                       .arg(TimeFormat::offset(from - trace.startNs, 1));
    if (last > at) { // more samples under this pixel: say how high they went
        const auto first = std::size_t(std::max<std::int64_t>(at, 0));
        const double highest = samples.max(first, std::size_t(last) + 1, samples[first]);
        text += tr("\nhighest within this pixel: %1 (%2 samples)").arg(exact(highest)).arg(last - std::int64_t(first) + 1);
    }
    return text;
}

QString CounterLaneText::atSelection(const Track &track, TimeNs start, TimeNs end)
{
    const std::int64_t first = counterSampleAt(track, start);
    // Just before the end: what the selection left behind shows at its last moment.
    const std::int64_t last = counterSampleAt(track, end > start ? end - 1 : end);
    if (first < 0 && last < 0)
        return {};
    const double before = first >= 0 ? track.counterValues[std::size_t(first)] : 0.0;
    const double after = last >= 0 ? track.counterValues[std::size_t(last)] : 0.0;
    if (end <= start || first == last || before == after) // nothing changed: one value says it
        return value(track, before);
    const double change = after - before;
    const QString sign = change > 0 ? QStringLiteral("+") : change < 0 ? QStringLiteral("−") : QString();
    return tr("%1 → %2 (%3%4)").arg(value(track, before), value(track, after), sign, value(track, std::abs(change)));
}

} // namespace tracelane
