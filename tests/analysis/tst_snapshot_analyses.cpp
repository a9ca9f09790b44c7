// The analyses of PyTorch memory snapshots (`tracelane-cli snapshot`) against
// the tables tests/reference/snapshot_reference.py computes on its own from
// the generated samples of tests/data/snapshot: the summary, the segments,
// the allocations, memory_viz's active-memory timeline, the OOMs; `memory
// --timeline` on a snapshot; the timeline's cap on pieces; a non-snapshot input.
#include "analysis/memory/snapshot_allocations.h"
#include "analysis/memory/snapshot_timeline.h"
#include "cached_import.h"
#include "cli_run.h"

#include "shared_traces.h"
#include "test_registry.h"

#include <QtTest>

#include <map>

using namespace tracelane;
using namespace tracelane::test;

namespace {

QString snapshotSample(const QString &stem)
{
    return QStringLiteral(TRACELANE_TEST_DATA "/snapshot/") + stem + QLatin1String(".pickle");
}

QString expected(const QString &stem, const char *table)
{
    QFile file(QStringLiteral(TRACELANE_TEST_DATA "/expected/snapshot/") + stem + QLatin1Char('/')
               + QLatin1String(table) + QLatin1String(".csv"));
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

} // namespace

class TestSnapshotAnalyses : public QObject
{
    Q_OBJECT

private slots:
    void cliAgainstTheReference_data()
    {
        QTest::addColumn<QString>("stem");
        QTest::addColumn<QString>("command");
        QTest::addColumn<QString>("view");
        QTest::addColumn<QString>("table");
        for (const char *stem : {"training_timed", "untimed", "oom", "multi_device"}) {
            const QString s = QString::fromLatin1(stem);
            QTest::addRow("%s summary", stem) << s << QStringLiteral("snapshot") << QString() << QStringLiteral("summary");
            for (const char *view : {"segments", "allocations", "timeline", "oom"})
                QTest::addRow("%s %s", stem, view) << s << QStringLiteral("snapshot")
                                                   << QString(QStringLiteral("--") + QLatin1String(view)) << QString::fromLatin1(view);
            QTest::addRow("%s memory --timeline", stem) << s << QStringLiteral("memory") << QStringLiteral("--timeline")
                                                        << QStringLiteral("memory_timeline");
        }
    }

    void cliAgainstTheReference()
    {
        QFETCH(QString, stem);
        QFETCH(QString, command);
        QFETCH(QString, view);
        QFETCH(QString, table);
        QStringList args{command, snapshotSample(stem), QStringLiteral("--format"), QStringLiteral("csv")};
        if (!view.isEmpty())
            args << view;
        const CliRun run = runCli(args);
        QVERIFY(run.finished);
        QCOMPARE(run.exitCode, 0);
        const QString reference = expected(stem, table.toLatin1().constData());
        QVERIFY(!reference.isEmpty());
        QCOMPARE(run.out, reference);
    }

    // Each band's pieces are contiguous, and at every moment the bands tile
    // [0, allocated): the top of the stack is the device's allocated bytes.
    void timelineStacksWithoutGaps()
    {
        const auto trace = cachedTraceOrWarn(snapshotSample(QStringLiteral("multi_device")));
        QVERIFY(trace && trace->memorySnapshot);
        const MemorySnapshot &snapshot = *trace->memorySnapshot;
        const SnapshotAllocations allocations = snapshotAllocations(snapshot);
        for (const std::int32_t device : {0, 1}) {
            const SnapshotTimeline timeline = snapshotTimeline(snapshot, allocations, device);
            QCOMPARE(timeline.summarizedAllocations, std::size_t(0));
            const SnapshotTotals totals = snapshotTotals(snapshot, std::size_t(device));
            for (std::size_t k = 0; k < totals.allocated.size(); ++k) {
                const TimeNs t = snapshot.entryTime(std::size_t(device), k);
                // Bands alive just after entry k: pieces with from <= t < to, or never freed and ending at t.
                std::vector<std::pair<std::int64_t, std::int64_t>> spans;
                for (const TimelineBand &band : timeline.bands) {
                    const bool neverFreed = !allocations.allocations[band.allocation].freeAt;
                    for (const TimelinePiece &piece : band.pieces)
                        if (piece.from <= t && (t < piece.to || (neverFreed && &piece == &band.pieces.back() && piece.to == t)))
                            spans.push_back({piece.offset, allocations.allocations[band.allocation].size});
                }
                std::sort(spans.begin(), spans.end());
                std::int64_t top = 0;
                for (const auto &[offset, size] : spans) {
                    QCOMPARE(offset, top);
                    top += size;
                }
                QCOMPARE(top, totals.allocated[k]);
            }
        }
    }

    // Past the cap the smallest allocations share one band; the stack still
    // reaches the same peak.
    void timelineCapSummarises()
    {
        const auto trace = cachedTraceOrWarn(snapshotSample(QStringLiteral("training_timed")));
        QVERIFY(trace && trace->memorySnapshot);
        const SnapshotAllocations allocations = snapshotAllocations(*trace->memorySnapshot);
        const SnapshotTimeline full = snapshotTimeline(*trace->memorySnapshot, allocations, 0);
        std::size_t pieces = 0;
        for (const TimelineBand &band : full.bands)
            pieces += band.pieces.size();
        const SnapshotTimeline capped = snapshotTimeline(*trace->memorySnapshot, allocations, 0, std::nullopt, pieces / 3);
        QVERIFY(capped.summarizedAllocations > 0);
        QVERIFY(capped.bands.size() < full.bands.size());
        QVERIFY(!capped.summarized.empty());
        QCOMPARE(capped.peak, full.peak);
        std::size_t cappedPieces = 0;
        for (const TimelineBand &band : capped.bands)
            cappedPieces += band.pieces.size();
        QVERIFY(cappedPieces <= pieces / 3);
        // One stream only: the side stream's optimizer state.
        const SnapshotTimeline side = snapshotTimeline(*trace->memorySnapshot, allocations, 0, 94360862357504);
        QCOMPARE(side.bands.size(), std::size_t(3));
        for (const TimelineBand &band : side.bands)
            QCOMPARE(band.pieces.front().offset, std::int64_t(0));
    }

    void oomNamesTheFailedAllocation()
    {
        const auto trace = cachedTraceOrWarn(snapshotSample(QStringLiteral("oom")));
        QVERIFY(trace && trace->memorySnapshot);
        const std::vector<SnapshotOom> ooms = snapshotOoms(*trace->memorySnapshot);
        QCOMPARE(ooms.size(), std::size_t(1));
        QCOMPARE(ooms[0].requested, std::int64_t(9 * 1024 * 1024));
        QCOMPARE(*ooms[0].deviceFree, std::int64_t(4 * 1024 * 1024));
        QVERIFY(trace->memorySnapshot->stackText(ooms[0].stack).find("eval.py:17 evaluate")
                != std::string::npos);
    }

    void otherInputsAreNotSnapshots()
    {
        const CliRun run = runCli({QStringLiteral("snapshot"), sharedTrace("kineto/resnet50_train.json.gz")});
        QCOMPARE(run.exitCode, 3);
        QVERIFY(run.err.contains(QLatin1String("not a PyTorch memory snapshot")));
        const CliRun usage = runCli({QStringLiteral("snapshot"), snapshotSample(QStringLiteral("oom")),
                                     QStringLiteral("--oom"), QStringLiteral("--segments")});
        QCOMPARE(usage.exitCode, 2);
        const CliRun bad = runCli({QStringLiteral("snapshot"), snapshotSample(QStringLiteral("bad_global_reduce"))});
        QCOMPARE(bad.exitCode, 3);
        QVERIFY(bad.err.contains(QLatin1String("GLOBAL")));
    }
};

TRACELANE_TEST_GUILESS_MAIN(TestSnapshotAnalyses)
#include "tst_snapshot_analyses.moc"
