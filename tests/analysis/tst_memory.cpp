// Memory of profile_memory=True traces (`tracelane-cli memory`) against the
// reference figures of tests/reference/memory_reference.py (standard-library
// Python reading the file on its own): each device's peak of Total Allocated
// and when it was reached, peak reserved, allocations and frees, the pairing of
// allocations with frees by address (pairs, their lifetimes, never freed,
// frees without an allocation). On HolisticTraceAnalysis' real trace, the
// 2021 schema (Bytes only: totals are the running sum), and hand-written bad
// input (an address reused before its free, a free never allocated, a negative
// total, a Bytes that is not a number). Shared traces without memory records
// say so.
#include "analysis/memory/memory_summary.h"
#include "analysis/memory/op_memory.h"
#include "cached_import.h"
#include "cli_run.h"

#include "shared_traces.h"
#include "test_registry.h"

#include <QtTest>

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

using namespace tracelane;
using namespace tracelane::test;

namespace {

QString memoryFixture(const char *name)
{
    return QStringLiteral(TRACELANE_TEST_DATA "/chrome/profile_memory/") + QLatin1String(name);
}

nlohmann::json memoryExpected(const char *stem)
{
    std::ifstream in(std::string(TRACELANE_TEST_DATA "/expected/memory/") + stem + ".json");
    return nlohmann::json::parse(in, nullptr, false);
}

} // namespace

class TestMemory : public QObject
{
    Q_OBJECT

private slots:
    void againstTheReference_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("stem");
        QTest::newRow("HTA profile_memory trace") << memoryFixture("hta_df_index_resolver.json.gz")
                                                  << QStringLiteral("hta_df_index_resolver");
        QTest::newRow("2021 schema (hand-written)") << memoryFixture("memory_2021_schema.json")
                                                    << QStringLiteral("memory_2021_schema");
        QTest::newRow("bad input (hand-written)") << memoryFixture("bad_memory.json") << QStringLiteral("bad_memory");
    }

    void againstTheReference()
    {
        QFETCH(QString, file);
        QFETCH(QString, stem);
        const auto trace = cachedTraceOrWarn(file);
        QVERIFY(trace);
        const nlohmann::json expected = memoryExpected(stem.toStdString().c_str());
        QVERIFY(expected.is_object());
        const MemoryEvents events = collectMemoryEvents(*trace);
        const MemorySummary summary = summarizeMemory(events);
        QCOMPARE(summary.devices.size(), expected["devices"].size());
        for (std::size_t k = 0; k < summary.devices.size(); ++k) {
            const DeviceMemory &d = summary.devices[k];
            const nlohmann::json &e = expected["devices"][k];
            QCOMPARE(d.device.type, e["type"].get<std::int64_t>());
            QCOMPARE(d.device.id, e["id"].get<std::int64_t>());
            QCOMPARE(d.peakAllocated, e["peak_allocated"].get<std::int64_t>());
            QCOMPARE(d.peakAt, e["peak_at"].get<std::int64_t>());
            QCOMPARE(d.peakReserved.has_value(), !e["peak_reserved"].is_null());
            if (d.peakReserved)
                QCOMPARE(*d.peakReserved, e["peak_reserved"].get<std::int64_t>());
            QCOMPARE(d.allocations, e["allocations"].get<std::int64_t>());
            QCOMPARE(d.frees, e["frees"].get<std::int64_t>());
            const std::string key = std::to_string(d.device.type) + ":" + std::to_string(d.device.id);
            if (d.neverFreed) { // traces with addresses
                QCOMPARE(*d.neverFreed, expected["never_freed"][key][0].get<std::int64_t>());
                QCOMPARE(*d.neverFreedBytes, expected["never_freed"][key][1].get<std::int64_t>());
            }
        }
        std::int64_t pairs = 0, lifetime = 0;
        for (const MemoryAllocation &a : summary.allocations)
            if (a.free != kNotFreed) {
                ++pairs;
                lifetime += events.events[a.free].time - events.events[a.alloc].time;
            }
        QCOMPARE(pairs, expected["pairs"].get<std::int64_t>());
        QCOMPARE(lifetime, expected["paired_lifetime_ns"].get<std::int64_t>());
        QCOMPARE(std::int64_t(summary.unpairedFrees), expected["unpaired_frees"].get<std::int64_t>());
        // What was alive at each device's peak (traces with addresses).
        for (const DeviceMemory &d : summary.devices) {
            if (!d.neverFreed)
                continue;
            const std::string key = std::to_string(d.device.type) + ":" + std::to_string(d.device.id);
            const std::vector<std::size_t> alive = aliveAtPeak(events, summary, d);
            std::int64_t bytes = 0;
            for (const std::size_t a : alive)
                bytes += events.events[summary.allocations[a].alloc].bytes;
            QCOMPARE(std::int64_t(alive.size()), expected["alive_at_peak"][key][0].get<std::int64_t>());
            QCOMPARE(bytes, expected["alive_at_peak"][key][1].get<std::int64_t>());
        }
    }

    // The counter tracks made when the file is read: per device one sample per
    // memory event, topping out at the reference's peaks; the file's event
    // count leaves them out.
    void countersFollowTheEvents_data() { againstTheReference_data(); }
    void countersFollowTheEvents()
    {
        QFETCH(QString, file);
        QFETCH(QString, stem);
        const auto trace = cachedTraceOrWarn(file);
        QVERIFY(trace);
        const nlohmann::json expected = memoryExpected(stem.toStdString().c_str());
        std::uint64_t derivedSamples = 0, all = 0;
        for (const Track &track : trace->tracks)
            (track.derived ? derivedSamples : all) += track.events.size();
        QCOMPARE(trace->eventCount(), all);
        for (const nlohmann::json &d : expected["devices"]) {
            const bool gpu = d["type"].get<std::int64_t>() == 1;
            const Track *allocated = nullptr, *reserved = nullptr;
            for (const Track &track : trace->tracks) {
                if (!track.derived)
                    continue;
                const bool onThisGpu = gpu && track.device >= 0
                                       && trace->devices[std::size_t(track.device)].id == d["id"].get<std::int64_t>();
                const std::string_view name = trace->strings.view(track.name);
                if ((gpu && onThisGpu && name == "Allocated") || (!gpu && name == "CPU allocated"))
                    allocated = &track;
                if ((gpu && onThisGpu && name == "Reserved") || (!gpu && name == "CPU reserved"))
                    reserved = &track;
            }
            QVERIFY(allocated);
            QCOMPARE(allocated->counterUnit, CounterUnit::Bytes);
            QCOMPARE(std::int64_t(allocated->events.size()),
                     d["allocations"].get<std::int64_t>() + d["frees"].get<std::int64_t>());
            QCOMPARE(std::int64_t(*std::max_element(allocated->counterValues.begin(), allocated->counterValues.end())),
                     d["peak_allocated"].get<std::int64_t>());
            QVERIFY(std::is_sorted(allocated->events.begin(), allocated->events.end(),
                                   [](const Event &a, const Event &b) { return a.start < b.start; }));
            const bool reservesSomething = !d["peak_reserved"].is_null() && d["peak_reserved"].get<std::int64_t>() > 0;
            QCOMPARE(reserved != nullptr, reservesSomething);
            if (reserved)
                QCOMPARE(std::int64_t(*std::max_element(reserved->counterValues.begin(), reserved->counterValues.end())),
                         d["peak_reserved"].get<std::int64_t>());
        }
        QVERIFY(derivedSamples > 0);
    }

    // --peak lists what was alive at each peak, largest first; --timeline every sample.
    void cliPeakAndTimeline()
    {
        const nlohmann::json expected = memoryExpected("hta_df_index_resolver");
        const QString file = memoryFixture("hta_df_index_resolver.json.gz");
        const CliRun peak = runCli({QStringLiteral("memory"), file, QStringLiteral("--peak"),
                                    QStringLiteral("--format"), QStringLiteral("csv")});
        QCOMPARE(peak.exitCode, 0);
        const QStringList rows = peak.out.trimmed().split(QLatin1Char('\n'));
        std::int64_t alive = 0;
        for (const auto &[device, figures] : expected["alive_at_peak"].items())
            alive += figures[0].get<std::int64_t>();
        QCOMPARE(std::int64_t(rows.size() - 1), alive);
        QVERIFY(rows.front().startsWith(QLatin1String("Device,Address,Size (B),Allocated At (ns),Freed At (ns),Op")));
        const CliRun timeline = runCli({QStringLiteral("memory"), file, QStringLiteral("--timeline"),
                                        QStringLiteral("--format"), QStringLiteral("csv")});
        QCOMPARE(timeline.exitCode, 0);
        std::int64_t samples = 0;
        for (const nlohmann::json &d : expected["devices"])
            samples += d["allocations"].get<std::int64_t>() + d["frees"].get<std::int64_t>();
        QCOMPARE(std::int64_t(timeline.out.trimmed().split(QLatin1Char('\n')).size() - 1), samples);
        const CliRun both = runCli({QStringLiteral("memory"), file, QStringLiteral("--peak"), QStringLiteral("--by-op")});
        QCOMPARE(both.exitCode, 2);
    }

    // Per operator: every row as the reference's sweep over each thread finds
    // it, and the ops' own allocations plus those outside any op are all of
    // the device's.
    void byOpAgainstTheReference()
    {
        const auto trace = cachedTraceOrWarn(memoryFixture("hta_df_index_resolver.json.gz"));
        QVERIFY(trace);
        const nlohmann::json expected = memoryExpected("hta_df_index_resolver");
        const MemoryEvents events = collectMemoryEvents(*trace);
        const std::vector<OpMemory> rows = memoryByOp(*trace, events);
        QCOMPARE(rows.size(), expected["by_op"].size());
        std::map<std::tuple<std::string, std::int64_t, std::int64_t>, const nlohmann::json *> byKey;
        for (const nlohmann::json &e : expected["by_op"])
            byKey[{e["name"].get<std::string>(), e["type"].get<std::int64_t>(), e["id"].get<std::int64_t>()}] = &e;
        for (const OpMemory &r : rows) {
            const auto it = byKey.find({r.name, r.device.type, r.device.id});
            QVERIFY2(it != byKey.end(), r.name.c_str());
            const nlohmann::json &e = *it->second;
            QCOMPARE(r.calls, e["calls"].get<std::int64_t>());
            QCOMPARE(r.allocations, e["allocations"].get<std::int64_t>());
            QCOMPARE(r.allocatedBytes, e["allocated"].get<std::int64_t>());
            QCOMPARE(r.frees, e["frees"].get<std::int64_t>());
            QCOMPARE(r.freedBytes, e["freed"].get<std::int64_t>());
            QCOMPARE(r.selfIncrease, e["self"].get<std::int64_t>());
            QCOMPARE(r.totalIncrease, e["total"].get<std::int64_t>());
        }
        std::map<MemoryDevice, std::int64_t> allocated, byOps;
        const std::vector<EventRef> ops = allocatingOps(*trace, events);
        for (std::size_t k = 0; k < events.events.size(); ++k)
            if (events.events[k].bytes > 0) {
                allocated[events.events[k].device] += events.events[k].bytes;
                if (!ops[k].isValid())
                    byOps[events.events[k].device] += events.events[k].bytes;
            }
        for (const OpMemory &r : rows)
            byOps[r.device] += r.allocatedBytes;
        QCOMPARE(byOps, allocated);
    }

    // The hand-written bad input, counted rather than dropped.
    void badInputIsCounted()
    {
        const auto trace = cachedTraceOrWarn(memoryFixture("bad_memory.json"));
        QVERIFY(trace);
        const MemoryEvents events = collectMemoryEvents(*trace);
        QCOMPARE(events.malformed, 1u);
        const MemorySummary summary = summarizeMemory(events);
        QCOMPARE(summary.reusedBeforeFree, 1u);
        QCOMPARE(summary.unpairedFrees, 1u);
        const CliRun run = runCli({QStringLiteral("memory"), memoryFixture("bad_memory.json"),
                                   QStringLiteral("--format"), QStringLiteral("csv")});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.startsWith(QLatin1String("Device,Peak Allocated (B),Peak At (ns),Peak Reserved (B),"
                                                 "Allocations,Frees,Never Freed,Never Freed (B)\n")));
        QVERIFY(run.out.contains(QLatin1String("GPU 0,150,20000,2097152,2,2,1,100\n")));
        QVERIFY(run.err.contains(QLatin1String("1 frees of addresses not allocated")));
        QVERIFY(run.err.contains(QLatin1String("1 allocations at addresses still held")));
    }

    void sharedTracesHaveNoMemoryRecords()
    {
        const CliRun run = runCli({QStringLiteral("memory"), sharedTrace("kineto/resnet50_train.json.gz")});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.err.contains(QLatin1String("no memory records")));
        QVERIFY(run.err.contains(QLatin1String("profile_memory=True")));
        const auto trace = cachedTraceOrWarn(sharedTrace("nsys/nvtx_cnn.sqlite"));
        QVERIFY(trace);
        QVERIFY(collectMemoryEvents(*trace).events.empty());
    }
};

TRACELANE_TEST_GUILESS_MAIN(TestMemory)
#include "tst_memory.moc"
