#pragma once
// Colours of the timeline in a light and a dark variant. Event colours come
// from a hash of the name, so one kernel keeps its colour across runs, zoom
// levels and files.

#include <QColor>

#include <string_view>

namespace tracelane {

struct TimelinePalette
{
    bool dark = false;
    QColor background, alternateRow, groupHeader, gutter, gutterText, text, ruler, rulerText, tick;
    QColor rangeSelection, cursor, selectionOutline, partnerOutline, launchArrow, forwardBackwardArrow,
        searchMatch, counterFill;

    static TimelinePalette light();
    static TimelinePalette darkPalette();

    QRgb colorFor(std::string_view name) const;
    // Black or white, whichever reads better on `fill`.
    QColor textOn(QRgb fill) const;
};

} // namespace tracelane
