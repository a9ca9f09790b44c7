// An analysis that throws on a worker thread: QFuture::result() rethrows it in
// the GUI thread, inside an event handler. GuardedApplication reports it in the
// status bar of the window and the application goes on.
#include "guarded_application.h"

#include "test_registry.h"

#include <QFutureWatcher>
#include <QMainWindow>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTest>
#include <QTimer>
#include <QtConcurrent>

#include <new>
#include <stdexcept>

using namespace tracelane;

class TestGuiFailures : public QObject
{
    Q_OBJECT

private slots:
    void workerExceptionReported_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("message");
        QTest::newRow("bad_alloc") << 0 << QStringLiteral("An analysis failed: not enough memory");
        QTest::newRow("length_error") << 1 << QStringLiteral("An analysis failed: vector too long");
    }
    void workerExceptionReported()
    {
        QFETCH(int, kind);
        QFETCH(QString, message);
        auto *app = qobject_cast<GuardedApplication *>(QCoreApplication::instance());
        QVERIFY(app);
        QMainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QApplication::setActiveWindow(&window);
        QSignalSpy reported(app, &GuardedApplication::failureReported);

        QFutureWatcher<int> watcher;
        bool resultReturned = false;
        connect(&watcher, &QFutureWatcher<int>::finished, &window, [&] {
            const int value = watcher.result(); // rethrows the worker's exception
            resultReturned = value == 1;
        });
        watcher.setFuture(QtConcurrent::run([kind]() -> int {
            if (kind == 0)
                throw std::bad_alloc();
            throw std::length_error("vector too long");
        }));
        QVERIFY(reported.wait(10000));
        QVERIFY(!resultReturned);
        QCOMPARE(reported.first().first().toString(), message);
        QCOMPARE(window.statusBar()->currentMessage(), message);

        // The application still works: events are delivered, windows repaint.
        bool alive = false;
        QTimer::singleShot(0, &window, [&] { alive = true; });
        QTRY_VERIFY(alive);
    }
};

namespace {
int runGuiFailuresTest(int argc, char **argv)
{
    GuardedApplication app(argc, argv);
    TestGuiFailures test;
    return QTest::qExec(&test, argc, argv);
}
} // namespace
TRACELANE_TEST_FUNCTION(runGuiFailuresTest)

#include "tst_gui_failures.moc"
