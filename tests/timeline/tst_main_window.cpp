// The main window with real files: a bad file is reported and leaves the
// window usable; a real PyTorch trace loads on a worker thread and a known
// kernel can be clicked.
#include "main_window.h"
#include "panels/diagnostics_panel.h"

#include "panels/selection/details_panel.h"
#include "panels/selection/range_kernels_panel.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_view.h"
#include "timeline/zoom_control.h"

#include "shared_trace_files.h"
#include "shared_traces.h"
#include "test_registry.h"

#include <QDockWidget>
#include <QLabel>
#include <QPushButton>
#include <QScrollBar>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QtTest>

using namespace tracelane;
using tracelane::test::sharedTrace;

namespace {

} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT

    struct Report
    {
        QString title, message;
    };

    std::unique_ptr<MainWindow> m_window;
    QList<Report> m_reports;

private slots:
    // The Open dialog shows every trace Tracelane reads: the shared traces and
    // the committed samples of every other format (reports are exported with nsys).
    void openDialogOffersWhatOpens()
    {
        const QString filter = MainWindow::traceFileFilter();
        const QString traces = filter.section(QLatin1String(";;"), 0, 0);
        const QStringList patterns =
            traces.section(QLatin1Char('('), 1).section(QLatin1Char(')'), 0, 0).split(QLatin1Char(' '));
        QStringList files = test::sharedTraceFiles();
        QVERIFY(files.size() > 10);
        for (const char *sample : {"rocm/rpd_matmul.rpd", "rocm/rocpd_908_results.db", "rocm/rocprofv3_handmade.json",
                                   "xplane/handmade.xplane.pb", "perfetto/gpu_launches.pftrace"})
            files << QStringLiteral(TRACELANE_TEST_DATA "/") + QLatin1String(sample);
        files << QStringLiteral("report1.nsys-rep") << QStringLiteral("run.perfetto-trace");
        for (const QString &file : files)
            QVERIFY2(QDir::match(patterns, QFileInfo(file).fileName()), qPrintable(file));
    }

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
        m_window->resize(1400, 800);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    }

    void cleanup() { m_window.reset(); }

    void badFilesAreReported_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("name");
        QTest::newRow("garbage") << QByteArray("this is not a trace at all\n") << QStringLiteral("garbage.json");
        QTest::newRow("truncated json") << QByteArray("{\"traceEvents\": [{\"ph\": \"X\", \"name\": \"a\", \"ts\": ")
                                        << QStringLiteral("truncated.json");
        QTest::newRow("empty file") << QByteArray() << QStringLiteral("empty.json");
    }
    void badFilesAreReported()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, name);
        QTemporaryDir dir;
        const QString path = dir.filePath(name);
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(content);
        file.close();

        QSignalSpy failed(m_window.get(), &MainWindow::loadFailed);
        m_window->openFile(path);
        QVERIFY(failed.wait(10000));
        QCOMPARE(m_reports.size(), 1);
        QVERIFY2(m_reports[0].title.contains(name), qPrintable(m_reports[0].title));
        QVERIFY(!m_reports[0].message.isEmpty());
        QVERIFY(!m_window->isLoading());
        QVERIFY(!m_window->model());

        // Still usable: a good trace loads afterwards.
        QSignalSpy loaded(m_window.get(), &MainWindow::traceLoaded);
        m_window->openFile(sharedTrace("kineto/compiled_mlp_train.json.gz"));
        QVERIFY(loaded.wait(20000));
        QVERIFY(m_window->model());
        QVERIFY(m_window->model()->trace().eventCount() > 500);
        QCOMPARE(m_reports.size(), 1);
    }

    // A trace cut mid-event (hand-made from a real one) opens with what it has and says so.
    void cutTraceOpensWithANotice()
    {
        QFile source(sharedTrace("kineto/compiled_mlp_train.json.gz"));
        QVERIFY(source.open(QIODevice::ReadOnly));
        const QByteArray gz = source.readAll();
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("crashed.json.gz"));
        QFile cut(path);
        QVERIFY(cut.open(QIODevice::WriteOnly));
        cut.write(gz.left(gz.size() * 2 / 3));
        cut.close();

        QSignalSpy loaded(m_window.get(), &MainWindow::traceLoaded);
        m_window->openFile(path);
        QVERIFY(loaded.wait(20000));
        QVERIFY(m_reports.isEmpty());
        QVERIFY(m_window->model()->trace().eventCount() > 100);
        const QString status = m_window->statusBar()->currentMessage();
        QVERIFY2(status.contains(QStringLiteral("crashed.json.gz stops early")), qPrintable(status));
        QVERIFY(!m_window->findChild<QDockWidget *>(QStringLiteral("warningsDock"))->isHidden());
        QVERIFY(m_window->findChild<TimelineView *>()->placeholderText().isEmpty());
    }

    // An empty event array is a valid trace: it opens, and the view says it has no events.
    void emptyTraceSaysNoEvents()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("idle.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{\"traceEvents\": []}\n");
        file.close();

        QSignalSpy loaded(m_window.get(), &MainWindow::traceLoaded);
        m_window->openFile(path);
        QVERIFY(loaded.wait(20000));
        const QString expected = QStringLiteral("idle.json has no events");
        QCOMPARE(m_window->findChild<TimelineView *>()->placeholderText(), expected);
        QCOMPARE(m_window->statusBar()->currentMessage(), expected);

        // The next trace clears it.
        m_window->openFile(sharedTrace("kineto/compiled_mlp_train.json.gz"));
        QVERIFY(loaded.wait(20000));
        QVERIFY(m_window->findChild<TimelineView *>()->placeholderText().isEmpty());
    }

    // What every Kineto trace holds is information: the Import Warnings dock
    // stays closed, and the panel lists it under its own heading.
    void normalKinetoTraceRaisesNoWarnings()
    {
        QSignalSpy loaded(m_window.get(), &MainWindow::traceLoaded);
        m_window->openFile(sharedTrace("kineto/dlrm_train.json.gz"));
        QVERIFY(loaded.wait(20000));
        QVERIFY(m_window->findChild<QDockWidget *>(QStringLiteral("warningsDock"))->isHidden());
        const auto *panel = m_window->findChild<DiagnosticsPanel *>();
        QVERIFY(panel);
        QCOMPARE(panel->topLevelItemCount(), 1);
        const QTreeWidgetItem *information = panel->topLevelItem(0);
        QCOMPARE(information->text(0), QStringLiteral("Information"));
        QCOMPARE(information->childCount(), 2);
        const std::uint64_t endsOnCalls = m_window->model()->trace().diagnostics.count("flow-end-on-api-call");
        QCOMPARE(information->child(0)->text(0), QString::number(endsOnCalls));
        QCOMPARE(information->child(0)->text(2), QStringLiteral("flow-end-on-api-call"));
    }

    void missingFileNamesThePath()
    {
        QSignalSpy failed(m_window.get(), &MainWindow::loadFailed);
        m_window->openFile(QStringLiteral("/no/such/dir/trace.json"));
        QVERIFY(failed.wait(10000));
        QCOMPARE(m_reports.size(), 1);
        QVERIFY2(m_reports[0].message.contains(QStringLiteral("/no/such/dir/trace.json")),
                 qPrintable(m_reports[0].message));
    }

    void clickAKernelOfResNet50()
    {
        QSignalSpy loaded(m_window.get(), &MainWindow::traceLoaded);
        m_window->openFile(sharedTrace("kineto/resnet50_train.json.gz"));
        QVERIFY(loaded.wait(30000));
        TimelineView *view = m_window->timeline();
        const TimelineModel &model = *view->model();
        const Trace &trace = model.trace();

        // The longest kernel of the trace: known to be there whatever the profiler named it.
        EventRef kernel;
        for (std::uint32_t t = 0; t < trace.tracks.size(); ++t)
            for (std::uint32_t i = 0; i < trace.tracks[t].events.size(); ++i)
                if (trace.tracks[t].events[i].kind == EventKind::Kernel
                    && (!kernel.isValid() || trace.tracks[t].events[i].duration > trace.event(kernel).duration))
                    kernel = {t, i};
        QVERIFY(kernel.isValid());
        QVERIFY(!trace.flowsTo(kernel).empty());
        const Event &e = trace.event(kernel);
        view->zoomControl()->fit(e.start, e.end(), 0.5);

        const LayoutRows rows = model.layout().rows(RowMetrics{}, trace.tracks.size());
        const int rowIndex = rows.rowOfTrack[kernel.track];
        QVERIFY(rowIndex >= 0);
        const LayoutRow &row = rows.rows[std::size_t(rowIndex)];
        const int y = TimelineView::kRulerHeight + row.span.top + e.depth * RowMetrics{}.rowHeight + 8;
        view->verticalScrollBar()->setValue(std::max(0, y - 300));
        const TimeAxis axis{view->zoomControl()->rangeStart(), view->zoomControl()->rangeEnd(),
                            double(view->viewport()->width() - TimelineView::kGutterWidth)};
        const QPoint at(TimelineView::kGutterWidth + int(axis.xOf(e.start + e.duration / 2)),
                        y - view->verticalScrollBar()->value());
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at);
        QCOMPARE(view->selectedEvent(), kernel);

        DetailsPanel *details = m_window->details();
        const std::string_view name = trace.name(kernel);
        // Its own details: the name on one line (elided in the middle, full in the
        // tooltip), and the launch configuration; the range panel holds no range's numbers.
        const QString fullName = QString::fromUtf8(name.data(), qsizetype(name.size()));
        QCOMPARE(details->fullName(), fullName);
        auto *nameLabel = details->findChild<QLabel *>(QStringLiteral("detailsName"));
        QCOMPARE(nameLabel->toolTip(), fullName);
        QVERIFY(nameLabel->text().contains(QChar(0x2026)) || nameLabel->text() == fullName);
        QVERIFY(nameLabel->fontMetrics().horizontalAdvance(nameLabel->text()) <= nameLabel->width());
        const auto grid = trace.arg(kernel, "grid");
        QVERIFY(grid);
        auto *gridLabel = details->findChild<QLabel *>(QStringLiteral("detailsGrid"));
        QCOMPARE(gridLabel->text(), QString::fromStdString(grid->toText(trace.strings)));
        QVERIFY(gridLabel->isVisible());
        QVERIFY(details->findChild<QLabel *>(QStringLiteral("detailsBlock"))->isVisible());
        QVERIFY(!m_window->rangeKernels()->hasRange());
        QVERIFY(!m_window->rangeKernels()->titleText().contains(QStringLiteral("GPU work of")));
        const auto partners = details->findChildren<QPushButton *>(QStringLiteral("detailsPartner"));
        QVERIFY(!partners.isEmpty());
        QVERIFY(partners[0]->text().startsWith(QStringLiteral("Launched by")));
        partners[0]->click();
        QCOMPARE(trace.event(view->selectedEvent()).kind, EventKind::ApiCall);
    }
};

TRACELANE_TEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"
