#pragma once
// The application object of the GUI. Analyses run on worker threads and hand
// their results back through QFutureWatcher; an exception there (an analysis
// out of memory, a container refusing a size) is rethrown in the GUI thread by
// QFuture::result(), inside an event handler. Unhandled, it would end the
// program with std::terminate. notify() catches it instead, shows one line in
// the status bar of the active window, and the application goes on.

#include <QApplication>
#include <QString>

#include <exception>

namespace tracelane {

class GuardedApplication : public QApplication
{
    Q_OBJECT
public:
    GuardedApplication(int &argc, char **argv);
    bool notify(QObject *receiver, QEvent *event) override;

    // What the exception says, for people; unwraps QUnhandledException.
    static QString describe(std::exception_ptr error);

signals:
    // After an exception was caught; `message` is what the status bar shows.
    void failureReported(const QString &message);

private:
    void report(std::exception_ptr error);
};

} // namespace tracelane
