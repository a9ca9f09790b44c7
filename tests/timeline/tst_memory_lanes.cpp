// The memory counter lanes (analysis/memory/memory_counters.h, drawn by
// timeline/counter_lane.h) on HolisticTraceAnalysis' real profile_memory
// trace: a GPU's "Allocated" and "Reserved" lanes sit in that GPU's group above
// its streams, the CPU's in its process (without a reserved lane: the CPU
// allocator reserves nothing); every pixel column of a lane is as high as the
// largest value held at any moment of its time (so the peak shows at every
// zoom), and the value at a selection is read from the samples around it.
#include "analysis/memory/memory_summary.h"
#include "cached_import.h"
#include "timeline/counter_lane.h"
#include "timeline/counter_lane_text.h"
#include "timeline/timeline_geometry.h"
#include "timeline/timeline_model.h"
#include "timeline/track_grouping.h"

#include "test_registry.h"

#include <QtTest>

#include <algorithm>

using namespace tracelane;
using namespace tracelane::test;

namespace {

QString memoryTrace()
{
    return QStringLiteral(TRACELANE_TEST_DATA "/chrome/profile_memory/hta_df_index_resolver.json.gz");
}

std::uint32_t trackNamed(const Trace &trace, std::string_view name)
{
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t)
        if (trace.tracks[t].derived && trace.strings.view(trace.tracks[t].name) == name)
            return t;
    return std::uint32_t(-1);
}

// The largest value held at any moment of [start, end): the sample holding at
// start and every sample after it that starts before end.
double heldMaximum(const Track &track, TimeNs start, TimeNs end)
{
    double best = -1;
    for (std::size_t i = 0; i < track.events.size(); ++i) {
        const bool holdsAtStart = track.events[i].start <= start
                                  && (i + 1 == track.events.size() || track.events[i + 1].start > start);
        if (holdsAtStart || (track.events[i].start > start && track.events[i].start < end))
            best = std::max(best, track.counterValues[i]);
    }
    return best;
}

} // namespace

class TestMemoryLanes : public QObject
{
    Q_OBJECT

private slots:
    void lanesSitUnderTheirDevice()
    {
        const auto trace = cachedTraceOrWarn(memoryTrace());
        QVERIFY(trace);
        const std::uint32_t allocated = trackNamed(*trace, "Allocated");
        const std::uint32_t reserved = trackNamed(*trace, "Reserved");
        const std::uint32_t cpu = trackNamed(*trace, "CPU allocated");
        QVERIFY(allocated < trace->tracks.size() && reserved < trace->tracks.size() && cpu < trace->tracks.size());
        QCOMPARE(trackNamed(*trace, "CPU reserved"), std::uint32_t(-1));
        QCOMPARE(trace->devices[std::size_t(trace->tracks[allocated].device)].id, 1);
        QCOMPARE(trace->tracks[cpu].device, kNoIndex);
        QVERIFY(trace->tracks[cpu].process >= 0);

        const TrackLayout layout = TrackGrouping::arrange(*trace);
        const auto parentLabel = [&](std::uint32_t track) {
            for (int node = 0; node < layout.nodeCount(); ++node)
                if (layout.node(node).track == std::int32_t(track) && !layout.node(node).isGroup)
                    return layout.node(layout.node(node).parent).label;
            return QString();
        };
        QVERIFY2(parentLabel(allocated).startsWith(QLatin1String("GPU 1")), qPrintable(parentLabel(allocated)));
        QVERIFY(parentLabel(cpu).startsWith(QLatin1String("python3.8")));
        // In the GPU's group: memory first, then the streams.
        const int gpuGroup = layout.node(layout.nodeOfTrack(std::int32_t(allocated))).parent;
        const std::vector<int> &children = layout.childrenOf(gpuGroup);
        QVERIFY(children.size() >= 3);
        QCOMPARE(layout.node(children[0]).track, std::int32_t(allocated));
        QCOMPARE(layout.node(children[1]).track, std::int32_t(reserved));
        QCOMPARE(trace->tracks[std::size_t(layout.node(children[2]).track)].kind, TrackKind::GpuStream);
        QCOMPARE(TrackGrouping::trackPath(*trace, allocated).section(QStringLiteral(" › "), 0, 0),
                 parentLabel(allocated));
    }

    void peakShowsAtEveryZoom_data()
    {
        QTest::addColumn<double>("fraction");
        QTest::newRow("whole trace") << 1.0;
        QTest::newRow("a tenth") << 0.1;
        QTest::newRow("a thousandth") << 0.001;
    }
    void peakShowsAtEveryZoom()
    {
        QFETCH(double, fraction);
        const auto trace = cachedTraceOrWarn(memoryTrace());
        QVERIFY(trace);
        static const TimelineModel model(trace);
        const std::uint32_t allocated = trackNamed(*trace, "Allocated");
        const Track &track = trace->tracks[allocated];
        const double peak = *std::max_element(track.counterValues.begin(), track.counterValues.end());
        QCOMPARE(model.counterMaximum(allocated), peak);

        const LayoutRows rows = model.layout().rows(RowMetrics{}, trace->tracks.size(), true);
        // Centred on the peak, so every zoom has it in view.
        const TimeNs peakAt = track.events[std::size_t(
            std::max_element(track.counterValues.begin(), track.counterValues.end()) - track.counterValues.begin())].start;
        const TimeNs span = TimeNs(double(trace->endNs - trace->startNs) * fraction);
        GeometryRequest request;
        request.model = &model;
        request.rows = &rows;
        request.axis = TimeAxis{peakAt - span / 2, peakAt + span / 2, 300.0};
        request.height = rows.totalHeight + 10;
        request.palette = TimelinePalette::light();
        const TimelineGeometry g = buildGeometry(request);
        const int height = RowMetrics{}.counterHeight;
        int tallest = 0, bars = 0;
        for (const DrawBand &band : g.bands) {
            if (band.track != allocated || band.lane != LaneKind::Counter)
                continue;
            for (std::uint32_t i = band.firstItem; i < band.firstItem + band.itemCount; ++i) {
                const DrawItem &bar = g.items[i];
                ++bars;
                tallest = std::max(tallest, bar.rect.height());
                // Each column of the bar: as high as the largest value held in it.
                for (int x = bar.rect.left(); x <= bar.rect.right(); x += std::max(1, bar.rect.width() / 4)) {
                    const double held = heldMaximum(track, request.axis.timeAt(x), request.axis.timeAt(x + 1));
                    const int expected = int(std::lround(held / peak * (height - 2)));
                    QVERIFY2(std::abs(bar.rect.height() - expected) <= 1,
                             qPrintable(QStringLiteral("column %1: %2 vs %3").arg(x).arg(bar.rect.height()).arg(expected)));
                }
            }
        }
        QVERIFY(bars > 0);
        QVERIFY(bars <= 300);
        QCOMPARE(tallest, height - 2); // the peak's column reaches the top
    }

    // The value at a selection: the sample holding at its start, and at its last moment.
    void valueAtTheSelection()
    {
        const auto trace = cachedTraceOrWarn(memoryTrace());
        QVERIFY(trace);
        const Track &track = trace->tracks[trackNamed(*trace, "Allocated")];
        QVERIFY(track.events.size() > 100);
        const std::size_t i = track.events.size() / 2;
        const TimeNs start = track.events[i].start;
        std::size_t j = i;
        while (j + 1 < track.events.size() && track.counterValues[j + 1] == track.counterValues[i])
            ++j;
        QVERIFY(j + 1 < track.events.size());
        const TimeNs end = track.events[j + 1].start + 1; // the next sample is held at the last moment
        QCOMPARE(counterSampleAt(track, start), std::int64_t(i));
        QCOMPARE(counterSampleAt(track, start - 1) < std::int64_t(i), true);
        const QString text = CounterLaneText::atSelection(track, start, end);
        QVERIFY2(text.contains(QStringLiteral(" → ")), qPrintable(text));
        QVERIFY2(text.startsWith(CounterLaneText::value(track, track.counterValues[i])), qPrintable(text));
        QVERIFY2(text.contains(CounterLaneText::value(track, track.counterValues[j + 1])), qPrintable(text));
        QCOMPARE(CounterLaneText::atSelection(track, track.events.front().start - 10, track.events.front().start - 5),
                 QString());
    }
};

TRACELANE_TEST_APPLESS_MAIN(TestMemoryLanes)
#include "tst_memory_lanes.moc"
