#pragma once
// Colours of the timeline in a light and a dark variant. Event colours come
// from a hash of the name, so one kernel keeps its colour across runs, zoom
// levels and files.

#include <QColor>

#include <cstdint>
#include <string_view>

namespace tracelane {

enum class IdleCause : std::uint8_t; // analysis/efficiency/idle_causes.h

struct TimelinePalette
{
    bool dark = false;
    QColor background, alternateRow, groupHeader, gutter, gutterText, text, ruler, rulerText, tick;
    QColor rangeSelection, cursor, selectionOutline, partnerOutline, launchArrow, forwardBackwardArrow,
        searchMatch, counterFill;
    // Idle gaps under GPU stream lanes, by cause: paler than any event colour
    // (colorFor's saturation starts at 110), so a gap never reads as a kernel.
    QColor idleHostWait, idleKernelWait, idleOther;
    QColor queueFill, chartLabel; // queue depth lanes, and the max written on them

    static TimelinePalette light();
    static TimelinePalette darkPalette();

    QRgb colorFor(std::string_view name) const;
    QRgb idleColor(IdleCause cause) const;
    // Black or white, whichever reads better on `fill`.
    QColor textOn(QRgb fill) const;
};

} // namespace tracelane
