#pragma once
// The Fusion style for the dark theme, with check boxes that stay visible.

#include <QProxyStyle>

namespace tracelane {

// Fusion outlines an unticked check box in a shade of the window colour; on a
// dark palette that outline vanishes into the base colour, so an unticked box
// (the Tracks list, the Preferences) looks like no box at all. This style adds
// a border mixed from the text colour.
class DarkStyle : public QProxyStyle
{
public:
    DarkStyle();

    void drawPrimitive(PrimitiveElement element, const QStyleOption *option, QPainter *painter,
                       const QWidget *widget = nullptr) const override;
};

} // namespace tracelane
