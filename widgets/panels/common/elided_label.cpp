#include "panels/common/elided_label.h"

#include <QResizeEvent>
#include <QStyle>
#include <QStyleOptionButton>

#include <algorithm>

namespace tracelane {

ElidedLabel::ElidedLabel(QWidget *parent)
    : QLabel(parent)
{
    setWordWrap(false);
    // Takes the width the layout gives it and asks for none: a long value
    // shortens instead of pushing the panel's other columns off its edge.
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
}

void ElidedLabel::setFullText(const QString &text)
{
    m_fullText = text;
    elide();
}

void ElidedLabel::setFullTextTip(bool always)
{
    m_tipAlways = always;
    elide();
}

QSize ElidedLabel::minimumSizeHint() const
{
    return {fontMetrics().horizontalAdvance(QStringLiteral("…")) * 3, QLabel::minimumSizeHint().height()};
}

void ElidedLabel::resizeEvent(QResizeEvent *event)
{
    QLabel::resizeEvent(event);
    elide();
}

void ElidedLabel::elide()
{
    const int room = contentsRect().width() - 2 * margin() - 2 * indent();
    const QString shown = fontMetrics().elidedText(m_fullText, Qt::ElideMiddle, std::max(1, room));
    if (shown != text())
        setText(shown);
    setToolTip(m_tipAlways || shown != m_fullText ? m_fullText : QString());
}

ElidedButton::ElidedButton(QWidget *parent)
    : QPushButton(parent)
{
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
}

void ElidedButton::setFullText(const QString &text)
{
    m_fullText = text;
    elide();
}

QSize ElidedButton::minimumSizeHint() const
{
    return {fontMetrics().horizontalAdvance(QStringLiteral("…")) * 3, QPushButton::minimumSizeHint().height()};
}

void ElidedButton::resizeEvent(QResizeEvent *event)
{
    QPushButton::resizeEvent(event);
    elide();
}

void ElidedButton::elide()
{
    // The room for text: the button less its frame and padding.
    QStyleOptionButton option;
    initStyleOption(&option);
    option.text.clear();
    const int chrome = style()->sizeFromContents(QStyle::CT_PushButton, &option, QSize(0, 0), this).width();
    const int room = std::max(1, width() - chrome);
    setText(fontMetrics().elidedText(m_fullText, Qt::ElideMiddle, room));
}

} // namespace tracelane
