// XSpace (.xplane.pb) import: every event the importer made against the
// independent reading of tests/reference/xplane_reference.py (its own wire
// decoder, run with python3), the CLI's kernels / api / gpu-time against sums
// of the reference's records, launch flows by correlation id, the hand-made
// file's XLA Ops lanes, flows, arguments and counted skips, and bad input.
#include "analysis/ranges/range_kernels.h"
#include "import/importer.h"

#include "cli_run.h"
#include "fresh_import.h"
#include "test_registry.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <fstream>
#include <map>
#include <set>

using namespace tracelane;
using tracelane::test::freshTrace;
using tracelane::test::runCli;

namespace {

const QString kXplaneData = QStringLiteral(TRACELANE_TEST_DATA "/xplane/");

// Run once per file and kept: the slots of this test share them.
QJsonObject xplaneReference(const QString &file)
{
    static std::map<QString, QJsonObject> cache;
    if (const auto it = cache.find(file); it != cache.end())
        return it->second;
    QProcess python;
    python.start(QStringLiteral("python3"),
                 {QStringLiteral(TRACELANE_SOURCE_DIR "/tests/reference/xplane_reference.py"), file});
    if (!python.waitForFinished(60000) || python.exitCode() != 0) {
        qWarning("%s", python.readAllStandardError().constData());
        return {};
    }
    return cache[file] = QJsonDocument::fromJson(python.readAllStandardOutput()).object();
}

EventKind xplaneKindOf(const QString &kind)
{
    if (kind == QLatin1String("api"))
        return EventKind::ApiCall;
    if (kind == QLatin1String("python"))
        return EventKind::PythonFunction;
    if (kind == QLatin1String("kernel"))
        return EventKind::Kernel;
    if (kind == QLatin1String("memcpy"))
        return EventKind::Memcpy;
    if (kind == QLatin1String("memset"))
        return EventKind::Memset;
    return EventKind::Range;
}

TrackKind xplaneTrackOf(EventKind kind)
{
    switch (kind) {
    case EventKind::ApiCall: return TrackKind::ThreadApi;
    case EventKind::PythonFunction: return TrackKind::CpuThread;
    case EventKind::Range: return TrackKind::ThreadRanges;
    default: return TrackKind::GpuStream;
    }
}

// Name -> (count, total) from a CLI summary in CSV (last column the name).
std::map<QString, std::pair<qint64, qint64>> xplaneCsvSummary(const QString &csv, int countColumn, int totalColumn)
{
    std::map<QString, std::pair<qint64, qint64>> out;
    const QStringList lines = csv.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    for (qsizetype i = 1; i < lines.size(); ++i) {
        // Names may hold commas inside quotes: the name is everything after the eighth comma.
        QString line = lines[i];
        QStringList cells;
        QString cell;
        bool quoted = false;
        for (const QChar c : line) {
            if (c == QLatin1Char('"'))
                quoted = !quoted;
            else if (c == QLatin1Char(',') && !quoted) {
                cells << cell;
                cell.clear();
            } else
                cell += c;
        }
        cells << cell;
        out[cells.last()] = {cells[countColumn].toLongLong(), cells[totalColumn].toLongLong()};
    }
    return out;
}

const QStringList &xplaneFixtures()
{
    static const QStringList files{QStringLiteral("tw003.xplane.pb.gz"),
                                   QStringLiteral("jax_conv_minimal_legacy.xplane.pb.gz"),
                                   QStringLiteral("te_fused_attn.xplane.pb.gz"), QStringLiteral("handmade.xplane.pb")};
    return files;
}

std::string xplaneWrite(const QTemporaryDir &dir, const char *name, const std::string &bytes)
{
    const std::string path = dir.filePath(QString::fromLatin1(name)).toStdString();
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
}

std::string xplaneGunzipped(const QString &file)
{
    QProcess gz;
    gz.start(QStringLiteral("gzip"), {QStringLiteral("-dc"), file});
    gz.waitForFinished(30000);
    return gz.readAllStandardOutput().toStdString();
}

} // namespace

class TestImportXplane : public QObject
{
    Q_OBJECT

private slots:
    void eventsMatchTheReference_data()
    {
        QTest::addColumn<QString>("file");
        for (const QString &f : xplaneFixtures())
            QTest::newRow(qPrintable(f)) << QString(kXplaneData + f);
    }

    // Every event by its source record (its ordinal in the file): kind, lane,
    // name, start and end in ns, correlation id; none missing, none extra.
    void eventsMatchTheReference()
    {
        QFETCH(QString, file);
        const QJsonObject reference = xplaneReference(file);
        QVERIFY2(!reference.isEmpty(), "python3 tests/reference/xplane_reference.py failed");
        const auto trace = freshTrace(file);
        QVERIFY(trace);
        QCOMPARE(trace->source.format, std::string("xplane"));
        const QJsonArray events = reference[QLatin1String("events")].toArray();
        std::vector<bool> seen(std::size_t(events.size()), false);
        std::size_t made = 0;
        for (std::uint32_t t = 0; t < trace->tracks.size(); ++t) {
            const Track &track = trace->tracks[t];
            if (track.derived)
                continue;
            for (std::uint32_t i = 0; i < track.events.size(); ++i) {
                const Event &e = track.events[i];
                const std::uint32_t record = trace->sourceRecord({t, i});
                QVERIFY(record < std::uint32_t(events.size()));
                QVERIFY2(!seen[record], "two events from one record");
                seen[record] = true;
                ++made;
                const QJsonObject r = events[qsizetype(record)].toObject();
                const EventKind kind = xplaneKindOf(r[QLatin1String("kind")].toString());
                QCOMPARE(int(e.kind), int(kind));
                QCOMPARE(int(track.kind), int(xplaneTrackOf(kind)));
                const QString name = r[QLatin1String("name")].toString();
                if (!name.startsWith(QLatin1String("_Z")))
                    QCOMPARE(QString::fromUtf8(trace->strings.view(e.name)), name);
                QCOMPARE(e.start, r[QLatin1String("start_ns")].toInteger());
                QCOMPARE(e.end(), r[QLatin1String("end_ns")].toInteger());
                const QJsonValue correlation = r[QLatin1String("correlation")];
                QCOMPARE(qint64(e.correlation), correlation.isNull() ? 0 : correlation.toInteger());
                if (track.kind == TrackKind::GpuStream) {
                    const QString line = r[QLatin1String("line")].toString();
                    const qint64 stream = trace->streams[std::size_t(track.stream)].streamId;
                    QVERIFY2(line.startsWith(QStringLiteral("Stream #%1").arg(stream)), qPrintable(line));
                    const QString plane = r[QLatin1String("plane")].toString();
                    const int device = trace->devices[std::size_t(trace->streams[std::size_t(track.stream)].device)].id;
                    QVERIFY(plane.endsWith(QStringLiteral(":%1").arg(device)));
                }
            }
        }
        std::size_t expected = 0;
        for (qsizetype k = 0; k < events.size(); ++k) {
            const bool aggregated = events[k].toObject()[QLatin1String("kind")].toString()
                == QLatin1String("aggregated");
            expected += aggregated ? 0 : 1;
            QVERIFY2(aggregated != bool(seen[std::size_t(k)]), qPrintable(QStringLiteral("record %1").arg(k)));
        }
        QCOMPARE(made, expected);
        QVERIFY(made > 10);
    }

    void cliSummariesMatchTheReference_data() { eventsMatchTheReference_data(); }

    // tracelane-cli kernels, api and gpu-time against the reference's sums.
    void cliSummariesMatchTheReference()
    {
        QFETCH(QString, file);
        const QJsonObject reference = xplaneReference(file);
        QVERIFY(!reference.isEmpty());

        const auto kernelsRun = runCli(
            {QStringLiteral("kernels"), file, QStringLiteral("--format"), QStringLiteral("csv")});
        QVERIFY2(kernelsRun.finished && kernelsRun.exitCode == 0, qPrintable(kernelsRun.err));
        const auto kernels = xplaneCsvSummary(kernelsRun.out, 2, 1);
        const QJsonObject refKernels = reference[QLatin1String("kernels")].toObject();
        QCOMPARE(kernels.size(), std::size_t(refKernels.size()));
        qint64 refCount = 0, refTotal = 0, cliCount = 0, cliTotal = 0;
        for (auto it = refKernels.begin(); it != refKernels.end(); ++it) {
            const qint64 count = it.value()[QLatin1String("count")].toInteger();
            const qint64 total = it.value()[QLatin1String("total_ns")].toInteger();
            refCount += count;
            refTotal += total;
            if (it.key().startsWith(QLatin1String("_Z")))
                continue; // shown demangled
            QVERIFY2(kernels.count(it.key()), qPrintable(it.key()));
            QCOMPARE(kernels.at(it.key()).first, count);
            QCOMPARE(kernels.at(it.key()).second, total);
        }
        for (const auto &[name, row] : kernels) {
            cliCount += row.first;
            cliTotal += row.second;
        }
        QCOMPARE(cliCount, refCount);
        QCOMPARE(cliTotal, refTotal);

        const auto apiRun = runCli({QStringLiteral("api"), file, QStringLiteral("--format"), QStringLiteral("csv")});
        QVERIFY(apiRun.finished && apiRun.exitCode == 0);
        const auto api = xplaneCsvSummary(apiRun.out, 2, 1);
        const QJsonObject refApi = reference[QLatin1String("api")].toObject();
        QCOMPARE(api.size(), std::size_t(refApi.size()));
        for (auto it = refApi.begin(); it != refApi.end(); ++it) {
            QVERIFY2(api.count(it.key()), qPrintable(it.key()));
            QCOMPARE(api.at(it.key()).first, it.value()[QLatin1String("count")].toInteger());
            QCOMPARE(api.at(it.key()).second, it.value()[QLatin1String("total_ns")].toInteger());
        }

        // gpu-time's busy time per device is the union of its operations on every stream.
        std::map<QString, std::vector<std::pair<qint64, qint64>>> byStream;
        const QJsonArray events = reference[QLatin1String("events")].toArray();
        for (const QJsonValue &v : events) {
            const QJsonObject e = v.toObject();
            const QString kind = e[QLatin1String("kind")].toString();
            if (kind == QLatin1String("kernel") || kind == QLatin1String("memcpy") || kind == QLatin1String("memset"))
                byStream[e[QLatin1String("plane")].toString()].emplace_back(e[QLatin1String("start_ns")].toInteger(),
                                                                            e[QLatin1String("end_ns")].toInteger());
        }
        qint64 busy = 0;
        for (auto &[stream, spans] : byStream) {
            std::sort(spans.begin(), spans.end());
            qint64 reach = std::numeric_limits<qint64>::min();
            for (const auto &[start, end] : spans) {
                const qint64 from = std::max(start, reach);
                if (end > from)
                    busy += end - from;
                reach = std::max(reach, end);
            }
        }
        const auto gpuRun = runCli(
            {QStringLiteral("gpu-time"), file, QStringLiteral("--format"), QStringLiteral("csv")});
        QVERIFY(gpuRun.finished && gpuRun.exitCode == 0);
        qint64 cliBusy = 0;
        const QStringList rows = gpuRun.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        for (qsizetype i = 1; i < rows.size(); ++i) {
            const QStringList cells = rows[i].split(QLatin1Char(','));
            if (cells.size() > 3 && QString(cells[1]).remove(QLatin1Char('"')).isEmpty())
                cliBusy += QString(cells[3]).remove(QLatin1Char('"')).toLongLong();
        }
        QCOMPARE(cliBusy, busy);
    }

    void launchFlowsByCorrelation_data() { eventsMatchTheReference_data(); }

    // Each GPU op whose correlation id an API call carries gets one launch arrow from it.
    void launchFlowsByCorrelation()
    {
        QFETCH(QString, file);
        const QJsonObject reference = xplaneReference(file);
        std::set<qint64> launched;
        for (const QJsonValue &v : reference[QLatin1String("events")].toArray())
            if (v[QLatin1String("kind")].toString() == QLatin1String("api"))
                launched.insert(v[QLatin1String("correlation")].toInteger());
        qint64 expected = 0;
        for (const QJsonValue &v : reference[QLatin1String("events")].toArray()) {
            const QString kind = v[QLatin1String("kind")].toString();
            if ((kind == QLatin1String("kernel") || kind == QLatin1String("memcpy") || kind == QLatin1String("memset"))
                && !v[QLatin1String("correlation")].isNull()
                && launched.count(v[QLatin1String("correlation")].toInteger()))
                ++expected;
        }
        const auto trace = freshTrace(file);
        QVERIFY(trace);
        qint64 launches = 0;
        for (const Flow &flow : trace->flows) {
            if (flow.kind != FlowKind::Launch)
                continue;
            ++launches;
            QCOMPARE(trace->event(flow.from).correlation, trace->event(flow.to).correlation);
            QCOMPARE(int(trace->event(flow.from).kind), int(EventKind::ApiCall));
            QVERIFY(isGpuWork(trace->event(flow.to).kind));
        }
        QCOMPARE(launches, expected);
        QVERIFY(expected > 0);
    }

    // ROCm's XLA writes no XLA Ops / XLA Modules lines: Tracelane makes them
    // from the kernels' hlo_op and hlo_module, one range per run of kernels of
    // one op on a device, so clicking an XLA op lists its kernels. Checked
    // against the same grouping of the reference's kernels; a device whose
    // file has its own XLA Ops line (the hand-made one) gets none made.
    void xlaLanesFromKernels_data() { eventsMatchTheReference_data(); }
    void xlaLanesFromKernels()
    {
        QFETCH(QString, file);
        const QJsonObject reference = xplaneReference(file);
        const auto trace = freshTrace(file);
        QVERIFY(trace && !reference.isEmpty());
        struct Group
        {
            std::string name;
            qint64 start = 0, end = 0, kernels = 0;
        };
        std::map<std::string, std::vector<std::pair<qint64, QJsonObject>>> kernelsByPlane;
        std::set<std::string> planesWithXlaLine;
        for (const QJsonValue &v : reference[QLatin1String("events")].toArray()) {
            const QJsonObject e = v.toObject();
            const std::string plane = e[QLatin1String("plane")].toString().toStdString();
            if (e[QLatin1String("line")].toString() == QLatin1String("XLA Ops"))
                planesWithXlaLine.insert(plane);
            if (!e[QLatin1String("hlo_op")].toString().isEmpty())
                kernelsByPlane[plane].emplace_back(e[QLatin1String("start_ns")].toInteger(), e);
        }
        std::map<std::string, std::vector<Group>> expected;
        for (auto &[plane, kernels] : kernelsByPlane) {
            if (planesWithXlaLine.count(plane))
                continue;
            std::stable_sort(kernels.begin(), kernels.end(),
                             [](const auto &a, const auto &b) { return a.first < b.first; });
            std::vector<Group> &groups = expected[plane];
            QString op, module;
            for (const auto &[start, e] : kernels) {
                const QString kOp = e[QLatin1String("hlo_op")].toString();
                const QString kModule = e[QLatin1String("hlo_module")].toString();
                const qint64 end = e[QLatin1String("end_ns")].toInteger();
                if (!groups.empty() && kOp == op && kModule == module) {
                    groups.back().end = std::max(groups.back().end, end);
                    ++groups.back().kernels;
                    continue;
                }
                groups.push_back({kOp.toStdString(), start, end, 1});
                op = kOp;
                module = kModule;
            }
        }
        const std::optional<StringId> kernelsKey = trace->strings.find("kernels");
        std::map<std::string, std::vector<Group>> made;
        for (const Track &track : trace->tracks) {
            if (!track.derived || !trace->strings.view(track.name).starts_with("XLA Ops (from kernels)"))
                continue;
            const Thread &thread = trace->threads[std::size_t(track.thread)];
            const std::string plane(trace->strings.view(trace->processes[std::size_t(thread.process)].name));
            for (const Event &e : track.events) {
                const auto count = findArg(trace->argSchemas, track.argBlob, e.args, kernelsKey.value_or(0));
                made[plane].push_back({std::string(trace->strings.view(e.name)), e.start, e.start + e.duration,
                                       count ? count->i : -1});
            }
        }
        for (auto &[plane, groups] : made)
            std::stable_sort(groups.begin(), groups.end(), [](const Group &a, const Group &b) { return a.start < b.start; });
        QCOMPARE(made.size(), expected.size());
        for (const auto &[plane, groups] : expected) {
            QVERIFY2(made.count(plane), plane.c_str());
            const std::vector<Group> &actual = made.at(plane);
            QCOMPARE(actual.size(), groups.size());
            for (std::size_t i = 0; i < groups.size(); ++i) {
                QCOMPARE(actual[i].name, groups[i].name);
                QCOMPARE(actual[i].start, groups[i].start);
                QCOMPARE(actual[i].end, groups[i].end);
                QCOMPARE(actual[i].kernels, groups[i].kernels);
            }
        }
        if (!expected.empty())
            QCOMPARE(trace->diagnostics.count("xplane-xla-lanes-derived") > 0, true);
    }

    // What only the hand-made file has: XLA lanes, a TPU, flows, arguments, counted skips.
    void handmadeDetails()
    {
        const auto trace = freshTrace(QString(kXplaneData + QStringLiteral("handmade.xplane.pb")));
        QVERIFY(trace);
        const Trace &tr = *trace;
        const auto find = [&](std::string_view name) -> EventRef {
            for (std::uint32_t t = 0; t < tr.tracks.size(); ++t)
                for (std::uint32_t i = 0; i < tr.tracks[t].events.size(); ++i)
                    if (tr.name({t, i}) == name)
                        return {t, i};
            return {};
        };
        // Epoch timestamps plus picoseconds, exact.
        QCOMPARE(tr.startNs, qint64(1700000000123456789));
        const EventRef forward = find("model.py:20 forward");
        QVERIFY(forward.isValid());
        QCOMPARE(tr.event(forward).start, qint64(1700000000123457789)); // 1,000,500 ps floors to 1,000 ns
        QCOMPARE(tr.event(forward).duration, qint64(5000));

        // The kernel: launch dimensions, HLO op and module, the demangled name.
        const EventRef kernel = find("fusion_3_kernel");
        QVERIFY(kernel.isValid());
        QCOMPARE(QString::fromStdString(tr.arg(kernel, "grid")->toText(tr.strings)), QStringLiteral("[8,4,1]"));
        QCOMPARE(QString::fromStdString(tr.arg(kernel, "block")->toText(tr.strings)), QStringLiteral("[128,2,1]"));
        QCOMPARE(QString::fromStdString(tr.arg(kernel, "hlo_op")->toText(tr.strings)), QStringLiteral("fusion.3"));
        QCOMPARE(QString::fromStdString(tr.arg(kernel, "hlo_module")->toText(tr.strings)), QStringLiteral("jit_step"));
        QVERIFY(find("kernel(float*, int)").isValid());

        // XLA Ops and XLA Modules: lanes of their own in the device's process;
        // the op's range covers its kernel, which the range-kernels lookup shows.
        const EventRef op = find("fusion.3");
        QVERIFY(op.isValid());
        const Track &opTrack = tr.tracks[op.track];
        QCOMPARE(int(opTrack.kind), int(TrackKind::ThreadRanges));
        QCOMPARE(tr.strings.view(opTrack.name), std::string_view("XLA Ops"));
        QCOMPARE(tr.strings.view(tr.processes[std::size_t(opTrack.process)].name), std::string_view("/device:GPU:0"));
        const RangeKernelLookup lookup(tr);
        const RangeKernels work = lookup.find(op);
        QVERIFY(std::find(work.overlapping.begin(), work.overlapping.end(), kernel) != work.overlapping.end());
        const EventRef module = find("jit_step(123)");
        QVERIFY(module.isValid());
        QCOMPARE(tr.strings.view(tr.tracks[module.track].name), std::string_view("XLA Modules"));
        QVERIFY(lookup.find(module).overlapping.size() >= 3);
        // The TPU plane is device 1 with its own XLA lanes.
        QVERIFY(find("convolution.1").isValid());
        QVERIFY(std::any_of(tr.devices.begin(), tr.devices.end(), [](const GpuDevice &d) { return d.id == 1; }));

        // Three launch flows; XFlow 77 joins PjitFunction to ExecuteHelper, producer/consumer
        // context 42 joins it to the memset call.
        const EventRef pjit = find("PjitFunction(step)");
        const EventRef execute = find("ExecuteHelper");
        const EventRef memsetCall = find("cuMemsetD32Async");
        int generic = 0, launch = 0;
        for (const Flow &flow : tr.flows) {
            if (flow.kind == FlowKind::Launch)
                ++launch;
            if (flow.kind == FlowKind::Generic) {
                ++generic;
                QCOMPARE(flow.from, pjit);
                QVERIFY(flow.to == execute || flow.to == memsetCall);
            }
        }
        QCOMPARE(launch, 3);
        QCOMPARE(generic, 2);

        // Everything skipped is counted.
        const Diagnostics &d = tr.diagnostics;
        QCOMPARE(d.count("xplane-aggregated-event"), std::uint64_t(1));
        QCOMPARE(d.count("xplane-event-metadata-unknown"), std::uint64_t(1));
        QCOMPARE(d.count("xplane-stat-metadata-unknown"), std::uint64_t(1));
        QCOMPARE(d.count("xplane-plane-skipped"), std::uint64_t(1));
        QCOMPARE(d.count("xplane-profiler-error"), std::uint64_t(1));
        QCOMPARE(d.count("xplane-bytes-stat"), std::uint64_t(1));
        const auto &meta = tr.source.metadata;
        const auto has = [&](const std::string &key) {
            return std::any_of(meta.begin(), meta.end(), [&](const auto &kv) { return kv.first == key; });
        };
        QVERIFY(has("host"));
        QVERIFY(has("GPU 0"));
        QVERIFY(has("profile_start_time"));
        // Lanes: the API lane of a thread of CUDA calls is "CUDA API".
        const EventRef call = find("cuLaunchKernel");
        QCOMPARE(tr.strings.view(tr.tracks[call.track].name), std::string_view("CUDA API"));
        QCOMPARE(tr.strings.view(tr.tracks[forward.track].name), std::string_view("Python"));
        QCOMPARE(tr.strings.view(tr.tracks[pjit.track].name), std::string_view("TraceMe"));
    }

    void rocmLanesAreHip()
    {
        const auto trace = freshTrace(QString(kXplaneData + QStringLiteral("tw003.xplane.pb.gz")));
        QVERIFY(trace);
        int hip = 0;
        for (const Track &track : trace->tracks)
            if (track.kind == TrackKind::ThreadApi) {
                QCOMPARE(trace->strings.view(track.name), std::string_view("HIP API"));
                ++hip;
            }
        QVERIFY(hip > 0);
        QVERIFY(!trace->diagnostics.hasWarnings());
    }

    // Detection by content only: other protobufs and random bytes are not claimed.
    void detection()
    {
        QTemporaryDir dir;
        const auto probe = [](const std::string &path) {
            const Importer *importer = detectImporter(probeFile(path));
            return importer ? std::string(importer->id()) : std::string();
        };
        QCOMPARE(probe(QString(kXplaneData + QStringLiteral("handmade.xplane.pb")).toStdString()),
                 std::string("xplane"));
        QCOMPARE(probe(QString(kXplaneData + QStringLiteral("tw003.xplane.pb.gz")).toStdString()),
                 std::string("xplane"));
        // Field 1 holding a message whose name is not a plane's.
        QCOMPARE(probe(xplaneWrite(dir, "other.pb", std::string("\x0a\x07\x12\x05hello", 9))), std::string());
        // Field 1 as a string, like many other protobufs.
        QCOMPARE(probe(xplaneWrite(dir, "string.pb", std::string("\x0a\x05/host", 7))), std::string());
        std::string noise(4096, '\0');
        for (std::size_t i = 0; i < noise.size(); ++i)
            noise[i] = char((i * 2654435761u) >> 13);
        noise[0] = '\x0a';
        QCOMPARE(probe(xplaneWrite(dir, "noise.bin", noise)), std::string());
    }

    void badInput_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("message");
        const std::string real = xplaneGunzipped(QString(kXplaneData + QStringLiteral("tw003.xplane.pb.gz")));
        QVERIFY(real.size() > 100000);
        const auto row = [](const char *name, const std::string &bytes, const char *message) {
            QTest::newRow(name) << QByteArray(bytes.data(), qsizetype(bytes.size())) << QString::fromLatin1(message);
        };
        row("cut in half", real.substr(0, real.size() / 2), "past the end");
        row("cut after the first plane's name", real.substr(0, 40), "past the end");
        row("trailing garbage", real + std::string("\x0f\x01", 2), "at byte");
        row("empty", std::string(), "empty");
    }

    void badInput()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const std::string path = xplaneWrite(dir, "bad.xplane.pb", bytes.toStdString());
        const ImportResult result = loadTrace(path);
        QVERIFY(!result.ok());
        const QString error = QString::fromStdString(result.error);
        QVERIFY2(error.contains(message), qPrintable(error));
        QVERIFY2(error.contains(QString::fromStdString(path)), qPrintable(error));
    }
};

TRACELANE_TEST_GUILESS_MAIN(TestImportXplane)
#include "tst_import_xplane.moc"
