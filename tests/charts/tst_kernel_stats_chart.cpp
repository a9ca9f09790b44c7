// The kernel statistics chart: one bar per kernel at the kernel summary's Avg,
// whiskers of its StdDev (none for one instance, never below zero), a time
// unit that suits the data, labels that fit; the CLI writes it as PNG, PDF
// and SVG for an OpenCL, a Kineto and an Nsight Systems trace.
#include "qcustomplot_include.h" // first: see there

#include "kernel_stats_chart.h"

#include "analysis/summaries/kernel_summary.h"
#include "cached_import.h"
#include "chart_file_check.h"
#include "cli_run.h"

#include "test_registry.h"

#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

#include <cmath>
#include <map>

using namespace tracelane;
using namespace tracelane::charts;

namespace {

const QString kOpenclTrace = QStringLiteral(TRACELANE_SHARED_TRACES "/opencl/dvdt_prof_armcl.json");
const QString kResnet = QStringLiteral(TRACELANE_SHARED_TRACES "/kineto/resnet50_train.json.gz");
const QString kNsysCnn = QStringLiteral(TRACELANE_SHARED_TRACES "/nsys/nvtx_cnn.sqlite");

std::shared_ptr<const Trace> load(const QString &path)
{
    return test::cachedTrace(path);
}

QCPBars *barsOf(const KernelStatsChart &chart)
{
    return qobject_cast<QCPBars *>(chart.plot()->plottable(0));
}

QCPErrorBars *whiskersOf(const KernelStatsChart &chart)
{
    return qobject_cast<QCPErrorBars *>(chart.plot()->plottable(1));
}

QCPTextElement *captionElement(const KernelStatsChart &chart)
{
    QCPLayoutGrid *layout = chart.plot()->plotLayout();
    return qobject_cast<QCPTextElement *>(layout->element(layout->rowCount() - 1, 0));
}

QStringList captionLines(const KernelStatsChart &chart)
{
    return captionElement(chart)->text().split(QLatin1Char('\n'));
}

// Equal to nine significant digits: the chart divides by its unit, the test multiplies back.
bool sameNs(double plotted, double nsPerUnit, double expectedNs)
{
    return std::abs(plotted * nsPerUnit - expectedNs) <= 1e-9 * std::max(1.0, std::abs(expectedNs));
}

DurationStats stats(std::int64_t count, double average, double stddev)
{
    DurationStats s;
    s.count = count;
    s.average = average;
    s.stddev = stddev;
    s.total = static_cast<TimeNs>(average * double(count));
    return s;
}

} // namespace

class TestKernelStatsChart : public QObject
{
    Q_OBJECT

private slots:
    void barsAreMeansWhiskersAreStdDev_data()
    {
        QTest::addColumn<QString>("trace");
        QTest::addColumn<int>("top");
        QTest::addRow("opencl, default top 15 > 12 kernels") << kOpenclTrace << 15;
        QTest::addRow("opencl, top 5") << kOpenclTrace << 5;
        QTest::addRow("kineto resnet50, top 15") << kResnet << 15;
        QTest::addRow("kineto resnet50, top 40") << kResnet << 40;
        QTest::addRow("nsys sqlite, top 15") << kNsysCnn << 15;
    }
    void barsAreMeansWhiskersAreStdDev()
    {
        QFETCH(QString, trace);
        QFETCH(int, top);
        const auto loaded = load(trace);
        QVERIFY2(loaded, qPrintable(trace));
        const NameSummary summary = kernelSummary(*loaded);
        QVERIFY(summary.rows.size() >= 5);

        KernelStatsChart chart;
        chart.setTopCount(top);
        chart.setSummary(summary);
        const int n = std::min<int>(top, static_cast<int>(summary.rows.size()));
        QCOMPARE(chart.barCount(), n);
        QCPBars *bars = barsOf(chart);
        QCPErrorBars *whiskers = whiskersOf(chart);
        QVERIFY(bars && whiskers);
        QCOMPARE(bars->dataCount(), n);
        QCOMPARE(whiskers->dataCount(), n);
        QCOMPARE(whiskers->dataPlottable(), bars);

        // Bar i (largest total first) is drawn at key n - i, i.e. at data index n - 1 - i.
        const double unit = chart.timeScale().nsPerUnit;
        int withWhisker = 0;
        for (int i = 0; i < n; ++i) {
            const DurationStats &expected = summary.rows[static_cast<std::size_t>(i)].stats;
            const int at = n - 1 - i;
            QCOMPARE(bars->data()->at(at)->key, double(n - i));
            QVERIFY2(sameNs(bars->data()->at(at)->value, unit, expected.average),
                     qPrintable(QStringLiteral("bar %1: %2 vs Avg %3")
                                    .arg(i)
                                    .arg(bars->data()->at(at)->value * unit)
                                    .arg(expected.average)));
            const QCPErrorBarsData error = whiskers->data()->at(at);
            if (expected.count < 2) {
                QVERIFY(std::isnan(error.errorPlus) && std::isnan(error.errorMinus));
                continue;
            }
            ++withWhisker;
            QVERIFY2(sameNs(error.errorPlus, unit, expected.stddev), qPrintable(QString::number(i)));
            QVERIFY(sameNs(error.errorMinus, unit, std::min(expected.stddev, expected.average)));
            QVERIFY(bars->data()->at(at)->value - error.errorMinus >= -1e-12); // never below zero
            QVERIFY2(chart.barLabels()[i].endsWith(QStringLiteral("(n=%1)").arg(expected.count)),
                     qPrintable(chart.barLabels()[i]));
        }
        QVERIFY(withWhisker > 0);

        // The axis reaches the longest whisker, starts at zero and names the unit.
        QCPAxis *time = chart.plot()->xAxis;
        QCOMPARE(time->range().lower, 0.0);
        for (int at = 0; at < n; ++at) {
            const double plus = whiskers->data()->at(at).errorPlus;
            QVERIFY(bars->data()->at(at)->value + (std::isnan(plus) ? 0.0 : plus) <= time->range().upper);
        }
        QVERIFY2(time->label().endsWith(QStringLiteral("(%1)").arg(chart.timeScale().unit)), qPrintable(time->label()));
        // A readable unit: the longest whisker is between 1 and 10,000 units, as timeScaleFor promises.
        QVERIFY(time->range().upper / 1.05 >= 1.0 && time->range().upper / 1.05 < 10000.0);
        QVERIFY(chart.title().contains(QStringLiteral("top %1").arg(n)));
        QVERIFY(chart.caption().contains(QStringLiteral("±1 sample standard deviation")));
    }

    void singleInstanceAndWideSpread()
    {
        // A hand-made summary: one kernel seen once, one whose spread exceeds its mean.
        NameSummary summary;
        summary.rows.push_back({"void once_kernel<float>(float*)", stats(1, 250'000.0, 0.0), 60.0});
        summary.rows.push_back({"skewed_kernel", stats(4, 100'000.0, 180'000.0), 40.0});
        KernelStatsChart chart;
        chart.setSummary(summary);
        QCOMPARE(chart.barCount(), 2);
        QCOMPARE(chart.barLabels(),
                 QStringList({QStringLiteral("once_kernel (n=1)"), QStringLiteral("skewed_kernel (n=4)")}));
        QCOMPARE(chart.timeScale().unit, QStringLiteral("µs")); // largest reach 280 µs
        const QCPErrorBarsDataContainer &errors = *whiskersOf(chart)->data();
        // Data index 1 is the top bar, once_kernel: no whisker at all.
        QVERIFY(std::isnan(errors.at(1).errorMinus) && std::isnan(errors.at(1).errorPlus));
        // skewed_kernel: +180 µs, but -100 µs only (down to zero, not -80 µs).
        QCOMPARE(errors.at(0).errorPlus, 180.0);
        QCOMPARE(errors.at(0).errorMinus, 100.0);
        QVERIFY(chart.caption().contains(QLatin1String("stop at 0")));
        QCOMPARE(chart.plot()->xAxis->range().upper, 280.0 * 1.05);

        chart.setSummary({});
        QCOMPARE(chart.barCount(), 0);
        QVERIFY(chart.title().contains(QLatin1String("no kernels")));
    }

    void asyncTraceAndToolTip()
    {
        KernelStatsChart chart;
        QSignalSpy changed(&chart, &ChartView::chartChanged);
        chart.setTrace(load(kOpenclTrace)); // on a worker thread
        QVERIFY(changed.wait(30000));
        QCOMPARE(chart.barCount(), 12);
        chart.resize(960, 540);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        QCustomPlot *plot = chart.plot();
        plot->replot();

        // Nothing clipped: the axis rect leaves room for the widest label, the caption fits.
        const QFontMetrics metrics(plot->yAxis->tickLabelFont());
        int widest = 0;
        for (const QString &label : chart.barLabels())
            widest = std::max(widest, metrics.horizontalAdvance(label));
        QVERIFY(plot->axisRect()->left() > widest);
        QCOMPARE(captionLines(chart).size(), 1);
        // Narrow: the caption wraps between its parts instead of running off both sides.
        chart.resize(420, 400);
        QTRY_VERIFY(captionLines(chart).size() > 1);
        for (const QString &line : captionLines(chart))
            QVERIFY2(QFontMetrics(captionElement(chart)->font()).horizontalAdvance(line) < plot->width(),
                     qPrintable(line));
        chart.resize(960, 540);
        // Shorter plots show fewer bars; back at this size all twelve return.
        QTRY_VERIFY((plot->replot(), chart.barCount() == 12));
        plot->replot();

        // Hovering a row, right of its bar and whisker, still names the kernel.
        const QPoint onRow(plot->axisRect()->right() - 2, qRound(plot->yAxis->coordToPixel(12.0)));
        const QString tip = chart.toolTipAt(onRow);
        QVERIFY2(tip.contains(chart.barLabels().first().toHtmlEscaped()), qPrintable(tip));
        QVERIFY(tip.contains(QLatin1String("Standard deviation")));
        QVERIFY(chart.toolTipAt(QPoint(2, 2)).isEmpty()); // over the title
    }

    void cliWritesEveryFormat_data()
    {
        QTest::addColumn<QString>("trace");
        QTest::addColumn<QString>("file");
        for (const QString &trace : {kOpenclTrace, kResnet})
            for (const char *suffix : {"png", "pdf", "svg"})
                QTest::addRow("%s %s", qPrintable(QFileInfo(trace).baseName()), suffix)
                    << trace << QStringLiteral("stats.") + QLatin1String(suffix);
    }
    void cliWritesEveryFormat()
    {
        QFETCH(QString, trace);
        QFETCH(QString, file);
        QTemporaryDir dir;
        const QString path = dir.filePath(file);
        const test::CliRun cli = test::runCli({QStringLiteral("chart"), trace, QStringLiteral("--kind"),
                                               QStringLiteral("kernel-stats"), QStringLiteral("-o"), path,
                                               QStringLiteral("--size"), QStringLiteral("800x500"),
                                               QStringLiteral("--top"), QStringLiteral("10")},
                                              true);
        QVERIFY(cli.finished);
        QVERIFY2(cli.exitCode == 0, qPrintable(cli.err));

        QFile out(path);
        QVERIFY2(out.open(QIODevice::ReadOnly), qPrintable(path));
        const QByteArray bytes = out.readAll();
        QVERIFY2(bytes.size() > 2000, qPrintable(QString::number(bytes.size())));
        test::verifyChartFile(path, QSize(800, 500), QStringLiteral("Mean kernel time"));
        if (QTest::currentTestFailed())
            return;
        if (file.endsWith(QLatin1String(".png"))) {
            QImage image;
            QVERIFY(image.loadFromData(bytes, "PNG"));
            int dark = 0; // bars, whiskers, text
            for (int y = 0; y < image.height(); ++y)
                for (int x = 0; x < image.width(); ++x)
                    dark += qGray(image.pixel(x, y)) < 160;
            QVERIFY2(dark > 800 * 500 / 50, qPrintable(QString::number(dark)));
        } else if (file.endsWith(QLatin1String(".pdf"))) {
            QVERIFY(bytes.trimmed().endsWith("%%EOF"));
        }
    }

    void cliRejectsUnknownKind()
    {
        const test::CliRun cli = test::runCli({QStringLiteral("chart"), kOpenclTrace, QStringLiteral("--kind"),
                                               QStringLiteral("kernel-stat"), QStringLiteral("-o"),
                                               QStringLiteral("x.png")});
        QVERIFY(cli.finished);
        QCOMPARE(cli.exitCode, 2);
        QVERIFY(cli.err.contains(QLatin1String("kernel-stats")));
    }
};

TRACELANE_TEST_MAIN(TestKernelStatsChart)
#include "tst_kernel_stats_chart.moc"
