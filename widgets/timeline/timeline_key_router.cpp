#include "timeline/timeline_key_router.h"

#include "timeline/timeline_view.h"

#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QKeyEvent>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QTextEdit>

namespace tracelane {

TimelineKeyRouter::TimelineKeyRouter(TimelineView *view)
    : QObject(view)
    , m_view(view)
{
    qApp->installEventFilter(this);
}

bool TimelineKeyRouter::isRoutedKey(const QKeyEvent &event)
{
    // Shift is part of '+' on most layouts; Ctrl / Alt / Meta make it another shortcut.
    if (event.modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier))
        return false;
    switch (event.key()) {
    case Qt::Key_W: case Qt::Key_A: case Qt::Key_S: case Qt::Key_D:
    case Qt::Key_Plus: case Qt::Key_Equal: case Qt::Key_Minus:
    case Qt::Key_Home: case Qt::Key_End:
    case Qt::Key_F: case Qt::Key_Z: case Qt::Key_M: case Qt::Key_Escape:
        return true;
    default:
        return false;
    }
}

bool TimelineKeyRouter::takesText(const QWidget *widget)
{
    if (!widget)
        return false;
    if (const auto *line = qobject_cast<const QLineEdit *>(widget))
        return !line->isReadOnly();
    if (const auto *text = qobject_cast<const QTextEdit *>(widget))
        return !text->isReadOnly();
    if (const auto *plain = qobject_cast<const QPlainTextEdit *>(widget))
        return !plain->isReadOnly();
    if (const auto *combo = qobject_cast<const QComboBox *>(widget))
        return combo->isEditable();
    if (qobject_cast<const QAbstractSpinBox *>(widget))
        return true;
    // Editors of other kinds (inline renames, custom inputs) ask for input methods.
    return widget->testAttribute(Qt::WA_InputMethodEnabled);
}

bool TimelineKeyRouter::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() != QEvent::KeyPress || !watched->isWidgetType())
        return false;
    const auto *key = static_cast<QKeyEvent *>(event);
    if (!isRoutedKey(*key) || !m_view->isMouseOverViewport() || !m_view->isVisible() || !m_view->isEnabled())
        return false;
    if (QApplication::activePopupWidget() || QApplication::activeModalWidget())
        return false; // a menu or a dialog is in front
    const QWidget *focus = QApplication::focusWidget();
    if (focus == m_view || m_view->isAncestorOf(focus) || takesText(focus))
        return false; // the view handles its own keys; text fields keep theirs
    return m_view->handleViewKey(key->key());
}

} // namespace tracelane
