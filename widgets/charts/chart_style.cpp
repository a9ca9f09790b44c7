#include "chart_style.h"

#include <qcustomplot.h>

#include <QFontMetrics>
#include <QHash>

#include <array>

namespace tracelane::charts {

TimeScale timeScaleFor(TimeNs largest)
{
    if (largest >= 10'000'000'000)
        return {1e9, QStringLiteral("s")};
    if (largest >= 10'000'000)
        return {1e6, QStringLiteral("ms")};
    if (largest >= 10'000)
        return {1e3, QStringLiteral("µs")};
    return {1.0, QStringLiteral("ns")};
}

QColor seriesColor(int index)
{
    static const std::array<QRgb, 12> colors = {0x0072B2, 0xE69F00, 0x009E73, 0xCC79A7, 0x56B4E9, 0xD55E00,
                                                0xF0E442, 0x4E79A7, 0x59A14F, 0xB07AA1, 0x9C755F, 0xEDC948};
    return QColor::fromRgb(colors[static_cast<std::size_t>(index) % colors.size()]);
}

QColor restColor()
{
    return QColor::fromRgb(0xBBBBBB);
}

QColor computeColor()
{
    return QColor::fromRgb(0x0072B2);
}

QColor nonComputeColor()
{
    return QColor::fromRgb(0xE69F00);
}

QColor idleColor()
{
    return restColor();
}

QColor hostWaitColor()
{
    return QColor::fromRgb(0xD55E00);
}

QColor kernelWaitColor()
{
    return QColor::fromRgb(0x56B4E9);
}

ChartColors ChartColors::from(const QPalette &palette)
{
    const QColor base = palette.color(QPalette::Base);
    const QColor text = palette.color(QPalette::Text);
    const bool dark = base.lightness() < 128;
    // Grey lines mixed from the text and the background keep their contrast in either theme.
    const auto mix = [&](double t) {
        return QColor::fromRgbF(float(base.redF() + (text.redF() - base.redF()) * t),
                                float(base.greenF() + (text.greenF() - base.greenF()) * t),
                                float(base.blueF() + (text.blueF() - base.blueF()) * t));
    };
    ChartColors colors;
    colors.background = base;
    colors.text = text;
    colors.mutedText = mix(0.73);
    colors.axis = dark ? mix(0.7) : text; // light: black axes, as printed charts have
    colors.grid = mix(dark ? 0.25 : 0.22);
    return colors;
}

QFont titleFont()
{
    QFont font;
    font.setPointSizeF(13);
    font.setBold(true);
    return font;
}

QFont axisFont()
{
    QFont font;
    font.setPointSizeF(9.5);
    return font;
}

QCPItemText *addEmptyNote(QCustomPlot *plot, const QString &text)
{
    auto *note = new QCPItemText(plot);
    note->position->setType(QCPItemPosition::ptAxisRectRatio);
    note->position->setCoords(0.5, 0.5);
    note->setFont(axisFont());
    note->setText(text);
    return note;
}

QString elided(const QString &text, const QFont &font, int pixels, Qt::TextElideMode mode)
{
    return QFontMetrics(font).elidedText(text, mode, pixels);
}

QString legendName(const QString &text)
{
    return elided(text, axisFont(), kLegendTextPixels, Qt::ElideRight);
}

QStringList distinctLabels(const QStringList &labels)
{
    QHash<QString, int> seen;
    QStringList result;
    result.reserve(labels.size());
    for (const QString &label : labels) {
        const int n = ++seen[label];
        result << (n == 1 ? label : label + QStringLiteral(" #%1").arg(n));
    }
    return result;
}

QString formatTime(TimeNs ns, const TimeScale &scale)
{
    const double value = scale(ns);
    const int decimals = value >= 100 ? 1 : value >= 10 ? 2 : 3;
    return QStringLiteral("%1 %2").arg(value, 0, 'f', decimals).arg(scale.unit);
}

} // namespace tracelane::charts
