#pragma once
// Shared look of the charts: fonts, colours, time units and label text, so
// every chart reads the same on a slide or in a paper.

#include "model/time_units.h"

#include <QColor>
#include <QFont>
#include <QPalette>
#include <QString>
#include <QStringList>

class QCPItemText;
class QCustomPlot;

namespace tracelane::charts {

// Divides nanoseconds into the unit that keeps a chart's largest value readable.
struct TimeScale
{
    double nsPerUnit = 1.0;
    QString unit; // "ns", "µs", "ms", "s"

    double operator()(TimeNs ns) const { return double(ns) / nsPerUnit; }
};
TimeScale timeScaleFor(TimeNs largest);

// Colour-blind-safe categorical colours (Okabe-Ito, then Tableau), cycling.
QColor seriesColor(int index);
// For "other" / "outside" series: a neutral grey.
QColor restColor();

// The efficiency charts give each kind of time one colour wherever it appears:
// work in blue, waiting that the CPU caused in vermillion, idle in grey.
QColor computeColor();    // compute kernels; launches within the threshold
QColor nonComputeColor(); // communication and memory only
QColor idleColor();       // idle; idle for other reasons
QColor hostWaitColor();   // the stream waited for the CPU; delayed launches
QColor kernelWaitColor(); // short gaps: launch latency, dependencies

// What a chart draws besides its data, taken from the widget's palette so that
// the charts follow the light or dark theme: the plot's background, text (title,
// tick labels, legend, notes, whiskers), quieter text (captions), axes and grid.
struct ChartColors
{
    QColor background;
    QColor text;
    QColor mutedText;
    QColor axis;
    QColor grid;

    static ChartColors from(const QPalette &palette);
};

QFont titleFont();
QFont axisFont();

// A chart with nothing to draw says why, centred in its axis rect, rather than
// showing bare axes; the caller may set the text later.
QCPItemText *addEmptyNote(QCustomPlot *plot, const QString &text = {});

// Shortens a label to `pixels` wide in `font`, keeping both ends (or, with
// Qt::ElideRight, the start: kernel variants differ late in their names).
QString elided(const QString &text, const QFont &font, int pixels, Qt::TextElideMode mode = Qt::ElideMiddle);

// Legend entries are at most this wide, so that columns of them fit the chart.
constexpr int kLegendTextPixels = 200;
QString legendName(const QString &text);
// Appends " #2", " #3" to repeated labels, so bars stay distinguishable.
QStringList distinctLabels(const QStringList &labels);
// "12.3 ms" with the scale's unit.
QString formatTime(TimeNs ns, const TimeScale &scale);

} // namespace tracelane::charts
