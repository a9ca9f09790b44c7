#include "timeline/timeline_palette.h"

#include "analysis/efficiency/idle_causes.h"

#include <cstdint>

namespace tracelane {

TimelinePalette TimelinePalette::light()
{
    TimelinePalette p;
    p.background = QColor::fromRgb(0xffffffu);
    p.alternateRow = QColor::fromRgb(0xf5f6f8u);
    p.groupHeader = QColor::fromRgb(0xe4e7ecu);
    p.gutter = QColor::fromRgb(0xeef0f3u);
    p.gutterText = QColor::fromRgb(0x1d2330u);
    p.text = QColor::fromRgb(0x111111u);
    p.ruler = QColor::fromRgb(0xe9ecf0u);
    p.rulerText = QColor::fromRgb(0x333a45u);
    p.tick = QColor::fromRgb(0xd3d7deu);
    p.rangeSelection = QColor(60, 120, 220, 50);
    p.cursor = QColor::fromRgb(0xd03030u);
    p.selectionOutline = QColor::fromRgb(0x000000u);
    p.partnerOutline = QColor::fromRgb(0xe07000u);
    p.launchArrow = QColor::fromRgb(0x1f5fbfu);
    p.forwardBackwardArrow = QColor::fromRgb(0xb0308fu);
    p.searchMatch = QColor::fromRgb(0xffd400u);
    p.counterFill = QColor::fromRgb(0x4c8bd6u);
    p.idleHostWait = QColor::fromRgb(0xf5cbc6u);
    p.idleKernelWait = QColor::fromRgb(0xf6e2a9u);
    p.idleOther = QColor::fromRgb(0xd8dde5u);
    p.queueFill = QColor::fromRgb(0x8f6fc9u);
    p.chartLabel = QColor::fromRgb(0x4a5260u);
    return p;
}

TimelinePalette TimelinePalette::darkPalette()
{
    TimelinePalette p;
    p.dark = true;
    p.background = QColor::fromRgb(0x1e2126u);
    p.alternateRow = QColor::fromRgb(0x23272du);
    p.groupHeader = QColor::fromRgb(0x2e333bu);
    p.gutter = QColor::fromRgb(0x262a30u);
    p.gutterText = QColor::fromRgb(0xdde2eau);
    p.text = QColor::fromRgb(0xf0f0f0u);
    p.ruler = QColor::fromRgb(0x2a2e35u);
    p.rulerText = QColor::fromRgb(0xc8ced8u);
    p.tick = QColor::fromRgb(0x3a4049u);
    p.rangeSelection = QColor(120, 170, 255, 60);
    p.cursor = QColor::fromRgb(0xff6060u);
    p.selectionOutline = QColor::fromRgb(0xffffffu);
    p.partnerOutline = QColor::fromRgb(0xffa040u);
    p.launchArrow = QColor::fromRgb(0x6fa8ffu);
    p.forwardBackwardArrow = QColor::fromRgb(0xf080d0u);
    p.searchMatch = QColor::fromRgb(0xffd400u);
    p.counterFill = QColor::fromRgb(0x5a9be6u);
    p.idleHostWait = QColor::fromRgb(0x5c3035u);
    p.idleKernelWait = QColor::fromRgb(0x564923u);
    p.idleOther = QColor::fromRgb(0x3a414du);
    p.queueFill = QColor::fromRgb(0xa48ae0u);
    p.chartLabel = QColor::fromRgb(0xb4bcc8u);
    return p;
}

QRgb TimelinePalette::colorFor(std::string_view name) const
{
    // FNV-1a: stable across runs and platforms, unlike std::hash.
    std::uint32_t h = 2166136261u;
    for (char c : name)
        h = (h ^ std::uint8_t(c)) * 16777619u;
    const int hue = int(h % 360u);
    const int saturation = 110 + int((h >> 9) % 70u);
    const int value = dark ? 150 + int((h >> 17) % 50u) : 200 + int((h >> 17) % 45u);
    return QColor::fromHsv(hue, saturation, value).rgb();
}

QRgb TimelinePalette::idleColor(IdleCause cause) const
{
    switch (cause) {
    case IdleCause::HostWait: return idleHostWait.rgb();
    case IdleCause::KernelWait: return idleKernelWait.rgb();
    case IdleCause::Other: return idleOther.rgb();
    }
    return idleOther.rgb();
}

QColor TimelinePalette::textOn(QRgb fill) const
{
    const int luma = (qRed(fill) * 299 + qGreen(fill) * 587 + qBlue(fill) * 114) / 1000;
    return luma > 140 ? QColor::fromRgb(0x101010u) : QColor::fromRgb(0xf8f8f8u);
}

} // namespace tracelane
