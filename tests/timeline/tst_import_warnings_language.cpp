// The Import Warnings dock in German on an AMD (ROCm/HIP) and an NVIDIA
// (CUDA) trace: its headings and messages come from the translations, not
// from the importers' English, and a message that names the GPU runtime
// names the one the trace calls.
#include "language.h"
#include "main_window.h"

#include "panels/diagnostics_panel.h"

#include "shared_traces.h"
#include "test_registry.h"

#include <QHeaderView>
#include <QSignalSpy>
#include <QTreeWidget>
#include <QtTest>

using namespace tracelane;

namespace {

QString german(const char *context, const char *source)
{
    return QCoreApplication::translate(context, source);
}

} // namespace

class TestImportWarningsLanguage : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("TracelaneTests"));
    }

    void cleanup() { installTranslations(QStringLiteral("en")); }

    void namesTheTracesApi_data()
    {
        QTest::addColumn<QString>("trace");
        QTest::addColumn<QString>("api");
        QTest::addColumn<QString>("otherApi");
        QTest::newRow("AMD MI250, hipLaunchKernel") << test::sharedTrace("hta/amd_mi250_rocm62.json.gz") << "HIP"
                                                    << "CUDA";
        QTest::newRow("NVIDIA, cudaLaunchKernel") << test::resnetTrace() << "CUDA" << "HIP";
    }
    void namesTheTracesApi()
    {
        QFETCH(QString, trace);
        QFETCH(QString, api);
        QFETCH(QString, otherApi);
        QCOMPARE(installTranslations(QStringLiteral("de")), QStringLiteral("de"));
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QSignalSpy loaded(&window, &MainWindow::traceLoaded);
        window.openFile(trace);
        QVERIFY(loaded.wait(30000));
        auto *panel = window.findChild<DiagnosticsPanel *>();
        QVERIFY(panel);

        const QAbstractItemModel *model = panel->model();
        QCOMPARE(model->headerData(0, Qt::Horizontal).toString(), QStringLiteral("Anzahl"));
        QCOMPARE(model->headerData(1, Qt::Horizontal).toString(), QStringLiteral("Warnung"));
        QStringList messages;
        QTreeWidgetItemIterator it(panel);
        for (; *it; ++it)
            if (!(*it)->text(1).isEmpty())
                messages << (*it)->text(1);
            else
                QCOMPARE((*it)->text(0), german("tracelane::DiagnosticsPanel", "Information")); // "Hinweise"
        // Both traces end Kineto's launch flows on calls that launch nothing.
        const QString flowEnds = german("tracelane::DiagnosticText",
                                        "launch flow ends on %1 calls that launched no GPU work (no arrow)")
                                     .arg(api);
        QVERIFY2(messages.contains(flowEnds), qPrintable(messages.join(QLatin1Char('\n'))));
        // And it reads in German, not in the core's English.
        QVERIFY2(!flowEnds.startsWith(QLatin1String("launch flow ends")), qPrintable(flowEnds));
        for (const QString &message : messages) {
            QVERIFY2(!message.contains(otherApi), qPrintable(message));
            QVERIFY2(message != QLatin1String("launch flow ends on CUDA calls that launched no GPU work (no arrow)")
                         || api == QLatin1String("CUDA"),
                     qPrintable(message));
        }
    }
};

TRACELANE_TEST_MAIN(TestImportWarningsLanguage)
#include "tst_import_warnings_language.moc"
