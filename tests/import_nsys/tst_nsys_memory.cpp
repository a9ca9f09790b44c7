// Nsight Systems CUDA memory usage records (CUDA_GPU_MEMORY_USAGE_EVENTS) as
// memory events: on the hand-written export of tests/data/nsys/memory_usage
// (see its README), every figure of `memory`, `--by-op` and the memory lanes
// is worked out by hand in the comments below. The shared exports, recorded
// without the option, have none and say how to record them.
#include "analysis/memory/memory_summary.h"
#include "analysis/memory/op_memory.h"
#include "import/importer.h"

#include "cli_run.h"
#include "shared_traces.h"
#include "test_registry.h"

#include <QtTest>

#include <fstream>
#include <sqlite3.h>
#include <sstream>

using namespace tracelane;
using namespace tracelane::test;

namespace {

// The fixture's SQL made into a database in `dir`.
QString buildExport(const QTemporaryDir &dir)
{
    std::ifstream in(TRACELANE_TEST_DATA "/nsys/memory_usage/memory_usage.sql");
    std::stringstream sql;
    sql << in.rdbuf();
    const QString path = dir.filePath(QStringLiteral("memory_usage.sqlite"));
    sqlite3 *db = nullptr;
    if (sqlite3_open(path.toUtf8().constData(), &db) != SQLITE_OK)
        return {};
    char *error = nullptr;
    const bool ok = sqlite3_exec(db, sql.str().c_str(), nullptr, nullptr, &error) == SQLITE_OK;
    if (!ok)
        qWarning("fixture SQL: %s", error);
    sqlite3_free(error);
    sqlite3_close(db);
    return ok ? path : QString();
}

const DeviceMemory *deviceOf(const MemorySummary &summary, std::int64_t type, std::int64_t id)
{
    for (const DeviceMemory &d : summary.devices)
        if (d.device.type == type && d.device.id == id)
            return &d;
    return nullptr;
}

const OpMemory *opRow(const std::vector<OpMemory> &rows, const char *name, std::int64_t type, std::int64_t id)
{
    for (const OpMemory &r : rows)
        if (r.name == name && r.device.type == type && r.device.id == id)
            return &r;
    return nullptr;
}

} // namespace

class TestNsysMemory : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_path;
    std::shared_ptr<const Trace> m_trace;

private slots:
    void initTestCase()
    {
        m_path = buildExport(m_dir);
        QVERIFY(!m_path.isEmpty());
        const ImportResult loaded = loadTrace(m_path.toStdString());
        QVERIFY2(loaded.ok(), loaded.error.c_str());
        QCOMPARE(QString::fromStdString(loaded.trace->source.format), QStringLiteral("nsys-sqlite"));
        m_trace = loaded.trace;
    }

    // Seven rows become memory events; the unknown operation is skipped and
    // counted, as are the free that took its allocation's size and the row
    // whose CUDA call is missing.
    void rowsBecomeMemoryEvents()
    {
        const MemoryEvents events = collectMemoryEvents(*m_trace);
        QCOMPARE(events.events.size(), std::size_t(7));
        QVERIFY(events.recordedTotals);
        QCOMPARE(m_trace->diagnostics.count("nsys-memory-operation-unknown"), std::uint64_t(1));
        QCOMPARE(m_trace->diagnostics.count("nsys-memory-free-size"), std::uint64_t(1));
        QCOMPARE(m_trace->diagnostics.count("nsys-memory-without-call"), std::uint64_t(1));
        // The first allocation, on thread 101's NVTX track, inside "forward".
        const MemoryEvent &first = events.events.front();
        QCOMPARE(first.time, TimeNs(1150));
        QCOMPARE(first.bytes, std::int64_t(1048576));
        QCOMPARE(first.address.value_or(0), std::uint64_t(4096));
        QCOMPARE(first.device.type, std::int64_t(1));
        QCOMPARE(first.device.id, std::int64_t(0));
        const Track &track = m_trace->tracks[first.ref.track];
        QCOMPARE(track.kind, TrackKind::ThreadRanges);
        QCOMPARE(m_trace->threads[std::size_t(track.thread)].tid, std::int64_t(101));
        // The free without a size: the 1 MiB it freed.
        QCOMPARE(events.events[3].time, TimeNs(6150));
        QCOMPARE(events.events[3].bytes, std::int64_t(-1048576));
        QCOMPARE(m_trace->arg(events.events[3].ref, "Memory Kind")->toText(m_trace->strings), std::string("Device"));
        // The orphan free: on the process's "CUDA memory" track.
        QCOMPARE(events.events[5].time, TimeNs(7000));
        QCOMPARE(m_trace->tracks[events.events[5].ref.track].kind, TrackKind::Instants);
    }

    // GPU 0: +1 MiB, +2 MiB (peak 3 MiB at 1350), −1 MiB, +512 B, −256 B (never
    // allocated); never freed: 2 MiB + 512 B. GPU 1: 4 KiB, never freed. The
    // CPU: 8 KiB of pinned host memory, never freed.
    void perDevice()
    {
        const MemoryEvents events = collectMemoryEvents(*m_trace);
        const MemorySummary summary = summarizeMemory(events);
        QCOMPARE(summary.devices.size(), std::size_t(3));
        const DeviceMemory *gpu0 = deviceOf(summary, 1, 0);
        QVERIFY(gpu0);
        QCOMPARE(gpu0->peakAllocated, std::int64_t(3145728));
        QCOMPARE(gpu0->peakAt, TimeNs(1350));
        QCOMPARE(gpu0->allocations, std::int64_t(3));
        QCOMPARE(gpu0->frees, std::int64_t(2));
        QCOMPARE(gpu0->neverFreed.value_or(-1), std::int64_t(2));
        QCOMPARE(gpu0->neverFreedBytes.value_or(-1), std::int64_t(2097152 + 512));
        QVERIFY(!gpu0->peakReserved);
        const DeviceMemory *gpu1 = deviceOf(summary, 1, 1);
        QVERIFY(gpu1);
        QCOMPARE(gpu1->peakAllocated, std::int64_t(4096));
        QCOMPARE(gpu1->neverFreed.value_or(-1), std::int64_t(1));
        const DeviceMemory *cpu = deviceOf(summary, 0, -1);
        QVERIFY(cpu);
        QCOMPARE(cpu->peakAllocated, std::int64_t(8192));
        QCOMPARE(summary.unpairedFrees, std::uint64_t(1));
        QCOMPARE(summary.reusedBeforeFree, std::uint64_t(0));
    }

    // The NVTX ranges around the calls made the memory.
    void perRange()
    {
        const std::vector<OpMemory> rows = memoryByOp(*m_trace, collectMemoryEvents(*m_trace));
        const OpMemory *forward = opRow(rows, "forward", 1, 0);
        QVERIFY(forward);
        QCOMPARE(forward->calls, std::int64_t(1));
        QCOMPARE(forward->allocations, std::int64_t(2));
        QCOMPARE(forward->allocatedBytes, std::int64_t(3145728));
        QCOMPARE(forward->selfIncrease, std::int64_t(3145728));
        const OpMemory *backward = opRow(rows, "backward", 1, 0);
        QVERIFY(backward);
        QCOMPARE(backward->allocations, std::int64_t(1));
        QCOMPARE(backward->frees, std::int64_t(1));
        QCOMPARE(backward->freedBytes, std::int64_t(1048576));
        QCOMPARE(backward->selfIncrease, std::int64_t(512 - 1048576));
        QVERIFY(opRow(rows, "forward", 1, 1));
        QCOMPARE(opRow(rows, "backward", 0, -1)->allocatedBytes, std::int64_t(8192));
    }

    // Each device gets its memory lane; the CLI prints the same figures.
    void lanesAndCli()
    {
        int lanes = 0;
        for (const Track &track : m_trace->tracks)
            if (track.derived && track.counterUnit == CounterUnit::Bytes)
                ++lanes;
        QCOMPARE(lanes, 3); // GPU 0, GPU 1 and CPU allocated; nothing reserved
        const CliRun run = runCli({QStringLiteral("memory"), m_path, QStringLiteral("--format"), QStringLiteral("csv")});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.contains(QLatin1String("GPU 0,3145728,1350,,3,2,2,2097664")), qPrintable(run.out));
        QVERIFY(!run.err.contains(QLatin1String("no memory records")));
    }

    // What was never freed, listed: GPU 0's 2 MiB and 512 B (largest first,
    // both made in their ranges), GPU 1's 4 KiB, the CPU's 8 KiB, the CPU first.
    void neverFreedListed()
    {
        const CliRun run = runCli({QStringLiteral("memory"), m_path, QStringLiteral("--never-freed"),
                                   QStringLiteral("--format"), QStringLiteral("csv")});
        QCOMPARE(run.exitCode, 0);
        const QStringList rows = run.out.trimmed().split(QLatin1Char('\n'));
        QCOMPARE(rows.size(), 5);
        QCOMPARE(rows[0], QStringLiteral("Device,Address,Size (B),Allocated At (ns),Op,Python Stack"));
        QCOMPARE(rows[1], QStringLiteral("CPU,20480,8192,8000,backward,"));
        QCOMPARE(rows[2], QStringLiteral("GPU 0,8192,2097152,1350,forward,"));
        QCOMPARE(rows[3], QStringLiteral("GPU 0,4096,512,6350,backward,"));
        QCOMPARE(rows[4], QStringLiteral("GPU 1,4096,4096,2050,forward,"));
    }

    // Recorded without --cuda-memory-usage: the CLI says how to record them.
    void sharedExportsSayHow()
    {
        const CliRun run = runCli({QStringLiteral("memory"), sharedTrace("nsys/nvtx_cnn.sqlite")});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.err.contains(QLatin1String("--cuda-memory-usage=true")), qPrintable(run.err));
        QVERIFY(run.err.contains(QLatin1String("CUDA_GPU_MEMORY_USAGE_EVENTS")));
    }
};

TRACELANE_TEST_GUILESS_MAIN(TestNsysMemory)
#include "tst_nsys_memory.moc"
