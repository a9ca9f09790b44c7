// Panels keep their content inside them: the Details panel with the longest
// kernel name of a shared trace at several dock widths; the Summaries tables'
// column order and first-click sort; Copy in the context menus of the tables
// where Ctrl+C copies; the Import Warnings position column; a stale
// timeline tooltip hides on zoom and scroll. With
// TRACELANE_TEST_SHOTS=DIR the panels are saved there as pictures.
#include "qcustomplot_include.h" // first: see there

#include "main_window.h"

#include "analysis/operators/iteration_table.h"
#include "cached_import.h"
#include "charts/breakdown_chart.h"
#include "charts/iteration_chart.h"
#include "command_line_files.h"
#include "panels/common/table_copy.h"
#include "panels/diagnostics_panel.h"
#include "panels/selection/details_panel.h"
#include "panels/summaries/summary_panel.h"
#include "panels/summaries/summary_table_view.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_view.h"
#include "timeline/zoom_control.h"

#include "shared_traces.h"
#include "test_registry.h"

#include <QAction>
#include <QCheckBox>
#include <QClipboard>
#include <QDockWidget>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTableView>
#include <QTableWidget>
#include <QToolTip>
#include <QTreeWidget>
#include <QtTest>

using namespace tracelane;
using tracelane::test::sharedTrace;

namespace {

EventRef longestNamedKernel(const Trace &trace)
{
    EventRef best;
    std::size_t longest = 0;
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t)
        for (std::uint32_t i = 0; i < trace.tracks[t].events.size(); ++i) {
            const EventRef ref{t, i};
            if (trace.event(ref).kind == EventKind::Kernel && trace.name(ref).size() > longest) {
                longest = trace.name(ref).size();
                best = ref;
            }
        }
    return best;
}

QRect inPanel(const QWidget *child, const QWidget *panel)
{
    return QRect(child->mapTo(panel, QPoint(0, 0)), child->size());
}

} // namespace

class TestPanelLayout : public QObject
{
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;

    void load(const char *relative)
    {
        QSignalSpy loaded(m_window.get(), &MainWindow::traceLoaded);
        m_window->openFile(sharedTrace(relative));
        QVERIFY(loaded.wait(60000));
        QVERIFY(m_window->model());
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("TracelaneTests"));
    }

    void init()
    {
        m_window = std::make_unique<MainWindow>();
        m_window->setErrorReporter([](const QString &, const QString &) {});
        m_window->resize(1400, 800);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    }

    void cleanup() { m_window.reset(); }

    void detailsStayInsideAtEveryDockWidth()
    {
        load("kineto/compiled_mlp_train.json.gz");
        const Trace &trace = m_window->model()->trace();
        const EventRef kernel = longestNamedKernel(trace);
        QVERIFY(kernel.isValid());
        QVERIFY(trace.name(kernel).size() > 1000); // a templated name thousands of characters long
        m_window->timeline()->selectEvent(kernel, true);
        DetailsPanel *details = m_window->details();
        QTRY_COMPARE(details->event(), kernel);
        auto *dock = qobject_cast<QDockWidget *>(details->parentWidget());
        for (QWidget *w = details; w && !dock; w = w->parentWidget())
            dock = qobject_cast<QDockWidget *>(w);
        QVERIFY(dock);

        // A long name asks for no width: the panel's minimum stays small.
        QVERIFY2(details->minimumSizeHint().width() < 260,
                 qPrintable(QString::number(details->minimumSizeHint().width())));
        const QString shots = qEnvironmentVariable("TRACELANE_TEST_SHOTS");
        for (const int width : {details->minimumSizeHint().width(), 240, 360, 600}) {
            m_window->resizeDocks({dock}, {width}, Qt::Horizontal);
            QCoreApplication::processEvents();
            QTest::qWait(20);
            const QRect panel = details->rect();
            const QString at = QStringLiteral("at width %1 (panel %2)").arg(width).arg(panel.width());
            for (QLabel *label : details->findChildren<QLabel *>()) {
                if (!label->isVisible())
                    continue;
                const QRect r = inPanel(label, details);
                QVERIFY2(panel.contains(r), qPrintable(label->objectName() + u' ' + label->text() + u' ' + at));
                // The text shown fits the label: nothing is cut at the edge.
                QVERIFY2(label->fontMetrics().horizontalAdvance(label->text()) <= label->contentsRect().width(),
                         qPrintable(label->text() + u' ' + at));
            }
            auto *name = details->findChild<QLabel *>(QStringLiteral("detailsName"));
            QVERIFY(name->text().contains(QChar(0x2026)));  // elided in the middle
            QCOMPARE(name->toolTip(), details->fullName()); // the full name on hover
            // Form rows: one above the other, none overlapping.
            auto *form = details->findChild<QFormLayout *>();
            QVERIFY(form);
            int previousBottom = -1;
            for (int row = 0; row < form->rowCount(); ++row) {
                QLayoutItem *field = form->itemAt(row, QFormLayout::FieldRole);
                QLayoutItem *label = form->itemAt(row, QFormLayout::LabelRole);
                if (!field || !field->widget() || !field->widget()->isVisible())
                    continue;
                const QRect f = field->geometry(), l = label->geometry();
                QVERIFY2(std::min(f.top(), l.top()) > previousBottom,
                         qPrintable(QStringLiteral("row %1 ").arg(row) + at));
                QVERIFY2(f.height() >= field->widget()->fontMetrics().height(), qPrintable(at)); // not squashed
                previousBottom = std::max(f.bottom(), l.bottom());
            }
            // The argument table's columns fit its viewport.
            auto *args = details->findChild<QTableWidget *>(QStringLiteral("detailsArgs"));
            QVERIFY(args->rowCount() > 3);
            QVERIFY(panel.contains(inPanel(args, details)));
            QVERIFY2(args->horizontalHeader()->length() <= args->viewport()->width(), qPrintable(at));
            for (QPushButton *partner : details->findChildren<QPushButton *>(QStringLiteral("detailsPartner")))
                QVERIFY2(panel.contains(inPanel(partner, details)), qPrintable(at));
            if (!shots.isEmpty())
                details->grab().save(QStringLiteral("%1/details_%2.png").arg(shots).arg(width));
        }
    }

    void summariesShowNameFirstAndSortNumbersDescending()
    {
        load("kineto/resnet50_train.json.gz");
        SummaryPanel *summaries = m_window->summaries();
        SummaryTableView *table = summaries->table(SummaryKind::Kernel);
        QVERIFY(table);
        QTRY_VERIFY(table->shownRowCount() > 3);
        QHeaderView *header = table->view()->horizontalHeader();
        const int nameColumn = int(table->table().columns.size()) - 1;
        QCOMPARE(header->logicalIndex(0), nameColumn); // Name shown first
        QCOMPARE(QString::fromStdString(table->table().columns.back()), QStringLiteral("Name"));
        // Compact rows: the font's line and a grid line.
        QVERIFY(table->view()->rowHeight(0) <= table->view()->fontMetrics().height() + 2);

        // First click on a numeric header: largest first.
        const int totalColumn = 1; // "Total Time (ns)"
        QVERIFY(QString::fromStdString(table->table().columns[totalColumn]).startsWith(QStringLiteral("Total")));
        const QPoint totalAt(header->sectionViewportPosition(totalColumn) + header->sectionSize(totalColumn) / 2,
                             header->height() / 2);
        QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, totalAt);
        QCOMPARE(header->sortIndicatorSection(), totalColumn);
        QCOMPARE(header->sortIndicatorOrder(), Qt::DescendingOrder);
        std::int64_t largest = 0;
        for (const auto &row : table->table().rows)
            largest = std::max<std::int64_t>(largest, row[totalColumn].i);
        QCOMPARE(table->shownText(0, totalColumn).toLongLong(), largest);
        // First click on the name: A to Z.
        const QPoint nameAt(header->sectionViewportPosition(nameColumn) + 10, header->height() / 2);
        QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, nameAt);
        QCOMPARE(header->sortIndicatorSection(), nameColumn);
        QCOMPARE(header->sortIndicatorOrder(), Qt::AscendingOrder);
        QVERIFY(table->shownText(0, nameColumn) <= table->shownText(1, nameColumn));
        if (const QString shots = qEnvironmentVariable("TRACELANE_TEST_SHOTS"); !shots.isEmpty()) {
            QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, totalAt);
            table->grab().save(shots + QStringLiteral("/summaries.png"));
        }

        // Copy: in the context menu's actions, bound to Ctrl+C, giving the row as shown (name first).
        auto *copy = table->view()->findChild<QAction *>(QStringLiteral("copyCells"));
        QVERIFY(copy);
        QCOMPARE(copy->shortcut(), QKeySequence(QKeySequence::Copy));
        table->view()->selectRow(0);
        QVERIFY(selectedCellsText(table->view()).startsWith(table->shownText(0, nameColumn) + u'\t'));
    }

    // At 1024x700 a kernel's name gets the width it needs before the numbers
    // (up to most of the table), numbers are never cut, and the Breakdown list
    // keeps its op names whole.
    void namesGetTheirWidthFirst()
    {
        m_window->resize(1024, 700);
        QTRY_COMPARE(m_window->size(), QSize(1024, 700));
        load("kineto/resnet50_train.json.gz");
        SummaryTableView *table = m_window->summaries()->table(SummaryKind::Kernel);
        QTRY_VERIFY(table->shownRowCount() > 3);
        m_window->findChild<QDockWidget *>(QStringLiteral("summariesDock"))->raise();
        QTRY_VERIFY(table->view()->isVisible());
        QTableView *view = table->view();
        const QFontMetrics metrics = view->fontMetrics();
        const int nameColumn = int(table->table().columns.size()) - 1;
        int longestName = 0;
        for (int row = 0; row < table->shownRowCount(); ++row)
            longestName = std::max(longestName, metrics.horizontalAdvance(table->shownText(row, nameColumn)));
        const int nameWidth = view->columnWidth(nameColumn);
        qInfo() << "name column" << nameWidth << "of" << view->viewport()->width() << "longest name" << longestName;
        QVERIFY(longestName > view->viewport()->width()); // kernel names are long: the cap applies
        QVERIFY2(nameWidth >= view->viewport()->width() / 2, qPrintable(QString::number(nameWidth)));
        for (int column = 0; column < nameColumn; ++column)
            for (int row = 0; row < table->shownRowCount(); ++row)
                QVERIFY2(view->columnWidth(column) >= metrics.horizontalAdvance(table->shownText(row, column)),
                         qPrintable(table->shownText(row, column) + QStringLiteral(" is cut")));

        QTreeWidget *list = m_window->breakdownChart()->table();
        QTRY_VERIFY(list->topLevelItemCount() > 3);
        QTRY_VERIFY(list->isVisible());
        // The plot beside the list keeps its axis title inside.
        QCustomPlot *plot = m_window->breakdownChart()->plot();
        plot->replot();
        QVERIFY2(!plot->xAxis->label().contains(QChar(0x2026)), qPrintable(plot->xAxis->label())); // whole in English
        const int titleWidth = QFontMetrics(plot->xAxis->labelFont()).horizontalAdvance(plot->xAxis->label());
        QVERIFY2(plot->axisRect()->center().x() + titleWidth / 2 <= plot->width(),
                 qPrintable(QStringLiteral("%1 px title, axes centred at %2 of %3 px")
                                .arg(titleWidth).arg(plot->axisRect()->center().x()).arg(plot->width())));
        for (int i = 0; i < list->topLevelItemCount(); ++i) {
            const QString name = list->topLevelItem(i)->text(0);
            if (name.size() <= 14)
                QVERIFY2(list->columnWidth(0) - list->indentation() >= list->fontMetrics().horizontalAdvance(name),
                         qPrintable(name + QStringLiteral(" is cut at %1 px").arg(list->columnWidth(0))));
        }
    }

    // On a torch.compile trace depth 0 is what the compiled region holds, the
    // chart says which wrappers it looked through, and the switch brings them back.
    void breakdownLooksThroughWrappers()
    {
        load("kineto/compiled_mlp_train.json.gz");
        charts::BreakdownChart *chart = m_window->breakdownChart();
        const auto hasRegion = [chart] {
            const QStringList labels = chart->barLabels();
            return std::any_of(labels.begin(), labels.end(),
                               [](const QString &l) { return l.startsWith(QLatin1String("Torch-Co")); }); // elided in a narrow chart
        };
        QTRY_VERIFY_WITH_TIMEOUT(chart->barLabels().contains(QStringLiteral("CompiledFunction")), 10000);
        QVERIFY(!hasRegion());
        QVERIFY2(chart->caption().contains(QLatin1String("Torch-Compiled Region")), qPrintable(chart->caption()));
        auto *wrappers = m_window->findChild<QCheckBox *>(QStringLiteral("breakdownWrappers"));
        QVERIFY(wrappers && wrappers->isChecked());
        QTest::mouseClick(wrappers, Qt::LeftButton, {}, QPoint(8, wrappers->height() / 2));
        QVERIFY(!wrappers->isChecked());
        QTRY_VERIFY2_WITH_TIMEOUT(hasRegion(), qPrintable(chart->barLabels().join(u'|')), 5000);
        QVERIFY(chart->caption().isEmpty());
    }

    void detailsArgumentsOfferCopy()
    {
        load("kineto/compiled_mlp_train.json.gz");
        const EventRef kernel = longestNamedKernel(m_window->model()->trace());
        m_window->timeline()->selectEvent(kernel, true);
        QTRY_COMPARE(m_window->details()->event(), kernel);
        auto *args = m_window->details()->findChild<QTableWidget *>(QStringLiteral("detailsArgs"));
        QCOMPARE(args->contextMenuPolicy(), Qt::ActionsContextMenu);
        auto *copy = args->findChild<QAction *>(QStringLiteral("copyCells"));
        QVERIFY(copy && args->actions().contains(copy));
        args->selectRow(0);
        copy->trigger();
        QCOMPARE(QGuiApplication::clipboard()->text(), args->item(0, 0)->text() + u'\t' + args->item(0, 1)->text());
    }

    void noIterationsNamesEveryPatternTried()
    {
        load("opencl/dvdt_prof_armcl.json"); // no "Iteration N" and no "ProfilerStep#N" ranges
        charts::IterationChart *chart = m_window->iterationChart();
        QString note;
        QTRY_VERIFY([&] {
            for (int i = 0; i < chart->plot()->itemCount(); ++i)
                if (auto *text = qobject_cast<QCPItemText *>(chart->plot()->item(i)))
                    note = text->text();
            return !note.isEmpty();
        }());
        for (const std::string &pattern : defaultIterationPatterns())
            QVERIFY2(note.contains(QString::fromStdString(pattern)), qPrintable(note));
        if (const QString shots = qEnvironmentVariable("TRACELANE_TEST_SHOTS"); !shots.isEmpty())
            chart->plot()->replot(), chart->grab().save(shots + QStringLiteral("/no_iterations.png"));
    }

    void timelineTooltipHidesWhenTheViewChanges()
    {
        load("kineto/compiled_mlp_train.json.gz");
        TimelineView *view = m_window->timeline();
        ZoomControl *zoom = view->zoomControl();
        const auto showTip = [view] {
            QToolTip::showText(view->viewport()->mapToGlobal(QPoint(300, 100)), QStringLiteral("an event"),
                               view->viewport());
            QTRY_VERIFY(QToolTip::isVisible());
        };
        showTip();
        zoom->setRange(zoom->rangeStart(), zoom->rangeStart() + zoom->rangeLength() / 2); // zoom in
        QTRY_VERIFY(!QToolTip::isVisible());
        showTip();
        view->verticalScrollBar()->setValue(view->verticalScrollBar()->maximum()); // scroll
        QTRY_VERIFY(!QToolTip::isVisible());
    }

    void missingCommandLineFilesAreNamed()
    {
        const QString existing = sharedTrace("kineto/resnet50_train.json.gz");
        QVERIFY(commandLineFileProblems({existing}).isEmpty());
        const QStringList problems = commandLineFileProblems(
            {existing, QStringLiteral("/no/such/trace.json"), QStringLiteral(TRACELANE_SHARED_TRACES)});
        QCOMPARE(problems.size(), 2);
        QVERIFY(problems[0].contains(QStringLiteral("/no/such/trace.json")));
        QVERIFY(problems[1].contains(QStringLiteral("folder without trace files")));
        QVERIFY(commandLineFileProblems({sharedTrace("hta")}).isEmpty()); // a folder of rank traces opens
        QVERIFY(cascadeOffset(m_window.get(), 2).x() > cascadeOffset(m_window.get(), 1).x());
        QVERIFY(cascadeOffset(m_window.get(), 1).y() > 0);
    }

    void warningPositionsAreShownOnlyWhenKnown()
    {
        // Hand-written diagnostics: one importer gives positions, another counts without.
        DiagnosticsPanel panel;
        Diagnostics withPosition;
        withPosition.add("bad-duration", "events whose \"dur\" is not a number were given duration 0", "byte 1234");
        panel.setDiagnostics(withPosition, QStringLiteral("CUDA"));
        QVERIFY(!panel.isColumnHidden(3));
        QCOMPARE(panel.topLevelItem(0)->text(3), QStringLiteral("byte 1234"));
        Diagnostics without;
        without.add("nvtx-range-without-end", "NVTX ranges that never ended were left out", {}, 4);
        panel.setDiagnostics(without, QStringLiteral("CUDA"));
        QVERIFY(panel.isColumnHidden(3));
    }
};

TRACELANE_TEST_MAIN(TestPanelLayout)
#include "tst_panel_layout.moc"
