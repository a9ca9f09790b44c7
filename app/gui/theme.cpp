#include "theme.h"

#include "dark_style.h"

#include <QApplication>
#include <QPalette>
#include <QStyle>
#include <QStyleFactory>

namespace tracelane {
namespace {

QPalette darkPalette()
{
    const QColor window(0x2b, 0x2f, 0x36), base(0x1f, 0x23, 0x29), text(0xe6, 0xe6, 0xe6);
    const QColor disabled(0x80, 0x84, 0x8a), highlight(0x3d, 0x8e, 0xd8);
    QPalette p;
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::ToolTipBase, base);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, disabled);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::red);
    p.setColor(QPalette::Link, highlight.lighter(130));
    p.setColor(QPalette::Highlight, highlight);
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Light, window.lighter(150));
    p.setColor(QPalette::Midlight, window.lighter(125));
    p.setColor(QPalette::Mid, window.darker(120));
    p.setColor(QPalette::Dark, window.darker(150));
    p.setColor(QPalette::Shadow, Qt::black);
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabled);
    return p;
}

struct Initial
{
    QString styleName;
    QPalette palette;
};

// What Qt picked before any theme was applied; captured once, on first use.
const Initial &initial()
{
    static const Initial value{QApplication::style()->name(), QApplication::palette()};
    return value;
}

bool isDark(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness() < 128;
}

} // namespace

bool applyTheme(Preferences::Theme theme)
{
    const Initial &start = initial();
    QPalette palette;
    switch (theme) {
    case Preferences::Theme::System:
        QApplication::setStyle(QStyleFactory::create(start.styleName));
        palette = start.palette;
        break;
    case Preferences::Theme::Light:
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        palette = QApplication::style()->standardPalette();
        break;
    case Preferences::Theme::Dark:
        QApplication::setStyle(new DarkStyle);
        palette = darkPalette();
        break;
    }
    QApplication::setPalette(palette);
    return isDark(palette);
}

} // namespace tracelane
