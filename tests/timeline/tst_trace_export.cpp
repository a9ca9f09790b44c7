// File > Export > Trace as Chrome JSON: what the action runs writes a file,
// off the UI thread, that loads back with the same events; a failure reaches
// the error reporter with the path and the cause.
#include "main_window.h"

#include "import/importer.h"
#include "timeline/timeline_model.h"

#include "test_registry.h"

#include <QAction>
#include <QMenuBar>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace tracelane;

class TestTraceExport : public QObject
{
    Q_OBJECT

    struct Report
    {
        QString title, message;
    };

    std::unique_ptr<MainWindow> m_window;
    QList<Report> m_reports;

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("TracelaneTests"));
    }

    void init()
    {
        m_reports.clear();
        m_window = std::make_unique<MainWindow>();
        m_window->setErrorReporter([this](const QString &title, const QString &message) {
            m_reports.append({title, message});
        });
        QSignalSpy loaded(m_window.get(), &MainWindow::traceLoaded);
        m_window->openFile(QStringLiteral(TRACELANE_SHARED_TRACES "/nsys/nvtx_cnn.sqlite"));
        QVERIFY(loaded.wait(30000));
    }

    void cleanup() { m_window.reset(); }

    void menuHasTheAction()
    {
        const auto actions = m_window->menuBar()->findChildren<QAction *>();
        const bool found = std::any_of(actions.begin(), actions.end(), [](QAction *a) {
            return a->text().remove(QLatin1Char('&')).startsWith(QLatin1String("Trace as Chrome JSON"));
        });
        QVERIFY(found);
    }

    void exportLoadsBack_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("json") << QStringLiteral("out.json");
        QTest::newRow("json.gz") << QStringLiteral("out.json.gz");
    }
    void exportLoadsBack()
    {
        QFETCH(QString, name);
        QTemporaryDir dir;
        const QString path = dir.filePath(name);
        QSignalSpy done(m_window.get(), &MainWindow::chromeTraceExported);
        m_window->exportChromeTrace(path);
        QVERIFY(done.wait(30000));
        QCOMPARE(done.first().at(0).toString(), path);
        QCOMPARE(done.first().at(1).toString(), QString());
        QVERIFY(m_reports.isEmpty());
        const ImportResult back = loadTrace(path.toStdString());
        QVERIFY2(back.ok(), back.error.c_str());
        const Trace &original = m_window->model()->trace();
        QCOMPARE(back.trace->eventCount(), original.eventCount());
        QCOMPARE(back.trace->flows.size(), original.flows.size());
        QCOMPARE(back.trace->startNs, original.startNs);
        QCOMPARE(back.trace->endNs, original.endNs);
    }

    void exportFailureIsReported()
    {
        const QString path = QStringLiteral("/nonexistent-folder/out.json");
        QSignalSpy done(m_window.get(), &MainWindow::chromeTraceExported);
        m_window->exportChromeTrace(path);
        QVERIFY(done.wait(30000));
        QVERIFY(!done.first().at(1).toString().isEmpty());
        QCOMPARE(m_reports.size(), 1);
        QVERIFY2(m_reports.first().message.contains(path), qPrintable(m_reports.first().message));
        QVERIFY(m_reports.first().message.contains(QLatin1String("No such file or directory")));
    }
};

TRACELANE_TEST_MAIN(TestTraceExport)
#include "tst_trace_export.moc"
