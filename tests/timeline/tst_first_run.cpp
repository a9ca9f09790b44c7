// An empty window says how to open a trace and lists the recent ones instead of
// a bare ruler; a recent entry opens its file, and the hint gives way to it.
#include "main_window.h"

#include "recent_files.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_view.h"
#include "welcome_panel.h"

#include "shared_traces.h"
#include "test_registry.h"

#include <QCommandLinkButton>
#include <QLabel>
#include <QSignalSpy>
#include <QtTest>

using namespace tracelane;
using tracelane::test::compiledMlpTrace;

namespace {

} // namespace

class TestFirstRun : public QObject
{
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;

    void openWindow()
    {
        m_window = std::make_unique<MainWindow>();
        m_window->setErrorReporter([](const QString &, const QString &) {});
        m_window->resize(1200, 800);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("TracelaneTests"));
    }

    void init() { RecentFiles::clear(); }
    void cleanup()
    {
        m_window.reset();
        RecentFiles::clear();
    }

    // Without recent files: the hint alone, over the whole timeline (no ruler shows).
    void emptyWindowSaysHowToOpen()
    {
        openWindow();
        WelcomePanel *welcome = m_window->welcome();
        QVERIFY(welcome);
        QVERIFY(welcome->isVisible());
        QCOMPARE(welcome->geometry(), m_window->timeline()->rect());
        const auto *hint = welcome->findChild<QLabel *>(QStringLiteral("welcomeHint"));
        QVERIFY(hint && hint->isVisible());
        QVERIFY2(hint->text().contains(QKeySequence(QKeySequence::Open).toString(QKeySequence::NativeText)),
                 qPrintable(hint->text()));
        QVERIFY(hint->text().contains(QStringLiteral("drop")));
        QVERIFY(hint->text().contains(QStringLiteral("tracelane trace.json.gz")));
        QVERIFY(welcome->findChildren<QCommandLinkButton *>(QStringLiteral("recentTrace")).isEmpty());
        // It follows the timeline's size.
        m_window->resize(900, 600);
        QTRY_COMPARE(welcome->geometry(), m_window->timeline()->rect());
    }

    void recentEntryOpensItsFile()
    {
        RecentFiles::add(QStringLiteral("/nonexistent/older.json"), 5);
        RecentFiles::add(compiledMlpTrace(), 5);
        openWindow();
        const auto entries = m_window->welcome()->findChildren<QCommandLinkButton *>(QStringLiteral("recentTrace"));
        QCOMPARE(entries.size(), 2);
        QCOMPARE(entries[0]->text(), QFileInfo(compiledMlpTrace()).fileName()); // newest first
        QVERIFY(entries[0]->isVisible());

        QSignalSpy loaded(m_window.get(), &MainWindow::traceLoaded);
        QTest::mouseClick(entries[0], Qt::LeftButton);
        QVERIFY(loaded.wait(20000));
        QCOMPARE(loaded.first().first().toString(), compiledMlpTrace());
        QVERIFY(m_window->model());
        QVERIFY(!m_window->welcome()->isVisible());
        QVERIFY(m_window->model()->trace().eventCount() > 500);
    }

    // A file that fails to open leaves the hint in place.
    void failedOpenKeepsTheHint()
    {
        RecentFiles::add(QStringLiteral("/nonexistent/gone.json"), 5);
        openWindow();
        QSignalSpy failed(m_window.get(), &MainWindow::loadFailed);
        const auto entries = m_window->welcome()->findChildren<QCommandLinkButton *>(QStringLiteral("recentTrace"));
        QCOMPARE(entries.size(), 1);
        QTest::mouseClick(entries[0], Qt::LeftButton);
        QVERIFY(failed.wait(10000));
        QVERIFY(m_window->welcome()->isVisible());
    }
};

TRACELANE_TEST_MAIN(TestFirstRun)
#include "tst_first_run.moc"
