// The active-memory chart of a PyTorch memory snapshot, read back from
// QCustomPlot: one band per allocation of the capped timeline, stacked so that
// the bands' heights at each trace entry add up to the allocator's own total
// after it (snapshotTotals, not the timeline), the peak named with that total's
// maximum; devices and streams switch; hover names the allocation, a click
// gives its index; PNG, PDF and SVG exports; a dark palette; the CLI's
// chart --kind active-memory with --device.
#include "qcustomplot_include.h" // first: see there

#include "active_memory_chart.h"
#include "byte_format.h"
#include "chart_style.h"

#include "import/importer.h"

#include "chart_file_check.h"
#include "cli_run.h"

#include "test_registry.h"

#include <QComboBox>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>

using namespace tracelane;
using namespace tracelane::charts;

namespace {

QString snapshotSample(const char *name)
{
    return QStringLiteral(TRACELANE_TEST_DATA "/snapshot/") + QLatin1String(name) + QStringLiteral(".pickle");
}

std::shared_ptr<const Trace> loadSnapshot(const QString &path)
{
    const ImportResult loaded = loadTrace(path.toStdString());
    return loaded.ok() ? loaded.trace : nullptr;
}

// Where the chart puts time t on its x axis: the device's first entry at the
// axis' left end, in the unit the span asks for (events where the snapshot has no times).
double chartKeyOf(const ActiveMemoryChart &chart, const MemorySnapshot &snapshot, TimeNs t)
{
    const SnapshotTimeline &timeline = chart.timeline();
    const double nsPerUnit = snapshot.timed ? timeScaleFor(std::max<TimeNs>(timeline.end - timeline.start, 1)).nsPerUnit : 1.0;
    return chart.plot()->xAxis->range().lower + double(t - timeline.start) / nsPerUnit;
}

// The bytes a band's outline covers at `key`: its top minus its bottom there,
// read from the horizontal edges of the curve QCustomPlot draws; 0 outside it.
double bandHeightAt(const QCPCurve *curve, double key)
{
    double top = -1, bottom = -1;
    const QCPCurveDataContainer &data = *curve->data();
    for (int i = 0; i + 1 < data.size(); ++i) {
        const QCPCurveData &a = *(data.constBegin() + i), &b = *(data.constBegin() + i + 1);
        if (a.value != b.value || key < std::min(a.key, b.key) || key >= std::max(a.key, b.key))
            continue;
        top = top < 0 ? a.value : std::max(top, a.value);
        bottom = bottom < 0 ? a.value : std::min(bottom, a.value);
    }
    return top < 0 ? 0.0 : top - bottom;
}

QString peakLabelOf(const QCustomPlot *plot)
{
    for (int i = 0; i < plot->itemCount(); ++i)
        if (auto *text = qobject_cast<QCPItemText *>(plot->item(i)); text && text->text().startsWith(QLatin1String("Peak")))
            return text->text();
    return {};
}

} // namespace

class TestActiveMemoryChart : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QLocale::setDefault(QLocale::c()); }

    void bandsAddUpToTheAllocatorTotals_data()
    {
        QTest::addColumn<QString>("path");
        for (const char *name : {"training_timed", "untimed", "oom", "multi_device"})
            QTest::addRow("%s", name) << snapshotSample(name);
    }
    void bandsAddUpToTheAllocatorTotals()
    {
        QFETCH(QString, path);
        const auto trace = loadSnapshot(path);
        QVERIFY(trace && trace->memorySnapshot);
        const MemorySnapshot &snapshot = *trace->memorySnapshot;
        ActiveMemoryChart chart;
        chart.setTrace(trace);
        QVERIFY(!chart.devices().empty());
        for (const std::int32_t device : chart.devices()) {
            chart.setDevice(device);
            QCOMPARE(chart.device(), device);
            const SnapshotTimeline &timeline = chart.timeline();
            QCOMPARE(timeline.summarizedAllocations, std::size_t(0)); // the samples fit the cap: every band drawn
            QCOMPARE(chart.bandCurves().size(), timeline.bands.size());
            QVERIFY(!timeline.bands.empty());
            for (const TimelineBand &band : timeline.bands)
                QCOMPARE(chart.allocations().allocations[band.allocation].device, device);

            // After each entry (one not followed by another at the same time),
            // the bands drawn over it are as high as the allocator's total.
            const SnapshotTotals totals = snapshotTotals(snapshot, std::size_t(device));
            const std::vector<SnapshotEntry> &entries = snapshot.deviceTraces[std::size_t(device)];
            QCOMPARE(totals.allocated.size(), entries.size());
            std::int64_t peak = totals.initialAllocated;
            int checked = 0;
            for (std::size_t i = 0; i < entries.size(); ++i) {
                peak = std::max(peak, totals.allocated[i]);
                const TimeNs t = snapshot.entryTime(std::size_t(device), i);
                if (i + 1 == entries.size() || snapshot.entryTime(std::size_t(device), i + 1) == t)
                    continue;
                const double next = chartKeyOf(chart, snapshot, snapshot.entryTime(std::size_t(device), i + 1));
                const double key = (chartKeyOf(chart, snapshot, t) + next) / 2;
                double stacked = 0;
                for (const QCPCurve *curve : chart.bandCurves())
                    stacked += bandHeightAt(curve, key);
                QVERIFY2(stacked == double(totals.allocated[i]),
                         qPrintable(QStringLiteral("GPU %1 entry %2: %3 drawn, %4 allocated")
                                        .arg(device)
                                        .arg(i)
                                        .arg(stacked, 0, 'f', 0)
                                        .arg(totals.allocated[i])));
                ++checked;
            }
            QVERIFY(checked > 10);
            // The peak is the allocator's highest total, named above the bands.
            QCOMPARE(timeline.peak, peak);
            QCOMPARE(peakLabelOf(chart.plot()), QStringLiteral("Peak %1").arg(ByteFormat::size(double(peak))));
            QVERIFY(chart.plot()->yAxis->range().upper > double(peak));
        }
    }

    // The axis says what the snapshot measures along it.
    void axisFollowsTheSnapshot()
    {
        ActiveMemoryChart chart;
        chart.resize(1000, 620); // wide enough for the whole axis titles
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.setTrace(loadSnapshot(snapshotSample("training_timed")));
        const QString timed = chart.plot()->xAxis->label();
        QVERIFY2(timed.startsWith(QLatin1String("Time")) && timed.contains(QStringLiteral("µs")), qPrintable(timed));
        chart.setTrace(loadSnapshot(snapshotSample("untimed")));
        QVERIFY2(chart.plot()->xAxis->label().startsWith(QLatin1String("Allocator event")), qPrintable(chart.plot()->xAxis->label()));
        chart.setTrace(nullptr);
        QVERIFY(chart.bandCurves().empty());
        QVERIFY(peakLabelOf(chart.plot()).isEmpty());
    }

    // The device box switches devices; the stream box lists the device's streams.
    void deviceAndStreamBoxes()
    {
        ActiveMemoryChart chart;
        chart.setTrace(loadSnapshot(snapshotSample("multi_device")));
        QCOMPARE(chart.devices(), (std::vector<std::int32_t>{0, 1}));
        const QList<QComboBox *> boxes = chart.findChildren<QComboBox *>();
        QCOMPARE(boxes.size(), 2);
        QComboBox *devices = boxes[0]->count() == 2 && boxes[0]->itemText(0).startsWith(QLatin1String("GPU")) ? boxes[0] : boxes[1];
        QComboBox *streams = devices == boxes[0] ? boxes[1] : boxes[0];
        QVERIFY(devices->isEnabled());
        QCOMPARE(devices->itemText(1), QStringLiteral("GPU 1"));
        QSignalSpy changed(&chart, &ChartView::chartChanged);
        devices->setCurrentIndex(1);
        emit devices->activated(1);
        QCOMPARE(changed.size(), 1);
        QCOMPARE(chart.device(), 1);
        for (const TimelineBand &band : chart.timeline().bands)
            QCOMPARE(chart.allocations().allocations[band.allocation].device, 1);
        QCOMPARE(streams->itemText(0), QStringLiteral("All streams"));
        QCOMPARE(std::size_t(streams->count()), chart.streams().size() + 1);

        // Two streams on the timed sample: each alone, then all again.
        chart.setTrace(loadSnapshot(snapshotSample("training_timed")));
        QCOMPARE(chart.streams().size(), std::size_t(2));
        QVERIFY(streams->isEnabled());
        const std::size_t all = chart.timeline().bands.size();
        emit streams->activated(2);
        QCOMPARE(chart.timeline().stream, std::optional<std::int64_t>(chart.streams()[1]));
        QVERIFY(chart.timeline().bands.size() < all);
        for (const TimelineBand &band : chart.timeline().bands)
            QCOMPARE(chart.allocations().allocations[band.allocation].stream, chart.streams()[1]);
        emit streams->activated(0);
        QCOMPARE(chart.timeline().stream, std::nullopt);
        QCOMPARE(chart.timeline().bands.size(), all);
    }

    // Over the middle of the widest band: its tooltip and, on a click, its index.
    void hoverAndClickNameTheAllocation()
    {
        const auto trace = loadSnapshot(snapshotSample("training_timed"));
        ActiveMemoryChart chart;
        chart.setTrace(trace);
        chart.resize(1000, 620);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        QCustomPlot *plot = chart.plot();
        plot->replot();
        const MemorySnapshot &snapshot = *trace->memorySnapshot;
        std::size_t widest = 0;
        double area = -1;
        for (std::size_t b = 0; b < chart.timeline().bands.size(); ++b) {
            const TimelineBand &band = chart.timeline().bands[b];
            const TimelinePiece &piece = band.pieces.front();
            const double a = double(piece.to - piece.from) * double(chart.allocations().allocations[band.allocation].size);
            if (a > area)
                area = a, widest = b;
        }
        const TimelineBand &band = chart.timeline().bands[widest];
        const SnapshotAllocation &allocation = chart.allocations().allocations[band.allocation];
        const TimelinePiece &piece = band.pieces.front();
        const QPoint inside(qRound(plot->xAxis->coordToPixel((chartKeyOf(chart, snapshot, piece.from) + chartKeyOf(chart, snapshot, piece.to)) / 2)),
                            qRound(plot->yAxis->coordToPixel(double(piece.offset) + double(allocation.size) / 2)));
        QCOMPARE(chart.bandAt(inside), int(widest));
        const QString tip = chart.toolTipAt(inside);
        QVERIFY2(tip.contains(ByteFormat::sizeAndBytes(double(allocation.size)).toHtmlEscaped()), qPrintable(tip));
        QVERIFY2(tip.contains(QString::fromStdString(snapshotAddress(allocation.address))), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("Stream %1").arg(allocation.stream)), qPrintable(tip));
        const QStringList frames = QString::fromStdString(snapshot.stackText(allocation.stack)).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QVERIFY(!frames.isEmpty());
        QVERIFY2(tip.contains(frames.last().toHtmlEscaped()), qPrintable(tip)); // the innermost frame

        QSignalSpy clicked(&chart, &ActiveMemoryChart::allocationClicked);
        QTest::mouseClick(plot, Qt::LeftButton, {}, inside);
        QCOMPARE(clicked.size(), 1);
        QCOMPARE(clicked[0][0].value<std::size_t>(), band.allocation);

        // Above the peak there is no allocation: no tooltip, no click.
        const QPoint above(inside.x(), plot->axisRect()->top() + 2);
        QCOMPARE(chart.bandAt(above), -1);
        QVERIFY(chart.toolTipAt(above).isEmpty());
        QTest::mouseClick(plot, Qt::LeftButton, {}, above);
        QCOMPARE(clicked.size(), 1);
    }

    void exports_data()
    {
        QTest::addColumn<QString>("suffix");
        for (const char *suffix : {"png", "pdf", "svg"})
            QTest::addRow("%s", suffix) << QString::fromLatin1(suffix);
    }
    void exports()
    {
        QFETCH(QString, suffix);
        ActiveMemoryChart chart;
        chart.setTrace(loadSnapshot(snapshotSample("oom")));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("active_memory.") + suffix);
        QString error;
        QVERIFY2(chart.exportTo(path, QSize(900, 520), &error), qPrintable(error));
        test::verifyChartFile(path, QSize(900, 520), chart.title());
    }

    // A dark palette: the peak's label in the theme's text colour, light on dark.
    void darkPalette()
    {
        ActiveMemoryChart chart;
        chart.setTrace(loadSnapshot(snapshotSample("training_timed")));
        QPalette dark = chart.palette();
        dark.setColor(QPalette::Base, QColor(0x20, 0x20, 0x24));
        dark.setColor(QPalette::Window, QColor(0x2a, 0x2a, 0x2e));
        dark.setColor(QPalette::WindowText, QColor(0xe8, 0xe8, 0xe8));
        dark.setColor(QPalette::Text, QColor(0xe8, 0xe8, 0xe8));
        chart.setPalette(dark);
        const ChartColors colors = ChartColors::from(chart.palette());
        QVERIFY(colors.text.lightness() > colors.background.lightness());
        for (int i = 0; i < chart.plot()->itemCount(); ++i)
            if (auto *text = qobject_cast<QCPItemText *>(chart.plot()->item(i)); text && text->text().startsWith(QLatin1String("Peak")))
                QCOMPARE(text->color(), colors.text);
    }

    void cliDrawsADevice()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("gpu1.png"));
        const test::CliRun run = test::runCli({QStringLiteral("chart"), snapshotSample("multi_device"), QStringLiteral("--kind"),
                                               QStringLiteral("active-memory"), QStringLiteral("--device"), QStringLiteral("1"),
                                               QStringLiteral("-o"), path});
        QVERIFY2(run.finished && run.exitCode == 0, qPrintable(run.err));
        test::verifyChartFile(path, QSize(960, 540), QStringLiteral("Active memory"));
        const test::CliRun missing = test::runCli({QStringLiteral("chart"), snapshotSample("multi_device"), QStringLiteral("--kind"),
                                                   QStringLiteral("active-memory"), QStringLiteral("--device"), QStringLiteral("7"),
                                                   QStringLiteral("-o"), path});
        QVERIFY(missing.finished);
        QVERIFY(missing.exitCode != 0);
        QVERIFY2(missing.err.contains(QLatin1String("no device 7")), qPrintable(missing.err));
    }
};

TRACELANE_TEST_MAIN(TestActiveMemoryChart)
#include "tst_active_memory_chart.moc"
