// The charts: export to PNG, PDF and SVG gives valid, non-empty files of the
// requested size; bars are where the data says; hover and click work; labels
// are short and integer iteration ticks; the CLI draws the same charts.
#include "qcustomplot_include.h" // first: see there

#include "breakdown_chart.h"
#include "iteration_chart.h"
#include "kernel_summary_chart.h"
#include "launch_delay_chart.h"

#include "analysis/summaries/kernel_summary.h"
#include "import/importer.h"

#include "cached_import.h"
#include "chart_file_check.h"
#include "cli_run.h"

#include "test_registry.h"

#include <QImage>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>


using namespace tracelane;
using namespace tracelane::charts;

namespace {

const QString kDlrm = QStringLiteral(TRACELANE_SHARED_TRACES "/kineto/dlrm_train.json.gz");

std::shared_ptr<const Trace> dlrm()
{
    static const auto trace = loadTrace(kDlrm.toStdString()).trace;
    return trace;
}

std::unique_ptr<ChartView> makeChart(const QString &kind)
{
    const auto trace = dlrm();
    if (kind == QLatin1String("iterations")) {
        auto chart = std::make_unique<IterationChart>();
        chart->setIterations(trace, detectIterations(*trace));
        return chart;
    }
    if (kind == QLatin1String("breakdown")) {
        auto chart = std::make_unique<BreakdownChart>();
        chart->setBreakdown(trace, opKernelBreakdown(*trace));
        return chart;
    }
    auto chart = std::make_unique<KernelSummaryChart>();
    chart->setSummary(kernelSummary(*trace));
    return chart;
}

} // namespace

class TestCharts : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(dlrm()); }

    void emptyChartsSayWhy()
    {
        // An OpenCL call trace has neither iteration ranges nor ops: no bars, no
        // numbered ticks, and a note instead.
        const auto opencl = test::cachedTrace(QStringLiteral(TRACELANE_SHARED_TRACES "/opencl/dvdt_prof_armcl.json"));
        QVERIFY(opencl);
        IterationChart iterations;
        iterations.setIterations(opencl, detectIterations(*opencl));
        BreakdownChart breakdown;
        breakdown.setBreakdown(opencl, opKernelBreakdown(*opencl));
        for (ChartView *chart : std::initializer_list<ChartView *>{&iterations, &breakdown}) {
            QCustomPlot *plot = chart->plot();
            for (int i = 0; i < plot->plottableCount(); ++i)
                QCOMPARE(plot->plottable(i)->interface1D()->dataCount(), 0);
            QVERIFY(!plot->xAxis->tickLabels());
            QCOMPARE(plot->itemCount(), 1);
            auto *note = qobject_cast<QCPItemText *>(plot->item(0));
            QVERIFY(note && note->text().startsWith(QLatin1String("No ")));
        }
        // With data the note goes and the ticks come back.
        iterations.setIterations(dlrm(), detectIterations(*dlrm()));
        QCOMPARE(iterations.plot()->itemCount(), 0);
        QVERIFY(iterations.plot()->xAxis->tickLabels());
    }

    void exports_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("suffix");
        for (const char *kind : {"iterations", "breakdown", "kernels"})
            for (const char *suffix : {"png", "pdf", "svg"})
                QTest::addRow("%s %s", kind, suffix) << QString::fromLatin1(kind) << QString::fromLatin1(suffix);
    }
    void exports()
    {
        QFETCH(QString, kind);
        QFETCH(QString, suffix);
        QTemporaryDir dir;
        const auto chart = makeChart(kind);
        const QString path = dir.filePath(kind + QLatin1Char('.') + suffix);
        QString error;
        QVERIFY2(chart->exportTo(path, QSize(800, 500), &error), qPrintable(error));
        test::verifyChartFile(path, QSize(800, 500), chart->title());
        QVERIFY(!chart->exportTo(dir.filePath(QStringLiteral("chart.bmp")), QSize(800, 500), &error));
        QVERIFY(error.contains(QLatin1String(".svg")));
    }

    // A chart never shown (the CLI's) keeps its axis title in an export: the
    // title is fitted to the export's width, not to the hidden widget's.
    void exportKeepsTheAxisTitle()
    {
        LaunchDelayChart chart;
        chart.setRecords({});
        QStringList laidOut;
        connect(chart.plot(), &QCustomPlot::afterLayout, &chart,
                [&] { laidOut << chart.plot()->xAxis->label(); });
        QTemporaryDir dir;
        QVERIFY(chart.exportTo(dir.filePath(QStringLiteral("delay.png")), QSize(960, 540)));
        QVERIFY(!laidOut.isEmpty());
        QVERIFY2(laidOut.last().startsWith(QLatin1String("Launch delay (bins grow")), qPrintable(laidOut.last()));
    }

    void iterationBarsClickAndHover()
    {
        IterationChart chart;
        QSignalSpy changed(&chart, &ChartView::chartChanged);
        chart.setTrace(dlrm()); // on a worker thread
        QVERIFY(changed.wait(30000));
        const IterationTable &table = chart.iterations();
        QCOMPARE(table.iterations.size(), std::size_t(5));
        chart.resize(900, 560);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        QCustomPlot *plot = chart.plot();
        plot->replot();

        // Integer ticks only, on iteration numbers.
        const QVector<double> ticks = plot->xAxis->tickVector();
        QVERIFY(!ticks.isEmpty());
        for (double t : ticks)
            QCOMPARE(t, std::round(t));
        QVERIFY(plot->legend->itemCount() >= 4); // the phases

        const Iteration &third = table.iterations[2];
        // Just above the time axis, in the middle of the third bar.
        const QPoint onBar(qRound(plot->xAxis->coordToPixel(double(third.number))), plot->axisRect()->bottom() - 3);
        QCOMPARE(chart.iterationAt(onBar), 2);
        QVERIFY(chart.toolTipAt(onBar).contains(QLatin1String("Iteration 5")));
        QSignalSpy clicked(&chart, &IterationChart::iterationClicked);
        QTest::mouseClick(plot, Qt::LeftButton, {}, onBar);
        QCOMPARE(clicked.size(), 1);
        QCOMPARE(clicked[0][0].toLongLong(), third.start);
        QCOMPARE(clicked[0][1].toLongLong(), third.end);

        // Above the bar, in its column: still that iteration (short bars stay clickable).
        const QPoint above(onBar.x(), plot->axisRect()->top() + 2);
        QCOMPARE(chart.iterationAt(above), 2);
        // Between two columns: nothing.
        const QPoint between(qRound(plot->xAxis->coordToPixel(double(third.number) + 0.5)), onBar.y());
        QCOMPARE(chart.iterationAt(between), -1);
        QVERIFY(chart.toolTipAt(between).isEmpty());
        QTest::mouseClick(plot, Qt::LeftButton, {}, between);
        QCOMPARE(clicked.size(), 1);

        chart.setMetric(IterationChart::Metric::GpuBusyTime);
        QVERIFY(plot->yAxis->label().startsWith(QLatin1String("GPU busy time")));
        QVERIFY(chart.title().contains(QLatin1String("GPU")));
    }

    void labelsAreShortAndFit()
    {
        const auto trace = dlrm();
        KernelSummaryChart kernels;
        kernels.setTopCount(12);
        kernels.setSummary(kernelSummary(*trace));
        const QStringList labels = kernels.barLabels();
        QCOMPARE(labels.size(), 12);
        for (const QString &label : labels) {
            QVERIFY2(!label.startsWith(QLatin1String("void ")) && !label.contains(QLatin1Char('(')), qPrintable(label));
            QVERIFY2(label.size() <= 60, qPrintable(label));
        }
        QCOMPARE(QSet<QString>(labels.begin(), labels.end()).size(), 12);

        BreakdownChart breakdown;
        breakdown.setTopCount(6);
        breakdown.setBreakdown(trace, opKernelBreakdown(*trace));
        QCOMPARE(breakdown.barLabels().size(), 7);
        QVERIFY(breakdown.barLabels().last().startsWith(QLatin1String("Other ops")));
        QCOMPARE(breakdown.table()->topLevelItemCount(), 6);
        for (const QString &label : breakdown.barLabels())
            QVERIFY2(!label.startsWith(QLatin1String("autograd::engine")), qPrintable(label));
        QVERIFY(breakdown.title().contains(QLatin1String("operator")));

        BreakdownOptions modules;
        modules.rangePattern = "module::.*";
        BreakdownChart byModule;
        byModule.setBreakdown(trace, opKernelBreakdown(*trace, modules));
        QCOMPARE(byModule.barLabels().size(), 4); // no "Other ops" bar when all fit
        QVERIFY(byModule.title().contains(QLatin1String("module::.*")));

        // Nothing clipped: the axis rect leaves room for the widest label.
        breakdown.resize(1000, 600);
        breakdown.show();
        QVERIFY(QTest::qWaitForWindowExposed(&breakdown));
        breakdown.plot()->replot();
        const QFontMetrics metrics(breakdown.plot()->yAxis->tickLabelFont());
        int widest = 0;
        for (const QString &label : breakdown.barLabels())
            widest = std::max(widest, metrics.horizontalAdvance(label));
        QVERIFY(breakdown.plot()->axisRect()->left() > widest);
    }

    void cliDrawsEveryKind_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("file");
        QTest::addRow("iterations png") << QStringLiteral("iterations") << QStringLiteral("i.png");
        QTest::addRow("breakdown svg") << QStringLiteral("breakdown") << QStringLiteral("b.svg");
        QTest::addRow("kernels pdf") << QStringLiteral("kernels") << QStringLiteral("k.pdf");
    }
    void cliDrawsEveryKind()
    {
        QFETCH(QString, kind);
        QFETCH(QString, file);
        QTemporaryDir dir;
        const QString path = dir.filePath(file);
        const test::CliRun cli = test::runCli({QStringLiteral("chart"), kDlrm, QStringLiteral("--kind"), kind,
                                               QStringLiteral("-o"), path, QStringLiteral("--size"),
                                               QStringLiteral("640x400")},
                                              true);
        QVERIFY(cli.finished);
        QVERIFY2(cli.exitCode == 0, qPrintable(cli.err));
        const QString title = kind == QLatin1String("iterations") ? QStringLiteral("CPU time per iteration")
                              : kind == QLatin1String("breakdown") ? QStringLiteral("Device time by operator")
                                                                   : QStringLiteral("kernels by total GPU time");
        test::verifyChartFile(path, QSize(640, 400), title);
    }

    // As in the window: nvtx_cnn's warm-up Iteration 1 (558 ms, the others
    // about 3 ms) is cut off and named in the caption, unless asked for.
    void cliCutsOffWarmUpIteration_data()
    {
        QTest::addColumn<bool>("showOutliers");
        QTest::addRow("default") << false;
        QTest::addRow("--show-outliers") << true;
    }
    void cliCutsOffWarmUpIteration()
    {
        QFETCH(bool, showOutliers);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("iterations.svg"));
        QStringList args{QStringLiteral("chart"), QStringLiteral(TRACELANE_SHARED_TRACES "/nsys/nvtx_cnn.sqlite"),
                         QStringLiteral("--kind"), QStringLiteral("iterations"), QStringLiteral("-o"), path};
        if (showOutliers)
            args << QStringLiteral("--show-outliers");
        const test::CliRun cli = test::runCli(args, true);
        QVERIFY(cli.finished);
        QVERIFY2(cli.exitCode == 0, qPrintable(cli.err));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString svg = QString::fromUtf8(file.readAll());
        const QString note = QStringLiteral("Iteration 1 cut off: ");
        QCOMPARE(svg.contains(note), !showOutliers);
        QCOMPARE(cli.err.contains(note), !showOutliers);
        QCOMPARE(cli.err.contains(QLatin1String("--show-outliers")), !showOutliers);
    }
};

TRACELANE_TEST_MAIN(TestCharts)
#include "tst_charts.moc"
