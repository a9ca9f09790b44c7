#include "guarded_application.h"

#include <QMainWindow>
#include <QStatusBar>
#include <QUnhandledException>

#include <new>

namespace tracelane {

GuardedApplication::GuardedApplication(int &argc, char **argv)
    : QApplication(argc, argv)
{
}

bool GuardedApplication::notify(QObject *receiver, QEvent *event)
{
    try {
        return QApplication::notify(receiver, event);
    } catch (...) {
        report(std::current_exception());
    }
    return false;
}

QString GuardedApplication::describe(std::exception_ptr error)
{
    try {
        std::rethrow_exception(error);
    } catch (const QUnhandledException &wrapped) { // thrown on a worker thread, rethrown by QFuture
        if (wrapped.exception())
            return describe(wrapped.exception());
        return tr("an unknown error");
    } catch (const std::bad_alloc &) {
        return tr("not enough memory");
    } catch (const std::exception &e) {
        return QString::fromLocal8Bit(e.what());
    } catch (...) {
        return tr("an unknown error");
    }
}

void GuardedApplication::report(std::exception_ptr error)
{
    const QString message = tr("An analysis failed: %1").arg(describe(error));
    qWarning("tracelane: %s", qPrintable(message));
    if (auto *window = qobject_cast<QMainWindow *>(activeWindow()))
        window->statusBar()->showMessage(message, 10000);
    else
        for (QWidget *widget : topLevelWidgets())
            if (auto *main = qobject_cast<QMainWindow *>(widget); main && main->isVisible())
                main->statusBar()->showMessage(message, 10000);
    emit failureReported(message);
}

} // namespace tracelane
