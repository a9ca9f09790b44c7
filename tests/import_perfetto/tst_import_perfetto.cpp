// Perfetto protobuf traces: every slice, instant, counter value and flow the
// importer made against an independent reading of the same file by
// tests/reference/perfetto_reference.py (its own wire decoding); where events
// land (threads, API lanes, GPU streams, counters); a real PyTorch profiler
// trace loaded as Kineto JSON and converted to Perfetto gives the same events,
// kernel, API and GPU-time summaries and flows; sniffing (XSpace is not
// claimed) and damaged files.
#include "import/importer.h"
#include "import/perfetto/perfetto_importer.h"

#include "cli_run.h"
#include "shared_traces.h"
#include "test_registry.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

using namespace tracelane;

namespace {

QString perfettoFixture(const char *name)
{
    return QStringLiteral(TRACELANE_TEST_DATA "/perfetto/") + QLatin1String(name);
}

nlohmann::json perfettoReference(const QString &path)
{
    QProcess python;
    python.start(QStringLiteral("python3"),
                 {QStringLiteral(TRACELANE_SOURCE_DIR "/tests/reference/perfetto_reference.py"), path});
    if (!python.waitForFinished(60000) || python.exitCode() != 0) {
        qWarning("reference failed: %s", python.readAllStandardError().constData());
        return {};
    }
    return nlohmann::json::parse(python.readAllStandardOutput().toStdString());
}

std::string perfettoFileBytes(const QString &path)
{
    std::ifstream in(path.toStdString(), std::ios::binary);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

std::string perfettoNumber(double v)
{
    std::ostringstream out;
    out.precision(17);
    out << v;
    return out.str();
}

using PerfettoBag = std::multiset<std::string>;

// What the importer made, in the reference's terms.
struct PerfettoEvents
{
    PerfettoBag slices, instants, counters, flows;
};

PerfettoEvents perfettoEventsOf(const Trace &trace)
{
    PerfettoEvents out;
    auto ref = [&](EventRef r) {
        return std::string(trace.name(r)) + "|" + std::to_string(trace.event(r).start);
    };
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
        const Track &track = trace.tracks[t];
        if (track.derived)
            continue;
        for (std::uint32_t i = 0; i < track.events.size(); ++i) {
            const Event &e = track.events[i];
            if (track.kind == TrackKind::Counter)
                out.counters.insert(std::string(trace.strings.view(track.name)) + "|" + std::to_string(e.start) + "|"
                                    + perfettoNumber(track.counterValues[i]));
            else if (e.kind == EventKind::Instant)
                out.instants.insert(ref({t, i}));
            else
                out.slices.insert(ref({t, i}) + "|" + std::to_string(e.duration));
        }
    }
    for (const Flow &f : trace.flows)
        out.flows.insert(ref(f.from) + "|" + ref(f.to));
    return out;
}

PerfettoEvents perfettoEventsOf(const nlohmann::json &reference)
{
    PerfettoEvents out;
    for (const auto &s : reference["slices"])
        out.slices.insert(s["name"].get<std::string>() + "|" + std::to_string(s["start"].get<std::int64_t>()) + "|"
                          + std::to_string(s["dur"].get<std::int64_t>()));
    for (const auto &s : reference["instants"])
        out.instants.insert(s["name"].get<std::string>() + "|" + std::to_string(s["start"].get<std::int64_t>()));
    for (const auto &c : reference["counters"])
        out.counters.insert(c["track_name"].get<std::string>() + "|" + std::to_string(c["time"].get<std::int64_t>())
                            + "|" + perfettoNumber(c["value"].get<double>()));
    for (const auto &f : reference["flows"])
        out.flows.insert(f["from"]["name"].get<std::string>() + "|"
                         + std::to_string(f["from"]["start"].get<std::int64_t>()) + "|"
                         + f["to"]["name"].get<std::string>() + "|" + std::to_string(f["to"]["start"].get<std::int64_t>()));
    return out;
}

QString perfettoBagDiff(const char *what, const PerfettoBag &mine, const PerfettoBag &theirs)
{
    PerfettoBag onlyMine, onlyTheirs;
    std::set_difference(mine.begin(), mine.end(), theirs.begin(), theirs.end(),
                        std::inserter(onlyMine, onlyMine.begin()));
    std::set_difference(theirs.begin(), theirs.end(), mine.begin(), mine.end(),
                        std::inserter(onlyTheirs, onlyTheirs.begin()));
    if (onlyMine.empty() && onlyTheirs.empty())
        return {};
    QString text = QStringLiteral("%1: importer %2, reference %3").arg(QLatin1String(what)).arg(mine.size()).arg(theirs.size());
    if (!onlyMine.empty())
        text += QStringLiteral("; only the importer: ") + QString::fromStdString(*onlyMine.begin());
    if (!onlyTheirs.empty())
        text += QStringLiteral("; only the reference: ") + QString::fromStdString(*onlyTheirs.begin());
    return text;
}

ImportResult perfettoLoad(const QString &path)
{
    return loadTrace(path.toStdString());
}

std::string perfettoWrite(const QTemporaryDir &dir, const char *name, const std::string &bytes)
{
    const std::string path = dir.filePath(QLatin1String(name)).toStdString();
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
}

const Track *perfettoTrackOf(const Trace &trace, std::string_view eventName, std::uint32_t *index = nullptr)
{
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t)
        for (std::uint32_t i = 0; i < trace.tracks[t].events.size(); ++i)
            if (trace.name({t, i}) == eventName) {
                if (index)
                    *index = i;
                return &trace.tracks[t];
            }
    return nullptr;
}

} // namespace

class TestImportPerfetto : public QObject
{
    Q_OBJECT

private slots:
    void matchesReference_data()
    {
        QTest::addColumn<QString>("file");
        for (const char *name : {"gpu_launches.pftrace", "gpu_launches.pftrace.gz", "interning.pftrace", "clocks.pftrace",
                                 "unmatched.pftrace", "compressed.pftrace", "compiled_mlp_train.pftrace.gz"})
            QTest::newRow(name) << perfettoFixture(name);
    }

    void matchesReference()
    {
        QFETCH(QString, file);
        const ImportResult result = perfettoLoad(file);
        QVERIFY2(result.ok(), result.error.c_str());
        QCOMPARE(QString::fromStdString(result.trace->source.format), QStringLiteral("perfetto"));
        const nlohmann::json reference = perfettoReference(file);
        QVERIFY(reference.is_object());
        const PerfettoEvents mine = perfettoEventsOf(*result.trace);
        const PerfettoEvents theirs = perfettoEventsOf(reference);
        QVERIFY(!theirs.slices.empty() || !theirs.instants.empty());
        for (const QString &diff : {perfettoBagDiff("slices", mine.slices, theirs.slices),
                                    perfettoBagDiff("instants", mine.instants, theirs.instants),
                                    perfettoBagDiff("counters", mine.counters, theirs.counters)})
            QVERIFY2(diff.isEmpty(), qPrintable(diff));

        // Every flow of the file is drawn; the importer may add launch flows
        // from shared correlation ids, and those only.
        const Trace &trace = *result.trace;
        PerfettoBag extra;
        std::set_difference(mine.flows.begin(), mine.flows.end(), theirs.flows.begin(), theirs.flows.end(),
                            std::inserter(extra, extra.begin()));
        PerfettoBag missing;
        std::set_difference(theirs.flows.begin(), theirs.flows.end(), mine.flows.begin(), mine.flows.end(),
                            std::inserter(missing, missing.begin()));
        QVERIFY2(missing.empty(), missing.empty() ? "" : missing.begin()->c_str());
        std::size_t correlated = 0;
        for (const Flow &f : trace.flows)
            if (f.kind == FlowKind::Launch && trace.event(f.from).correlation
                && trace.event(f.from).correlation == trace.event(f.to).correlation)
                ++correlated;
        QVERIFY2(extra.size() <= correlated, qPrintable(QStringLiteral("%1 flows the file does not hold").arg(extra.size())));

        const auto &counts = reference["counts"];
        const Diagnostics &d = trace.diagnostics;
        QCOMPARE(d.count("perfetto-begin-without-end"), counts["unclosed"].get<std::uint64_t>());
        QCOMPARE(d.count("perfetto-end-without-begin"), counts["end_without_begin"].get<std::uint64_t>());
        QCOMPARE(d.count("perfetto-no-incremental-state"), counts["needs_state_skipped"].get<std::uint64_t>());
        QCOMPARE(d.count("perfetto-clock-not-converted"), counts["unconverted_clock"].get<std::uint64_t>());
        QCOMPARE(d.count("perfetto-unknown-iid-event-names"), counts["unknown_name_iid"].get<std::uint64_t>());
        for (const auto &[field, count] : reference["skipped_packets"].items())
            QCOMPARE(d.count("perfetto-packet-field-" + field), count.get<std::uint64_t>());
    }

    void lanesOfGpuLaunches()
    {
        const ImportResult result = perfettoLoad(perfettoFixture("gpu_launches.pftrace"));
        QVERIFY2(result.ok(), result.error.c_str());
        const Trace &trace = *result.trace;
        std::uint32_t i = 0;
        const Track *op = perfettoTrackOf(trace, "aten::linear", &i);
        QVERIFY(op);
        QCOMPARE(op->kind, TrackKind::CpuThread);
        QCOMPARE(op->events[i].kind, EventKind::CpuOp);
        QCOMPARE(trace.strings.view(trace.threads[op->thread].name), std::string_view("main"));
        QCOMPARE(trace.strings.view(trace.processes[op->process].name), std::string_view("train.py"));
        QCOMPARE(trace.processes[op->process].pid, std::int64_t(4242));
        const Track *api = perfettoTrackOf(trace, "cudaLaunchKernel", &i);
        QVERIFY(api);
        QCOMPARE(api->kind, TrackKind::ThreadApi);
        QCOMPARE(api->events[i].correlation, CorrelationId(51));
        const Track *gemm = perfettoTrackOf(trace, "ampere_sgemm_128x64_tn", &i);
        QVERIFY(gemm);
        QCOMPARE(gemm->kind, TrackKind::GpuStream);
        QCOMPARE(gemm->events[i].kind, EventKind::Kernel);
        QCOMPARE(trace.devices[trace.streams[gemm->stream].device].id, 0);
        QCOMPARE(trace.streams[gemm->stream].streamId, std::int64_t(0));
        const Track *copy = perfettoTrackOf(trace, "Memcpy HtoD (Pinned -> Device)", &i);
        QVERIFY(copy);
        QCOMPARE(copy->events[i].kind, EventKind::Memcpy);
        QCOMPARE(trace.streams[copy->stream].streamId, std::int64_t(1));
        const Track *fill = perfettoTrackOf(trace, "fill_buffer", &i);
        QVERIFY(fill);
        QCOMPARE(fill->events[i].kind, EventKind::Memset); // named so on a GPU queue without a category
        const Track *batch = perfettoTrackOf(trace, "load batch");
        QVERIFY(batch);
        QCOMPARE(batch->kind, TrackKind::Async);

        std::uint32_t counters = 0;
        for (const Track &t : trace.tracks)
            if (t.kind == TrackKind::Counter && !t.derived) {
                ++counters;
                QCOMPARE(t.counterUnit, CounterUnit::Bytes);
            }
        QCOMPARE(counters, 1u);

        std::uint32_t launches = 0;
        for (const Flow &f : trace.flows)
            launches += f.kind == FlowKind::Launch;
        QCOMPARE(launches, 2u);

        // Debug annotations become arguments of their type.
        const Track *cpu = perfettoTrackOf(trace, "aten::linear", &i);
        const EventRef linear{static_cast<std::uint32_t>(cpu - trace.tracks.data()), i};
        QCOMPARE(trace.arg(linear, "Sequence number")->asInt().value_or(-1), std::int64_t(7));
        QCOMPARE(trace.arg(linear, "Input Dims")->type, ArgType::Json);
        const EventRef sgemm{static_cast<std::uint32_t>(gemm - trace.tracks.data()), 0};
        QCOMPARE(trace.name(sgemm), std::string_view("ampere_sgemm_128x64_tn"));
        QCOMPARE(trace.arg(sgemm, "est. achieved occupancy %")->asDouble().value_or(0), 37.5);
        QCOMPARE(trace.arg(sgemm, "grid")->type, ArgType::String);
    }

    // Interned and inline source locations become the "source" argument.
    void sourceLocations()
    {
        const QString file = perfettoFixture("interning.pftrace");
        const ImportResult result = perfettoLoad(file);
        QVERIFY2(result.ok(), result.error.c_str());
        const nlohmann::json reference = perfettoReference(file);
        int checked = 0;
        for (const auto &s : reference["slices"]) {
            if (!s["args"].contains("source"))
                continue;
            std::uint32_t i = 0;
            const Track *track = perfettoTrackOf(*result.trace, s["name"].get<std::string>(), &i);
            QVERIFY(track);
            const EventRef ref{static_cast<std::uint32_t>(track - result.trace->tracks.data()), i};
            const auto source = result.trace->arg(ref, "source");
            QVERIFY(source);
            QCOMPARE(std::string(result.trace->strings.view(source->s)), s["args"]["source"].get<std::string>());
            ++checked;
        }
        QCOMPARE(checked, 2);
    }

    // The CLI's summaries equal sums over the raw records (the reference's slices).
    void kernelSummaryFromRecords()
    {
        const QString file = perfettoFixture("compiled_mlp_train.pftrace.gz");
        const nlohmann::json reference = perfettoReference(file);
        QVERIFY(reference.is_object());
        std::map<std::string, std::pair<std::int64_t, std::int64_t>> kernels; // name -> count, total
        for (const auto &s : reference["slices"])
            if (s["category"] == "kernel") {
                auto &k = kernels[s["name"].get<std::string>()];
                ++k.first;
                k.second += s["dur"].get<std::int64_t>();
            }
        QVERIFY(kernels.size() > 3);
        const test::CliRun run = test::runCli({QStringLiteral("kernels"), file, QStringLiteral("--format"),
                                               QStringLiteral("json")});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        const nlohmann::json rows = nlohmann::json::parse(run.out.toStdString());
        const nlohmann::json &list = rows.is_array() ? rows : rows.begin().value();
        QCOMPARE(list.size(), kernels.size());
        for (const auto &row : list) {
            std::string name;
            std::int64_t count = -1, total = -1;
            for (const auto &[key, value] : row.items()) {
                if (key == "Name" || key == "name")
                    name = value.get<std::string>();
                else if (key == "Instances" || key == "instances")
                    count = value.get<std::int64_t>();
                else if (key == "Total Time (ns)" || key == "total_ns")
                    total = value.get<std::int64_t>();
            }
            QVERIFY2(kernels.count(name), name.c_str());
            QCOMPARE(count, kernels[name].first);
            QCOMPARE(total, kernels[name].second);
        }
    }

    // The same PyTorch profiler run as Kineto JSON and as Perfetto protobuf
    // (kineto_to_pftrace.py) must load to the same trace.
    void kinetoJsonAndPerfettoAgree_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("pftrace");
        QTest::newRow("compiled_mlp_train") << test::sharedTrace("kineto/compiled_mlp_train.json.gz")
                                            << perfettoFixture("compiled_mlp_train.pftrace.gz");
        QTest::newRow("dlrm_train") << test::sharedTrace("kineto/dlrm_train.json.gz")
                                    << perfettoFixture("dlrm_train.pftrace.gz");
    }

    void kinetoJsonAndPerfettoAgree()
    {
        QFETCH(QString, json);
        QFETCH(QString, pftrace);
        const ImportResult a = perfettoLoad(json);
        const ImportResult b = perfettoLoad(pftrace);
        QVERIFY2(a.ok(), a.error.c_str());
        QVERIFY2(b.ok(), b.error.c_str());
        auto perKind = [](const Trace &trace) {
            std::map<TrackKind, PerfettoBag> out;
            for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
                if (trace.tracks[t].derived)
                    continue;
                for (std::uint32_t i = 0; i < trace.tracks[t].events.size(); ++i) {
                    const Event &e = trace.tracks[t].events[i];
                    out[trace.tracks[t].kind].insert(std::string(trace.name({t, i})) + "|" + std::to_string(e.start) + "|"
                                                     + std::to_string(e.duration) + "|"
                                                     + std::string(eventKindName(e.kind)));
                }
            }
            return out;
        };
        const auto fromJson = perKind(*a.trace), fromPerfetto = perKind(*b.trace);
        QVERIFY(fromJson.count(TrackKind::GpuStream));
        for (const auto &[kind, events] : fromJson) {
            const auto it = fromPerfetto.find(kind);
            QVERIFY2(it != fromPerfetto.end(), std::string(trackKindName(kind)).c_str());
            const QString diff = perfettoBagDiff(std::string(trackKindName(kind)).c_str(), it->second, events);
            QVERIFY2(diff.isEmpty(), qPrintable(diff));
        }
        QCOMPARE(fromPerfetto.size(), fromJson.size());
        const EventCounts ca = a.trace->counts(), cb = b.trace->counts();
        QCOMPARE(cb.kernels, ca.kernels);
        QCOMPARE(cb.apiCalls, ca.apiCalls);
        QCOMPARE(cb.threads, ca.threads);
        QCOMPARE(cb.streams, ca.streams);
        QCOMPARE(b.trace->flows.size(), a.trace->flows.size());
        for (const char *command : {"kernels", "api", "gpu-time"}) {
            const test::CliRun ra = test::runCli({QLatin1String(command), json, QStringLiteral("--format"), QStringLiteral("csv")});
            const test::CliRun rb = test::runCli({QLatin1String(command), pftrace, QStringLiteral("--format"), QStringLiteral("csv")});
            QCOMPARE(rb.exitCode, 0);
            QVERIFY(!ra.out.isEmpty());
            QCOMPARE(rb.out, ra.out);
        }
    }

    void sniffsFixturesAndNotOthers()
    {
        for (const char *name : {"gpu_launches.pftrace", "interning.pftrace", "clocks.pftrace", "unmatched.pftrace",
                                 "compressed.pftrace"})
            QVERIFY2(sniffPerfettoTrace(perfettoFileBytes(perfettoFixture(name))) > 0, name);
        using namespace std::string_literals;
        // An XSpace: field 1 is an XPlane, whose id (varint 1) and name (2, "/host:CPU") come first.
        QCOMPARE(sniffPerfettoTrace("\x0a\x0d\x08\x01\x12\x09/host:CPU"s), 0);
        QCOMPARE(sniffPerfettoTrace("\x0a\x0b\x12\x09/host:CPU"s), 0);
        QCOMPARE(sniffPerfettoTrace("\x0a\x11\x12\x0d/device:GPU:0\x1a\x00"s), 0);
        // Field 1 but no TracePacket field inside, or a known field of the wrong wire type.
        QCOMPARE(sniffPerfettoTrace("\x0a\x02\xf8\x07"s), 0);
        QCOMPARE(sniffPerfettoTrace("\x0a\x02\x58\x01"s), 0);  // field 11 as a varint
        QCOMPARE(sniffPerfettoTrace("\x0a\x05hello"s), 0);
        QCOMPARE(sniffPerfettoTrace(""s), 0);
        QCOMPARE(sniffPerfettoTrace("{\"traceEvents\": []}"s), 0);
        QCOMPARE(sniffPerfettoTrace("\n{\"traceEvents\": [{\"ph\": \"X\", \"h\": 1}]}"s), 0); // JSON after a newline
        QCOMPARE(sniffPerfettoTrace("\nh\x01"s), 0); // a length past the end over bytes that parse to nothing
        QVERIFY(sniffPerfettoTrace("\x0a\x02\x50\x01"s) > 0); // trusted_packet_sequence_id: 1
    }

    void damagedFilesFailOrWarn()
    {
        QTemporaryDir dir;
        const std::string good = perfettoFileBytes(perfettoFixture("gpu_launches.pftrace"));
        QVERIFY(good.size() > 500);

        // Cut inside a packet (the end of "fill_buffer"): what came before
        // loads, the cut is counted, the slice it left open is closed.
        const std::size_t fill = good.find("fill_buffer");
        QVERIFY(fill != std::string::npos);
        const ImportResult cut = loadTrace(perfettoWrite(dir, "cut.pftrace", good.substr(0, fill + 14)));
        QVERIFY2(cut.ok(), cut.error.c_str());
        QCOMPARE(cut.trace->diagnostics.count("perfetto-truncated"), std::uint64_t(1));
        QCOMPARE(cut.trace->diagnostics.count("perfetto-begin-without-end"), std::uint64_t(1));

        // A damaged packet: one clear message naming the file and the byte.
        std::string bad = good;
        const std::size_t at = good.find("ampere");
        QVERIFY(at != std::string::npos);
        bad[at - 40] = '\x07'; // an unknown wire type where a tag is due
        const ImportResult damaged = loadTrace(perfettoWrite(dir, "bad.pftrace", bad));
        if (!damaged.ok()) {
            QVERIFY2(damaged.error.find("bad.pftrace") != std::string::npos, damaged.error.c_str());
            QVERIFY2(damaged.error.find("byte ") != std::string::npos, damaged.error.c_str());
        }

        // Garbage after a valid first packet.
        const std::size_t firstPacket = 2 + static_cast<unsigned char>(good[1]);
        const ImportResult garbage =
            loadTrace(perfettoWrite(dir, "garbage.pftrace", good.substr(0, firstPacket) + "\x0f\xff\xff\xff garbage"));
        QVERIFY(!garbage.ok());
        QVERIFY2(garbage.error.find("byte " + std::to_string(firstPacket)) != std::string::npos, garbage.error.c_str());
    }

    void compressedThatIsNotZlibFails()
    {
        QTemporaryDir dir;
        using namespace std::string_literals;
        const ImportResult r = loadTrace(perfettoWrite(dir, "junk.pftrace", "\x0a\x08\x50\x01\x92\x03\x03xyz"s));
        QVERIFY(!r.ok());
        QVERIFY2(r.error.find("compressed packets") != std::string::npos, r.error.c_str());
    }

    void emptyAndOtherFilesAreNotClaimed()
    {
        QTemporaryDir dir;
        using namespace std::string_literals;
        const ImportResult empty = loadTrace(perfettoWrite(dir, "empty.pftrace", ""));
        QVERIFY(!empty.ok());
        const ImportResult xspace = loadTrace(perfettoWrite(dir, "host.xplane.pb", "\x0a\x0d\x08\x01\x12\x09/host:CPU"s));
        QVERIFY(!xspace.ok() || xspace.trace->source.format != "perfetto");
    }
};

TRACELANE_TEST_GUILESS_MAIN(TestImportPerfetto)
#include "tst_import_perfetto.moc"
