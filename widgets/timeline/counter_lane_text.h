#pragma once
// What a counter lane says: its value under the pointer (the tooltip) and at
// the selection (a label painted on the lane), in bytes for memory counters.

#include "model/trace.h"
#include "timeline/range_max.h"

#include <QCoreApplication>
#include <QString>

namespace tracelane {

class CounterLaneText
{
    Q_DECLARE_TR_FUNCTIONS(CounterLaneText)

public:
    // A value in the track's unit: "1.25 GiB" for memory, the number otherwise.
    static QString value(const Track &track, double value);
    // The value at `from`, and the largest within [from, to) when other samples
    // lie there (one pixel column's time); empty before the first sample.
    // `samples`: the track's values as TimelineModel::counterSamples() holds them.
    static QString toolTip(const Trace &trace, const CounterRangeMax &samples, std::uint32_t track, TimeNs from,
                           TimeNs to);
    // "1.20 GiB → 1.45 GiB (+256 MiB)": the values at a selection's start and
    // end; one value for a selection of no length. Empty before the first sample.
    static QString atSelection(const Track &track, TimeNs start, TimeNs end);
};

} // namespace tracelane
