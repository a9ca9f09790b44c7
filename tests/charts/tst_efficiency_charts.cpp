// The efficiency charts on real traces: the GPU time bars hold gpuTimeBreakdown's
// shares, the idle bars idleByStream's times, the launch-delay histogram counts
// every launch record once with the 100 µs threshold on a bin bound; hovering
// names exact nanoseconds; exports and the CLI write valid files.
#include "qcustomplot_include.h" // first: see there

#include "gpu_time_chart.h"
#include "idle_causes_chart.h"
#include "launch_delay_chart.h"

#include "cached_import.h"
#include "chart_file_check.h"
#include "cli_run.h"
#include "shared_traces.h"

#include "test_registry.h"

#include <QLocale>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

#include <numeric>

using namespace tracelane;
using namespace tracelane::charts;

namespace {

QString shared(const char *relative)
{
    return QStringLiteral(TRACELANE_SHARED_TRACES "/") + QLatin1String(relative);
}

const QString kTransformer = shared("kineto/transformer_train_2streams.json.gz");
const QString kNccl = shared("hta/nccl_distributed_rank.json.gz");
const QString kNsys = shared("nsys/nvtx_cnn.sqlite");
const QString kOpencl = shared("opencl/dvdt_prof_armcl.json");
const QString kNoGpu = shared("hta/cupti_profiler_counters.json.gz");

// The value plotted for row `row` (counted from the top) of a horizontal chart.
double plotted(QCPBars *bars, int row, int rowCount)
{
    const auto it = bars->data()->findBegin(double(rowCount - row), false);
    return it != bars->data()->constEnd() && it->key == double(rowCount - row) ? it->value : -1.0;
}

double sumOf(QCPBars *bars)
{
    double sum = 0;
    for (auto it = bars->data()->constBegin(); it != bars->data()->constEnd(); ++it)
        sum += it->value;
    return sum;
}

LaunchRecord withDelay(TimeNs delay)
{
    LaunchRecord r;
    r.launchDelay = delay;
    r.delayedLaunch = delay > LaunchThresholds{}.delayedLaunch;
    return r;
}

std::unique_ptr<ChartView> makeEfficiencyChart(const QString &kind, const Trace &trace)
{
    const auto streams = gpuStreamOps(trace);
    if (kind == QLatin1String("gpu-time")) {
        auto chart = std::make_unique<GpuTimeChart>();
        chart->setBreakdown(gpuTimeBreakdown(trace, streams));
        return chart;
    }
    if (kind == QLatin1String("idle")) {
        auto chart = std::make_unique<IdleCausesChart>();
        chart->setIdle(idleByStream(trace, streams, idleGaps(trace, streams)));
        return chart;
    }
    auto chart = std::make_unique<LaunchDelayChart>();
    chart->setRecords(launchRecords(trace));
    return chart;
}

} // namespace

class TestEfficiencyCharts : public QObject
{
    Q_OBJECT

private slots:
    void gpuTimeBarsAreTheBreakdown_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<int>("streams");
        QTest::addRow("kineto, two streams") << kTransformer << 2;
        QTest::addRow("nccl") << kNccl << -1;
        QTest::addRow("nsys") << kNsys << -1;
        QTest::addRow("opencl") << kOpencl << 1;
    }
    void gpuTimeBarsAreTheBreakdown()
    {
        QFETCH(QString, path);
        QFETCH(int, streams);
        const auto trace = test::cachedTrace(path);
        QVERIFY(trace);
        const GpuTimeBreakdown expected = gpuTimeBreakdown(*trace);
        QVERIFY(!expected.devices.empty());
        if (streams >= 0)
            QCOMPARE(int(expected.streams.size()), streams);

        GpuTimeChart chart;
        chart.setBreakdown(expected);
        const auto &rows = chart.rows();
        QCOMPARE(rows.size(), expected.devices.size() + expected.streams.size());
        QCOMPARE(chart.rowCount(), int(rows.size()));
        // Device 0 on top, with the core's numbers; its streams under it.
        QCOMPARE(rows[0].deviceId, expected.devices[0].deviceId);
        QVERIFY(!rows[0].streamId.has_value());
        QCOMPARE(rows[0].span, expected.devices[0].span);
        QCOMPARE(rows[0].busy, expected.devices[0].busy);
        QCOMPARE(rows[0].compute, expected.devices[0].compute);
        QVERIFY(chart.barLabels()[0].startsWith(QStringLiteral("GPU %1").arg(expected.devices[0].deviceId)));
        QVERIFY(rows[1].streamId.has_value());
        QCOMPARE(*rows[1].streamId, *expected.streams[0].streamId);
        QVERIFY(chart.barLabels()[1].contains(QStringLiteral("Stream %1 (").arg(*expected.streams[0].streamId)));
        QVERIFY(chart.barLabels()[0].endsWith(
            QStringLiteral("(%1)").arg(formatTime(rows[0].span, timeScaleFor(rows[0].span))))); // each span's length

        const int n = chart.rowCount();
        for (int i = 0; i < n; ++i) {
            const GpuTimeRow &row = rows[std::size_t(i)];
            QVERIFY(row.span > 0);
            double total = 0;
            for (const auto part : {GpuTimeChart::Compute, GpuTimeChart::NonCompute, GpuTimeChart::Idle}) {
                const double value = plotted(chart.bars(part), i, n);
                const double share = 100.0 * double(GpuTimeChart::partTime(row, part)) / double(row.span);
                QVERIFY2(qAbs(value - share) < 1e-9, qPrintable(QStringLiteral("row %1 part %2").arg(i).arg(part)));
                total += value;
            }
            QVERIFY(qAbs(total - 100.0) < 1e-6);
        }
        // Idle of the device bar is the core's span minus busy.
        QVERIFY(qAbs(plotted(chart.bars(GpuTimeChart::Idle), 0, n)
                     - 100.0 * double(expected.devices[0].span - expected.devices[0].busy)
                         / double(expected.devices[0].span))
                < 1e-9);
    }

    void ncclHasNonComputeTime()
    {
        // Communication kernels without compute beside them are non-compute time.
        const auto trace = test::cachedTrace(kNccl);
        QVERIFY(trace);
        GpuTimeChart chart;
        chart.setBreakdown(gpuTimeBreakdown(*trace));
        QVERIFY(chart.rows()[0].nonCompute() > 0);
        QVERIFY(plotted(chart.bars(GpuTimeChart::NonCompute), 0, chart.rowCount()) > 0.0);
    }

    void idleBarsAreTheStreamIdleTimes()
    {
        const auto trace = test::cachedTrace(kTransformer);
        QVERIFY(trace);
        const auto streams = gpuStreamOps(*trace);
        const auto expected = idleByStream(*trace, streams, idleGaps(*trace, streams));
        QCOMPARE(expected.size(), std::size_t(2));
        IdleCausesChart chart;
        chart.setIdle(expected);
        QCOMPARE(chart.rowCount(), 2);
        const double nsPerUnit = chart.timeScale().nsPerUnit;
        const IdleCause causes[] = {IdleCause::HostWait, IdleCause::KernelWait, IdleCause::Other};
        for (int i = 0; i < 2; ++i) {
            QCOMPARE(chart.rows()[std::size_t(i)].streamId, expected[std::size_t(i)].streamId);
            for (int s = 0; s < 3; ++s) {
                const double ns = plotted(chart.bars(s), i, 2) * nsPerUnit;
                const double want = double(IdleCausesChart::causeTime(expected[std::size_t(i)], causes[s]));
                QVERIFY2(qAbs(ns - want) <= 1e-6 * std::max(want, 1.0), qPrintable(QString::number(ns)));
            }
        }
        QVERIFY(expected[0].total() + expected[1].total() > 0);

        // Hovering a bar names its stream and the exact nanoseconds.
        chart.resize(900, 500);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.plot()->replot();
        QCustomPlot *plot = chart.plot();
        const int row = expected[0].total() >= expected[1].total() ? 0 : 1;
        const StreamIdle &idle = expected[std::size_t(row)];
        const QPoint onBar(qRound(plot->xAxis->coordToPixel(chart.timeScale()(idle.total()) / 2)),
                           qRound(plot->yAxis->coordToPixel(double(2 - row))));
        QCOMPARE(chart.rowAt(onBar), row);
        const QString tip = chart.toolTipAt(onBar);
        QVERIFY2(tip.contains(QStringLiteral("Stream %1").arg(idle.streamId)), qPrintable(tip));
        QVERIFY2(tip.contains(QLocale().toString(qlonglong(idle.hostWait)) + QStringLiteral(" ns")), qPrintable(tip));
        QVERIFY2(tip.contains(QLocale().toString(qlonglong(idle.total())) + QStringLiteral(" ns")), qPrintable(tip));
    }

    void captionWrapsAndGivesWayInShortPlots()
    {
        const auto trace = test::cachedTrace(kTransformer);
        QVERIFY(trace);
        const auto streams = gpuStreamOps(*trace);
        IdleCausesChart chart;
        chart.setIdle(idleByStream(*trace, streams, idleGaps(*trace, streams)));
        const auto captionElement = [&]() -> QCPTextElement * {
            QCPLayoutGrid *layout = chart.plot()->plotLayout();
            for (int i = 0; i < layout->elementCount(); ++i)
                if (auto *text = qobject_cast<QCPTextElement *>(layout->elementAt(i)))
                    if (text->text().contains(QLatin1String("Host wait")))
                        return text;
            return nullptr;
        };
        chart.resize(260, 600); // narrower than one part of the caption
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        QTRY_VERIFY(captionElement());
        const QFontMetrics metrics(captionElement()->font());
        const QStringList lines = captionElement()->text().split(QLatin1Char('\n'));
        QVERIFY(lines.size() > 2);
        for (const QString &line : lines)
            QVERIFY2(metrics.horizontalAdvance(line) < chart.plot()->width(), qPrintable(line));
        // In a short dock the caption leaves the plot to the bars; the export keeps it.
        chart.resize(420, 170); // two lines of caption in a plot this short
        QTRY_VERIFY(!captionElement());
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("idle.svg"));
        QVERIFY(chart.exportTo(path, QSize(900, 500)));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(QString::fromUtf8(file.readAll()).contains(QLatin1String("Kernel wait: a gap under 30")));
    }

    // A short chart's rows never overlap: the title stays inside, and the
    // legend goes before it would lie over the caption or squeeze the axes flat.
    void shortChartsKeepTheirRowsApart_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QSize>("size");
        for (const char *kind : {"launch", "gpu-time", "idle"})
            for (const QSize size : {QSize(500, 150), QSize(500, 190), QSize(500, 400)})
                QTest::addRow("%s %dx%d", kind, size.width(), size.height()) << QString::fromLatin1(kind) << size;
    }

    void shortChartsKeepTheirRowsApart()
    {
        QFETCH(QString, kind);
        QFETCH(QSize, size);
        const auto trace = test::cachedTrace(test::resnetTrace());
        QVERIFY(trace);
        const auto chart = makeEfficiencyChart(kind, *trace);
        chart->resize(size);
        chart->show();
        QVERIFY(QTest::qWaitForWindowExposed(chart.get()));
        QTest::qWait(0); // the queued replots of a changed layout
        chart->plot()->replot();
        QCPLayoutGrid *layout = chart->plot()->plotLayout();
        QList<QRect> rows;
        for (int i = 0; i < layout->elementCount(); ++i)
            if (QCPLayoutElement *element = layout->elementAt(i); element && element->visible())
                rows << element->outerRect();
        for (int i = 0; i < rows.size(); ++i) {
            QVERIFY2(rows[i].top() >= 0 && rows[i].bottom() <= chart->plot()->height(),
                     qPrintable(QStringLiteral("row %1 runs outside the plot").arg(i)));
            for (int j = i + 1; j < rows.size(); ++j)
                QVERIFY2(!rows[i].intersects(rows[j]), qPrintable(QStringLiteral("rows %1 and %2 overlap").arg(i).arg(j)));
        }
        QVERIFY(chart->plot()->axisRect()->height() >= 2 * QFontMetrics(axisFont()).height());
    }

    void histogramBinsAreOneTwoFive()
    {
        // Bin i holds (upper[i-1], upper[i]]: 1 µs goes to the first bin, 1.001 µs to the second.
        const std::vector<LaunchRecord> records = {withDelay(0),       withDelay(1000),    withDelay(1001),
                                                   withDelay(100'000), withDelay(100'001), withDelay(5'000'000)};
        const LaunchDelayHistogram h = launchDelayHistogram(records);
        const std::vector<TimeNs> bounds = {1000,    2000,    5000,    10'000,    20'000,    50'000,
                                            100'000, 200'000, 500'000, 1'000'000, 2'000'000, 5'000'000};
        QCOMPARE(h.upper, bounds);
        QCOMPARE(h.total(), std::int64_t(records.size()));
        QCOMPARE(h.counts[0], std::int64_t(2));
        QCOMPARE(h.counts[1], std::int64_t(1));
        QCOMPARE(h.counts[6], std::int64_t(1)); // exactly 100 µs is not delayed
        QCOMPARE(h.counts[7], std::int64_t(1)); // 100.001 µs is
        QCOMPARE(h.counts[11], std::int64_t(1));
        QCOMPARE(h.upper[h.firstDelayedBin() - 1], h.threshold);
        // Short delays still reach past the threshold, so the marker shows.
        const LaunchDelayHistogram small = launchDelayHistogram({withDelay(3000)});
        QCOMPARE(small.upper.back(), TimeNs(200'000));
        // A threshold off the 1-2-5 steps becomes a bound of its own.
        const LaunchDelayHistogram odd = launchDelayHistogram({withDelay(70'000), withDelay(80'000)}, 75'000);
        QCOMPARE(odd.upper[odd.firstDelayedBin() - 1], TimeNs(75'000));
        QCOMPARE(odd.counts[odd.firstDelayedBin()], std::int64_t(1));
    }

    void histogramCountsEveryLaunch_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addRow("kineto") << kTransformer;
        QTest::addRow("nccl") << kNccl;
        QTest::addRow("nsys") << kNsys;
        QTest::addRow("opencl") << kOpencl;
    }
    void histogramCountsEveryLaunch()
    {
        QFETCH(QString, path);
        const auto trace = test::cachedTrace(path);
        QVERIFY(trace);
        const auto records = launchRecords(*trace);
        QVERIFY(records.size() > 50);
        const LaunchSummary summary = summarizeLaunches(records);
        LaunchDelayChart chart;
        chart.setRecords(records);
        QCOMPARE(chart.histogram().total(), std::int64_t(records.size()));
        QCOMPARE(qint64(sumOf(chart.withinBars()) + sumOf(chart.delayedBars())), qint64(records.size()));
        QCOMPARE(qint64(sumOf(chart.delayedBars())), qint64(summary.delayedLaunches));
        QCOMPARE(chart.summary().launchDelay.p95, summary.launchDelay.p95);
        // The dashed threshold line sits on the 100 µs bound.
        const std::size_t first = chart.histogram().firstDelayedBin();
        QCOMPARE(chart.histogram().upper[first - 1], TimeNs(100'000));
        auto *line = qobject_cast<QCPItemStraightLine *>(chart.plot()->item(0));
        QVERIFY(line);
        QCOMPARE(line->point1->coords().x(), double(first) + 0.5);
        QVERIFY2(chart.caption().contains(QStringLiteral("Launches: %1").arg(records.size())),
                 qPrintable(chart.caption()));
        QVERIFY(chart.caption().contains(QStringLiteral("Delayed (over 100 µs): %1").arg(summary.delayedLaunches)));
    }

    void emptyChartsSayWhy()
    {
        const auto trace = test::cachedTrace(kNoGpu);
        QVERIFY(trace);
        for (const char *kind : {"gpu-time", "idle", "launch-delay"}) {
            const auto chart = makeEfficiencyChart(QLatin1String(kind), *trace);
            QCustomPlot *plot = chart->plot();
            for (int i = 0; i < plot->plottableCount(); ++i)
                QCOMPARE(sumOf(qobject_cast<QCPBars *>(plot->plottable(i))), 0.0);
            QVERIFY(!plot->yAxis->tickLabels());
            QCOMPARE(plot->itemCount(), 1);
            auto *note = qobject_cast<QCPItemText *>(plot->item(0));
            QVERIFY2(note && note->text().startsWith(QLatin1String("No ")), kind);
        }
    }

    void exports_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("suffix");
        for (const char *kind : {"gpu-time", "idle", "launch-delay"})
            for (const char *suffix : {"png", "pdf", "svg"})
                QTest::addRow("%s %s", kind, suffix) << QString::fromLatin1(kind) << QString::fromLatin1(suffix);
    }
    void exports()
    {
        QFETCH(QString, kind);
        QFETCH(QString, suffix);
        const auto trace = test::cachedTrace(kNccl);
        QVERIFY(trace);
        QTemporaryDir dir;
        const auto chart = makeEfficiencyChart(kind, *trace);
        const QString path = dir.filePath(kind + QLatin1Char('.') + suffix);
        QString error;
        QVERIFY2(chart->exportTo(path, QSize(800, 500), &error), qPrintable(error));
        test::verifyChartFile(path, QSize(800, 500), chart->title());
    }

    void exportOfAnUnshownChartLabelsEveryRow()
    {
        // A chart the CLI draws was never laid out on screen: its labels must
        // still be fitted to the export's size, not to a widget that never had one.
        const auto trace = test::cachedTrace(kTransformer);
        QVERIFY(trace);
        GpuTimeChart chart;
        chart.setBreakdown(gpuTimeBreakdown(*trace));
        QCOMPARE(chart.rowCount(), 3);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("g.svg"));
        QVERIFY(chart.exportTo(path, QSize(960, 540)));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QStringList texts;
        QXmlStreamReader xml(&file);
        while (!xml.atEnd())
            if (xml.readNext() == QXmlStreamReader::Characters)
                texts << xml.text().toString().trimmed();
        for (const QString &label : chart.barLabels())
            QVERIFY2(texts.contains(label),
                     qPrintable(label + QStringLiteral(" not in ") + texts.join(QLatin1Char('|'))));
    }

    void cliDrawsTheEfficiencyCharts_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("trace");
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("title");
        QTest::addRow("gpu-time png") << QStringLiteral("gpu-time") << kTransformer << QStringLiteral("g.png")
                                      << QStringLiteral("GPU time");
        QTest::addRow("idle svg") << QStringLiteral("idle") << kNccl << QStringLiteral("i.svg")
                                  << QStringLiteral("Idle time per stream");
        QTest::addRow("launch-delay pdf")
            << QStringLiteral("launch-delay") << kNsys << QStringLiteral("l.pdf") << QStringLiteral("Launch delay");
        QTest::addRow("launch-delay opencl svg")
            << QStringLiteral("launch-delay") << kOpencl << QStringLiteral("o.svg") << QStringLiteral("Launch delay");
    }
    void cliDrawsTheEfficiencyCharts()
    {
        QFETCH(QString, kind);
        QFETCH(QString, trace);
        QFETCH(QString, file);
        QFETCH(QString, title);
        QTemporaryDir dir;
        const QString path = dir.filePath(file);
        const test::CliRun cli = test::runCli({QStringLiteral("chart"), trace, QStringLiteral("--kind"), kind,
                                               QStringLiteral("-o"), path, QStringLiteral("--size"),
                                               QStringLiteral("720x420")},
                                              true);
        QVERIFY(cli.finished);
        QVERIFY2(cli.exitCode == 0, qPrintable(cli.err));
        QVERIFY2(!cli.err.contains(QLatin1String("tracelane-cli")), qPrintable(cli.err)); // no "chart is empty"
        test::verifyChartFile(path, QSize(720, 420), title);
    }

    void cliSaysWhenThereIsNoGpuWork()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("empty.png"));
        const test::CliRun cli = test::runCli({QStringLiteral("chart"), kNoGpu, QStringLiteral("--kind"),
                                               QStringLiteral("gpu-time"), QStringLiteral("-o"), path},
                                              true);
        QVERIFY(cli.finished);
        QCOMPARE(cli.exitCode, 0);
        QVERIFY2(cli.err.contains(QLatin1String("no GPU operations")), qPrintable(cli.err));
        QVERIFY(QFileInfo(path).size() > 1000);
    }
};

TRACELANE_TEST_MAIN(TestEfficiencyCharts)
#include "tst_efficiency_charts.moc"
