// Depth without Python frames on the ResNet-50 trace recorded with stacks
// (tests/data/chrome/python_stacks): OperatorDepths' stack walk against a
// brute-force count of the enclosing events by time containment.
#include "cached_import.h"
#include "model/operator_depths.h"

#include "test_registry.h"

#include <QtTest>

#include <algorithm>

using namespace tracelane;

namespace {

QString fixture()
{
    return QStringLiteral(TRACELANE_TEST_DATA "/chrome/python_stacks/resnet50_with_stack.json.gz");
}

struct Ancestors
{
    int python = 0, other = 0;
};

// Every earlier event of the track that spans events[i] (the track is sorted
// by start, enclosing events first), split into Python frames and the rest.
Ancestors countAncestors(const Track &track, std::uint32_t i)
{
    Ancestors a;
    const Event &e = track.events[i];
    for (std::uint32_t j = 0; j < i; ++j) {
        const Event &o = track.events[j];
        if (o.start <= e.start && e.end() <= o.end())
            ++(o.kind == EventKind::PythonFunction ? a.python : a.other);
    }
    return a;
}

} // namespace

class TestOperatorDepths : public QObject
{
    Q_OBJECT

private slots:
    void matchesContainmentCount()
    {
        const auto trace = test::cachedTrace(fixture());
        QVERIFY2(trace, test::cachedImport(fixture()).error.c_str());
        const OperatorDepths depths(*trace);
        QVERIFY(depths.anyPythonFrames());
        int framedTracks = 0, checked = 0, movedUp = 0;
        for (std::uint32_t t = 0; t < trace->tracks.size(); ++t) {
            const Track &track = trace->tracks[t];
            if (!depths.hasPythonFrames(t))
                continue;
            ++framedTracks;
            QCOMPARE(track.kind, TrackKind::CpuThread);
            // A spread-out sample of the operators with a duration (instants nest by their own rule).
            const std::uint32_t step = std::max<std::uint32_t>(1, std::uint32_t(track.events.size() / 400));
            int deepest = 0;
            for (std::uint32_t i = 0; i < track.events.size(); ++i) {
                const Event &e = track.events[i];
                const int shown = depths.depth(*trace, EventRef{t, i});
                if (e.kind == EventKind::PythonFunction) {
                    QCOMPARE(shown, int(OperatorDepths::kPythonFrame));
                    continue;
                }
                deepest = std::max(deepest, shown);
                if (i % step != 0 || e.duration == 0)
                    continue;
                const Ancestors a = countAncestors(track, i);
                QCOMPARE(a.python + a.other, int(e.depth)); // the model's depth counts both
                QCOMPARE(shown, a.other);
                QCOMPARE(shown, int(e.depth) - a.python);
                movedUp += a.python > 0;
                ++checked;
            }
            QCOMPARE(depths.levels(*trace, t), deepest + 1);
            QVERIFY(depths.levels(*trace, t) < int(track.maxDepth) + 1);
        }
        QVERIFY(framedTracks >= 1);
        QVERIFY(checked > 100);
        QVERIFY(movedUp > 50); // the sample holds operators under Python frames
    }

    // Tracks without frames keep Event::depth.
    void tracksWithoutFramesKeepTheirDepth()
    {
        const auto trace = test::cachedTrace(fixture());
        QVERIFY(trace);
        const OperatorDepths depths(*trace);
        int other = 0;
        for (std::uint32_t t = 0; t < trace->tracks.size(); ++t) {
            if (depths.hasPythonFrames(t) || trace->tracks[t].events.empty())
                continue;
            ++other;
            const Track &track = trace->tracks[t];
            QCOMPARE(depths.levels(*trace, t), int(track.maxDepth) + 1);
            for (std::uint32_t i = 0; i < track.events.size(); i += 7)
                QCOMPARE(int(depths.depth(*trace, EventRef{t, i})), int(track.events[i].depth));
        }
        QVERIFY(other > 0);
    }
};

TRACELANE_TEST_GUILESS_MAIN(TestOperatorDepths)
#include "tst_operator_depths.moc"
