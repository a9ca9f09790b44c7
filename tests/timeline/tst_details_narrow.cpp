// The Details dock made narrow, in English and German: the arguments table's
// "Argument" header keeps its whole text, and the values take what is left.
#include "language.h"
#include "main_window.h"

#include "panels/selection/details_panel.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_view.h"

#include "cached_import.h"
#include "shared_traces.h"
#include "test_registry.h"

#include <QDockWidget>
#include <QHeaderView>
#include <QSignalSpy>
#include <QTableWidget>
#include <QtTest>

using namespace tracelane;

namespace {

// The first kernel with its launch configuration: a long list of arguments.
EventRef firstKernel(const Trace &trace)
{
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t)
        for (std::uint32_t i = 0; i < trace.tracks[t].events.size(); ++i)
            if (trace.tracks[t].events[i].kind == EventKind::Kernel)
                return {t, i};
    return {};
}

} // namespace

class TestDetailsNarrow : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("TracelaneTests"));
    }

    void cleanup() { installTranslations(QStringLiteral("en")); }

    void argumentHeaderIsWhole_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("argument");
        QTest::addColumn<QString>("value");
        QTest::addColumn<int>("width");
        for (const int width : {110, 150, 200}) {
            QTest::addRow("English %d px", width) << "en" << "Argument" << "Value" << width;
            QTest::addRow("German %d px", width) << "de" << "Argument" << "Wert" << width;
        }
    }
    // The panel as a Details dock this narrow holds it, a kernel selected.
    void argumentHeaderIsWhole()
    {
        QFETCH(QString, language);
        QFETCH(QString, argument);
        QFETCH(QString, value);
        QFETCH(int, width);
        QCOMPARE(installTranslations(language), language);
        const auto trace = test::cachedTrace(test::resnetTrace());
        QVERIFY(trace);
        QDockWidget dock;
        auto *panel = new DetailsPanel;
        dock.setWidget(panel);
        panel->setTrace(trace);
        dock.resize(width, 600);
        dock.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dock));
        panel->showDetails(firstKernel(*trace));
        QTest::qWait(0);
        QCOMPARE(dock.width(), width);
        verifyArgumentColumns(panel, argument, value);
    }

    // The window's Details dock at its narrowest, in German.
    void argumentHeaderIsWholeInTheWindow()
    {
        QCOMPARE(installTranslations(QStringLiteral("de")), QStringLiteral("de"));
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QSignalSpy loaded(&window, &MainWindow::traceLoaded);
        window.openFile(test::resnetTrace());
        QVERIFY(loaded.wait(30000));
        auto *dock = window.findChild<QDockWidget *>(QStringLiteral("detailsDock"));
        window.resizeDocks({dock}, {1}, Qt::Horizontal);
        window.timeline()->selectEvent(firstKernel(window.model()->trace()));
        QTest::qWait(0);
        verifyArgumentColumns(window.details(), QStringLiteral("Argument"), QStringLiteral("Wert"));
    }

private:
    void verifyArgumentColumns(DetailsPanel *panel, const QString &argument, const QString &value)
    {
        auto *table = panel->findChild<QTableWidget *>(QStringLiteral("detailsArgs"));
        QVERIFY(table);
        QVERIFY(table->rowCount() > 5);
        QCOMPARE(table->horizontalHeaderItem(0)->text(), argument);
        QCOMPARE(table->horizontalHeaderItem(1)->text(), value);
        QHeaderView *header = table->horizontalHeader();
        // The header's text and its margins: nothing of "Argument" is cut.
        QVERIFY2(header->sectionSize(0) >= header->sectionSizeHint(0),
                 qPrintable(QStringLiteral("%1 < %2 in a table %3 px wide")
                                .arg(header->sectionSize(0))
                                .arg(header->sectionSizeHint(0))
                                .arg(table->viewport()->width())));
        // The values take the rest of the width (elided in the middle), at least a few letters.
        QVERIFY(header->sectionSize(1) >= header->minimumSectionSize());
        QCOMPARE(table->textElideMode(), Qt::ElideMiddle);
        QVERIFY(header->stretchLastSection());
    }
};

TRACELANE_TEST_MAIN(TestDetailsNarrow)
#include "tst_details_narrow.moc"
