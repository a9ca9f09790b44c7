#include "dark_style.h"

#include <QPainter>
#include <QStyleFactory>
#include <QStyleOption>

namespace tracelane {

DarkStyle::DarkStyle()
    : QProxyStyle(QStyleFactory::create(QStringLiteral("Fusion")))
{
}

void DarkStyle::drawPrimitive(PrimitiveElement element, const QStyleOption *option, QPainter *painter,
                              const QWidget *widget) const
{
    QProxyStyle::drawPrimitive(element, option, painter, widget);
    // Item views draw their check boxes through PE_IndicatorCheckBox as well.
    if (element != PE_IndicatorCheckBox)
        return;
    const QColor base = option->palette.color(QPalette::Base);
    const QColor text = option->palette.color(QPalette::Text);
    QColor border;
    border.setRgbF((base.redF() + text.redF()) / 2, (base.greenF() + text.greenF()) / 2,
                   (base.blueF() + text.blueF()) / 2);
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, true);
    painter->setPen(QPen(border, 1));
    painter->setBrush(Qt::NoBrush);
    painter->drawRect(QRectF(option->rect).adjusted(0.5, 0.5, -1.5, -1.5)); // where Fusion draws its outline
    painter->restore();
}

} // namespace tracelane
