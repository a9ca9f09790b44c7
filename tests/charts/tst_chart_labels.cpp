// Chart labels that never overlap: the iteration axis with hundreds of
// iterations (numbered, or with repeated numbers, then in start order) at
// several widths, the kernel-statistics rows in short and tall plots; the
// breakdown's leftover bar named for what it holds; " #2" explained.
#include "qcustomplot_include.h" // first: see there

#include "breakdown_chart.h"
#include "iteration_chart.h"
#include "kernel_stats_chart.h"

#include "analysis/operators/iteration_table.h"
#include "analysis/operators/op_kernel_breakdown.h"
#include "analysis/summaries/kernel_summary.h"

#include "cached_import.h"

#include "test_registry.h"

#include <QFontMetrics>
#include <QtTest>

using namespace tracelane;
using namespace tracelane::charts;

namespace {

// Hand-built: `count` iterations of 1 ms, numbered 1..count, or all numbered 7
// (a trace stitched from copies repeats its step numbers).
IterationTable manyIterations(int count, bool repeatedNumbers)
{
    IterationTable table;
    table.pattern = "ProfilerStep#\\d+";
    for (int i = 0; i < count; ++i) {
        Iteration it;
        it.number = repeatedNumbers ? 7 : i + 1;
        it.name = "ProfilerStep#" + std::to_string(it.number);
        it.start = TimeNs(i) * 1'000'000;
        it.end = it.start + 1'000'000;
        table.iterations.push_back(it);
    }
    return table;
}

// The drawn tick labels of `axis` along it, as [from, to) pixel intervals, in order.
QList<QPair<double, double>> labelSpans(QCPAxis *axis)
{
    const QFontMetrics metrics(axis->tickLabelFont());
    const bool horizontal = axis->orientation() == Qt::Horizontal;
    QList<QPair<double, double>> spans;
    for (int i = 0; i < axis->tickVector().size(); ++i) {
        const double at = axis->coordToPixel(axis->tickVector()[i]);
        if (!axis->range().contains(axis->tickVector()[i]))
            continue;
        const double size = horizontal ? metrics.horizontalAdvance(axis->tickVectorLabels()[i]) : metrics.height();
        spans << qMakePair(at - size / 2, at + size / 2);
    }
    std::sort(spans.begin(), spans.end());
    return spans;
}

void layOut(ChartView &chart, QSize size)
{
    chart.resize(size);
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    chart.plot()->replot(); // lays out; ticks fitted to this width take effect on the next
    chart.plot()->replot();
}

} // namespace

class TestChartLabels : public QObject
{
    Q_OBJECT

private slots:
    void iterationTicksNeverOverlap_data()
    {
        QTest::addColumn<int>("count");
        QTest::addColumn<bool>("repeated");
        QTest::addColumn<int>("width");
        for (const int width : {320, 700, 1400}) {
            QTest::addRow("12 numbered, %d px", width) << 12 << false << width;
            QTest::addRow("600 numbered, %d px", width) << 600 << false << width;
            QTest::addRow("600 repeated, %d px", width) << 600 << true << width;
            QTest::addRow("5000 numbered, %d px", width) << 5000 << false << width;
        }
    }

    void iterationTicksNeverOverlap()
    {
        QFETCH(int, count);
        QFETCH(bool, repeated);
        QFETCH(int, width);
        IterationChart chart;
        chart.setIterations(nullptr, manyIterations(count, repeated));
        layOut(chart, QSize(width, 400));
        QCPAxis *axis = chart.plot()->xAxis;
        QCOMPARE(axis->label().contains(QLatin1String("start order")), repeated);
        const auto spans = labelSpans(axis);
        QVERIFY2(spans.size() >= 2, qPrintable(QString::number(spans.size())));
        for (int i = 1; i < spans.size(); ++i)
            QVERIFY2(spans[i - 1].second < spans[i].first,
                     qPrintable(QStringLiteral("labels %1 and %2 overlap").arg(i - 1).arg(i)));
        // A few bars label every one of them.
        if (count <= 12 && width >= 700)
            QCOMPARE(spans.size(), count);
    }

    // A short value axis still reads: at least two numbers, not "0" alone (two
    // round ticks overshot a 0–45 axis, leaving only the 0 in range).
    void shortValueAxisKeepsTwoNumbers_data()
    {
        QTest::addColumn<int>("height");
        for (const int height : {150, 160, 170, 180, 200, 230, 260})
            QTest::addRow("%d px", height) << height;
    }

    void shortValueAxisKeepsTwoNumbers()
    {
        QFETCH(int, height);
        const auto trace = test::cachedTrace(QStringLiteral(TRACELANE_SHARED_TRACES "/kineto/resnet50_train.json.gz"));
        QVERIFY(trace);
        IterationChart chart;
        chart.setIterations(trace, detectIterations(*trace));
        layOut(chart, QSize(300, height));
        QTest::qWait(0);
        chart.plot()->replot();
        const auto spans = labelSpans(chart.plot()->yAxis);
        QVERIFY2(spans.size() >= 2, qPrintable(QStringLiteral("%1 value labels on a %2 px axis")
                                                   .arg(spans.size()).arg(chart.plot()->axisRect()->height())));
        for (int i = 1; i < spans.size(); ++i)
            QVERIFY(spans[i - 1].second <= spans[i].first);
    }

    // The time axis of a chart in a narrow dock: fewer ticks rather than "1000 2000 3000" run together.
    void valueTicksKeepApart_data()
    {
        QTest::addColumn<int>("width");
        // From the narrowest that leaves the bars some room: below it the op names take the plot.
        for (const int width : {600, 800, 1200})
            QTest::addRow("%d px", width) << width;
    }

    void valueTicksKeepApart()
    {
        QFETCH(int, width);
        const auto trace = test::cachedTrace(QStringLiteral(TRACELANE_SHARED_TRACES "/kineto/dlrm_train.json.gz"));
        QVERIFY(trace);
        BreakdownChart chart;
        chart.setBreakdown(trace, opKernelBreakdown(*trace));
        layOut(chart, QSize(width, 500));
        const auto spans = labelSpans(chart.plot()->xAxis);
        QVERIFY(spans.size() >= 2);
        const int gap = QFontMetrics(chart.plot()->xAxis->tickLabelFont()).horizontalAdvance(QLatin1Char('0'));
        for (int i = 1; i < spans.size(); ++i)
            QVERIFY2(spans[i - 1].second + gap <= spans[i].first,
                     qPrintable(QStringLiteral("labels %1 and %2 within a digit of each other").arg(i - 1).arg(i)));
    }

    // A short or narrow Breakdown shows fewer bars, each with its name, rather
    // than labelling every k-th; growing the chart brings the bars back.
    void breakdownBarsAllLabelled_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<QString>("traceFile");
        // ResNet-50's breakdown looks through wrappers, and its caption says so.
        for (const char *trace : {"kineto/dlrm_train.json.gz", "kineto/resnet50_train.json.gz", "hta/amd_mi250_rocm62.json.gz"})
            for (const QSize size : {QSize(420, 170), QSize(900, 260), QSize(960, 250), QSize(960, 280), QSize(960, 330),
                                      QSize(500, 420), QSize(1200, 700)})
                QTest::addRow("%s %dx%d", trace, size.width(), size.height()) << size << QString::fromLatin1(trace);
    }

    void breakdownBarsAllLabelled()
    {
        QFETCH(QSize, size);
        QFETCH(QString, traceFile);
        const auto trace = test::cachedTrace(QStringLiteral(TRACELANE_SHARED_TRACES "/") + traceFile);
        QVERIFY(trace);
        const OpKernelBreakdown breakdown = opKernelBreakdown(*trace);
        const auto withWork = std::count_if(breakdown.ops.begin(), breakdown.ops.end(),
                                            [](const OpBreakdown &op) { return op.deviceTime > 0; });
        QVERIFY(withWork > 4);
        BreakdownChart chart;
        chart.setBreakdown(trace, breakdown);
        layOut(chart, size);
        QTest::qWait(0); // a changed bar count rebuilds on the next turn of the event loop
        chart.plot()->replot();
        const int bars = chart.barLabels().size();
        const auto spans = labelSpans(chart.plot()->yAxis);
        QCOMPARE(spans.size(), bars);
        for (int i = 1; i < spans.size(); ++i)
            QVERIFY2(spans[i - 1].second <= spans[i].first,
                     qPrintable(QStringLiteral("labels %1 and %2 overlap").arg(i - 1).arg(i)));
        QVERIFY(bars >= 2);
        const int wanted = withWork > chart.topCount() ? chart.topCount() + 1 : int(withWork);
        if (bars < wanted)
            QVERIFY2(chart.barLabels().last().startsWith(QLatin1String("Other ops")), qPrintable(chart.barLabels().last()));
        if (size.height() >= 420 && (size.width() >= 900 || !traceFile.startsWith(QLatin1String("hta/"))))
            QCOMPARE(bars, wanted); // tall enough (AMD's long kernel names take a narrow chart's height): all asked for
        // Shrinking and growing again restores every bar.
        layOut(chart, QSize(size.width(), 150));
        QTest::qWait(0);
        layOut(chart, QSize(size.width(), 700));
        QTest::qWait(0);
        chart.plot()->replot();
        QCOMPARE(chart.barLabels().size(), wanted);
    }

    void breakdownLeftoverNamesRanges()
    {
        const auto trace = test::cachedTrace(QStringLiteral(TRACELANE_SHARED_TRACES "/nsys/nvtx_cnn.sqlite"));
        QVERIFY(trace);
        BreakdownOptions byRanges;
        byRanges.ranges = true;
        const OpKernelBreakdown ranges = opKernelBreakdown(*trace, byRanges);
        BreakdownChart chart;
        chart.setTopCount(3);
        chart.setBreakdown(trace, ranges);
        int withWork = 0;
        for (const OpBreakdown &op : ranges.ops)
            withWork += op.deviceTime > 0;
        QVERIFY(withWork > 3);
        QCOMPARE(chart.barLabels().size(), 4);
        QCOMPARE(chart.barLabels().last(), QStringLiteral("Other ranges (%1)").arg(withWork - 3));

        const auto dlrm = test::cachedTrace(QStringLiteral(TRACELANE_SHARED_TRACES "/kineto/dlrm_train.json.gz"));
        QVERIFY(dlrm);
        BreakdownChart ops;
        ops.setTopCount(3);
        ops.setBreakdown(dlrm, opKernelBreakdown(*dlrm));
        QCOMPARE(ops.barLabels().size(), 4);
        QVERIFY2(ops.barLabels().last().startsWith(QLatin1String("Other ops")), qPrintable(ops.barLabels().last()));
    }

    void kernelStatsBarsAllLabelled_data()
    {
        QTest::addColumn<int>("height");
        for (const int height : {170, 260, 420, 900})
            QTest::addRow("%d px", height) << height;
    }

    // Every bar shown has its label (a short chart shows fewer kernels, not
    // every second name), lines apart; growing the chart brings the top 15 back.
    void kernelStatsBarsAllLabelled()
    {
        QFETCH(int, height);
        const auto trace = test::cachedTrace(QStringLiteral(TRACELANE_SHARED_TRACES "/kineto/dlrm_train.json.gz"));
        QVERIFY(trace);
        const NameSummary summary = kernelSummary(*trace);
        QVERIFY(int(summary.rows.size()) > 15);
        KernelStatsChart chart;
        chart.setSummary(summary);
        layOut(chart, QSize(900, height));
        QTest::qWait(0); // a changed bar count rebuilds on the next turn of the event loop
        chart.plot()->replot();
        const auto spans = labelSpans(chart.plot()->yAxis);
        QVERIFY(spans.size() >= 2);
        QCOMPARE(spans.size(), chart.barCount());
        for (int i = 1; i < spans.size(); ++i)
            QVERIFY2(spans[i - 1].second + 1 < spans[i].first, // at least a pixel between lines
                     qPrintable(QStringLiteral("rows %1 and %2 touch at %3 px").arg(i - 1).arg(i).arg(height)));
        QVERIFY2(chart.title().contains(QStringLiteral("top %1 ").arg(chart.barCount())), qPrintable(chart.title()));
        if (height >= 900)
            QCOMPARE(chart.barCount(), chart.topCount());
        layOut(chart, QSize(900, 900));
        QTest::qWait(0);
        chart.plot()->replot();
        QCOMPARE(chart.barCount(), chart.topCount());
    }

    // Hand-built: two kernels whose labels read alike get " #2", and the caption says what it means.
    void repeatedKernelLabelsExplained()
    {
        NameSummary summary;
        for (const char *name : {"void gemm<float, 1>(int)", "void gemm<float, 2>(int)", "void relu<float>(int)"}) {
            NameSummaryRow row;
            row.name = name;
            row.stats.count = 2;
            row.stats.total = 2000;
            row.stats.average = 1000;
            row.stats.stddev = 10;
            summary.rows.push_back(row);
        }
        KernelStatsChart chart;
        chart.setSummary(summary);
        const QStringList labels = chart.barLabels();
        QVERIFY2(std::any_of(labels.begin(), labels.end(), [](const QString &l) { return l.contains(u" #2"); }),
                 qPrintable(labels.join(u'|')));
        QVERIFY2(chart.caption().contains(QLatin1String("#2, #3")), qPrintable(chart.caption()));

        summary.rows.erase(summary.rows.begin() + 1); // no repeat: no note
        chart.setSummary(summary);
        QVERIFY2(!chart.caption().contains(QLatin1String("#2")), qPrintable(chart.caption()));
    }
};

TRACELANE_TEST_MAIN(TestChartLabels)
#include "tst_chart_labels.moc"
