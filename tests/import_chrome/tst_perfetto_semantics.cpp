// Chrome-trace semantics where generic producers disagree with strict JSON or
// with each other, pinned on the hand-written fixtures in
// tests/data/chrome/perfetto_semantics. The expected results follow Perfetto's
// JSON importer (its public diff tests) except where docs/FORMATS.md, "Chrome
// trace semantics (compared with Perfetto)", says why Tracelane differs.
// Every perfettoFixture is also loaded with tiny chunks on two parser threads: both
// parse paths must build the same model.
#include "analysis/window/window_events.h"
#include "import/importer.h"
#include "trace_dump.h"

#include "events_named.h"
#include "test_registry.h"

#include <QtTest>
#include <cmath>
#include <set>
#include <sstream>

using namespace tracelane;
using tracelane::test::eventsNamed;

namespace {

QString perfettoFixture(const char *name)
{
    return QStringLiteral(TRACELANE_TEST_DATA "/chrome/perfetto_semantics/") + QLatin1String(name);
}

std::shared_ptr<const Trace> loadPerfettoFixture(const char *name)
{
    ImportResult result = loadTrace(perfettoFixture(name).toStdString());
    if (!result.ok())
        qWarning("%s", result.error.c_str());
    return result.trace;
}

// The one event called `name`; fails the test (returns an invalid ref) otherwise.
EventRef only(const Trace &trace, std::string_view name)
{
    const std::vector<EventRef> refs = eventsNamed(trace, name);
    if (refs.size() != 1) {
        qWarning("%zu events called '%.*s'", refs.size(), int(name.size()), name.data());
        return {};
    }
    return refs.front();
}

// (pid, tid) of the thread a track belongs to; (pid, none) for process tracks.
std::pair<std::int64_t, std::optional<std::int64_t>> owner(const Trace &trace, EventRef ref)
{
    const Track &track = trace.tracks[ref.track];
    const std::int64_t pid = track.process >= 0 ? trace.processes[std::size_t(track.process)].pid : -1;
    if (track.thread < 0)
        return {pid, std::nullopt};
    return {pid, trace.threads[std::size_t(track.thread)].tid};
}

std::set<std::pair<std::string, std::string>> flowNames(const Trace &trace)
{
    std::set<std::pair<std::string, std::string>> names;
    for (const Flow &f : trace.flows)
        names.insert({std::string(trace.name(f.from)), std::string(trace.name(f.to))});
    return names;
}

std::string argText(const Trace &trace, EventRef ref, std::string_view key)
{
    const auto value = trace.arg(ref, key);
    return value ? value->toText(trace.strings) : std::string("<none>");
}

} // namespace

class TestPerfettoSemantics : public QObject
{
    Q_OBJECT

private slots:
    void cleanup()
    {
        qunsetenv("TRACELANE_CHROME_CHUNK_BYTES");
        qunsetenv("TRACELANE_IMPORT_THREADS");
    }

    // Lenient JSON: a trailing comma before '}' or ']' anywhere.
    void trailingCommas()
    {
        const auto trace = loadPerfettoFixture("trailing_commas.json");
        QVERIFY(trace);
        QCOMPARE(trace->eventCount(), 2u);
        const EventRef outer = only(*trace, "outer");
        QVERIFY(outer.isValid());
        QCOMPARE(trace->event(outer).start, 10000);
        QCOMPARE(trace->event(outer).duration, 5000);
        QCOMPARE(argText(*trace, outer, "list"), std::string("[1,2]"));
        QCOMPARE(argText(*trace, outer, "obj"), std::string("{\"k\":\"v\"}"));
        QVERIFY(only(*trace, "mark").isValid());
        // Inside events: [1,2,] {"k":"v",} args{..,} and two events; top level: otherData and the root.
        QCOMPARE(trace->diagnostics.count("json-trailing-comma"), 7u);
        QCOMPARE(trace->diagnostics.entries().size(), 1u);
    }

    // Lenient JSON: bytes inside strings that are not UTF-8 (a Latin-1 path, a
    // cut sequence, an encoded surrogate, an overlong form) become U+FFFD, one
    // per byte, and are counted; well-formed UTF-8 around them is kept.
    void invalidUtf8()
    {
        const auto trace = loadPerfettoFixture("invalid_utf8.json");
        QVERIFY(trace);
        QCOMPARE(trace->eventCount(), 2u);
        const std::string replacement = "\xEF\xBF\xBD";
        const EventRef cafe = only(*trace, "caf" + replacement);
        QVERIFY(cafe.isValid());
        QCOMPARE(trace->event(cafe).start, 10000);
        QCOMPARE(argText(*trace, cafe, "path"), "/home/j" + replacement + "rgen/train.py");
        QCOMPARE(argText(*trace, cafe, "ok"), std::string("\xC3\xA9 \xF0\x9F\x98\x80"));
        QCOMPARE(argText(*trace, cafe, "k" + replacement), "[1,\"" + replacement + replacement + "\"]");
        QVERIFY(only(*trace,
                     "surrogate " + replacement + replacement + replacement + " overlong " + replacement + replacement)
                    .isValid());
        QCOMPARE(trace->diagnostics.count("json-invalid-utf8"), 10u); // 5 bytes in each event
    }

    // Lenient JSON: raw control characters inside strings are kept as they are.
    void controlCharacters()
    {
        const auto trace = loadPerfettoFixture("control_characters.json");
        QVERIFY(trace);
        QCOMPARE(trace->eventCount(), 2u);
        const EventRef named = only(*trace, "line1\nline2\tend");
        QVERIFY(named.isValid());
        QCOMPARE(trace->event(named).duration, 2000);
        QCOMPARE(argText(*trace, named, "raw"),
                 std::string("a\x01"
                             "b"));
        QVERIFY(only(*trace, "plain").isValid());
        QCOMPARE(trace->diagnostics.count("json-control-character"), 3u);
    }

    // Flow events v2: the slice that carries bind_id is the endpoint, not a
    // deeper one at the same time; ends do not close the flow (as Perfetto).
    void flowsV2()
    {
        const auto trace = loadPerfettoFixture("flows_v2.json");
        QVERIFY(trace);
        const std::set<std::pair<std::string, std::string>> expected = {
            {"SenderB", "Receiver"}, {"SenderA", "Relay"}, {"Relay", "SinkX"}, {"Relay", "SinkB"}};
        QCOMPARE(flowNames(*trace), expected);
        QCOMPARE(trace->flows.size(), 4u);
        const EventRef sinkB = only(*trace, "SinkB");
        QVERIFY(sinkB.isValid());
        QCOMPARE(trace->event(sinkB).start, 45000);
        QCOMPARE(trace->event(sinkB).duration, 45000);
        QCOMPARE(trace->diagnostics.count("flow-without-direction"), 1u);
        QCOMPARE(trace->diagnostics.count("flow-without-start"), 1u); // LostEnd
        QCOMPARE(trace->eventCount(), 10u);
    }

    // Counter values written as strings are numbers when the whole string is one.
    void counterStrings()
    {
        const auto trace = loadPerfettoFixture("counter_strings.json");
        QVERIFY(trace);
        std::map<std::string, double> values;
        for (const Track &track : trace->tracks) {
            if (track.kind != TrackKind::Counter)
                continue;
            QCOMPARE(track.counterValues.size(), 1u);
            values[std::string(trace->strings.view(track.name))] = track.counterValues.front();
        }
        const std::map<std::string, double> expected = {{"ctr plain", 25.7},
                                                        {"ctr leading_dot", 0.75},
                                                        {"ctr trailing_dot", 246.0},
                                                        {"ctr leading_zero_float", 1.23},
                                                        {"ctr leading_zero_int_str", 50.0},
                                                        {"ctr plus_val", 10.5},
                                                        {"ctr exponent", -150.0},
                                                        {"ctr number", 3.0}};
        QCOMPARE(values.size(), expected.size());
        for (const auto &[name, value] : expected) {
            QVERIFY2(values.count(name), name.c_str());
            QCOMPARE(values[name], value);
        }
        // 1.5e, 2e+, ".", "+", "-", "nan", " 1"
        QCOMPARE(trace->diagnostics.count("counter-not-number"), 7u);
    }

    // An E closes the innermost open B on its thread whatever its name (as
    // Chrome does); a differing name is counted.
    void endNameMismatch()
    {
        const auto trace = loadPerfettoFixture("end_name_mismatch.json");
        QVERIFY(trace);
        const EventRef inner = only(*trace, "inner"), outer = only(*trace, "outer");
        QVERIFY(inner.isValid() && outer.isValid());
        QCOMPARE(trace->event(inner).start, 10000);
        QCOMPARE(trace->event(inner).duration, 10000);
        QCOMPARE(trace->event(outer).start, 0);
        QCOMPARE(trace->event(outer).duration, 30000);
        QCOMPARE(int(trace->event(inner).depth), 1);
        QCOMPARE(trace->eventCount(), 2u);
        QCOMPARE(trace->diagnostics.count("end-name-mismatch"), 1u);
        QCOMPARE(trace->diagnostics.count("end-without-begin"), 1u);
        QCOMPARE(trace->diagnostics.count("begin-without-end"), 0u);
    }

    // No tid: the thread whose tid is the pid. An explicit tid 0 stays 0.
    void missingTid()
    {
        const auto trace = loadPerfettoFixture("missing_tid.json");
        QVERIFY(trace);
        using Owner = std::pair<std::int64_t, std::optional<std::int64_t>>;
        QCOMPARE(owner(*trace, only(*trace, "noTid")), Owner(7, 7));
        QCOMPARE(owner(*trace, only(*trace, "tidEqualsPid")), Owner(7, 7));
        QCOMPARE(owner(*trace, only(*trace, "beginNoTid")), Owner(7, 7));
        QCOMPARE(trace->event(only(*trace, "beginNoTid")).duration, 5000);
        QCOMPARE(owner(*trace, only(*trace, "tidZero")), Owner(7, 0));
        QCOMPARE(owner(*trace, only(*trace, "noPidNoTid")), Owner(0, 0));
        QCOMPARE(only(*trace, "noTid").track, only(*trace, "tidEqualsPid").track);
        QCOMPARE(trace->counts().threads, 3u);
        QVERIFY(trace->diagnostics.empty());
    }

    // Scope "g": one global instant track; "p": the process's instant track;
    // "t", none or anything else: the thread.
    void instantScopes()
    {
        const auto trace = loadPerfettoFixture("instant_scopes.json");
        QVERIFY(trace);
        const EventRef global = only(*trace, "globalMark"), global2 = only(*trace, "globalMarkFromPid2");
        QVERIFY(global.isValid() && global2.isValid());
        QCOMPARE(global.track, global2.track);
        const Track &globalTrack = trace->tracks[global.track];
        QCOMPARE(globalTrack.kind, TrackKind::Instants);
        QCOMPARE(globalTrack.process, kNoIndex);
        QCOMPARE(globalTrack.thread, kNoIndex);
        QCOMPARE(trace->event(global).kind, EventKind::Instant);

        const EventRef process = only(*trace, "processMark");
        QVERIFY(process.isValid());
        QCOMPARE(trace->tracks[process.track].kind, TrackKind::Instants);
        using Owner = std::pair<std::int64_t, std::optional<std::int64_t>>;
        QCOMPARE(owner(*trace, process), Owner(1, std::nullopt));
        QCOMPARE(trace->event(process).start, 6000);

        const EventRef work = only(*trace, "work");
        for (const char *name : {"threadMark", "defaultMark", "unknownScopeMark"}) {
            const EventRef ref = only(*trace, name);
            QVERIFY2(ref.isValid(), name);
            QCOMPARE(ref.track, work.track);
            QCOMPARE(trace->event(ref).kind, EventKind::Instant);
            QCOMPARE(int(trace->event(ref).depth), 1);
        }
        // Thread (1, 2) and (2, 9) only had process or global instants.
        QCOMPARE(trace->counts().threads, 1u);
        QCOMPARE(trace->eventCount(), 7u);
    }

    // Thread states have no lane in Tracelane: skipped and counted. A T with an
    // id is Chrome's legacy async step and stays on the async track.
    void threadState()
    {
        const auto trace = loadPerfettoFixture("thread_state.json");
        QVERIFY(trace);
        QCOMPARE(trace->diagnostics.count("thread-state-skipped"), 2u);
        QVERIFY(eventsNamed(*trace, "Running").empty());
        QVERIFY(eventsNamed(*trace, "S").empty());
        const std::vector<EventRef> request = eventsNamed(*trace, "request");
        QCOMPARE(request.size(), 2u);
        QCOMPARE(trace->tracks[request[0].track].kind, TrackKind::Async);
        QCOMPARE(trace->event(request[0]).duration, 100000);
        QCOMPARE(trace->event(request[1]).kind, EventKind::Instant);
        QCOMPARE(trace->event(request[1]).start, 50000);
        QCOMPARE(trace->eventCount(), 3u);
        // The step inside the slice sits in the next lane, so each lane stays
        // ordered by end and a window after the step still finds the slice.
        QCOMPARE(int(trace->event(request[1]).depth), 1);
        const DepthIndex index(*trace);
        int found = 0;
        forEachEventInWindow(*trace, index, request[0].track, TimeWindow{trace->event(request[1]).start + 10000,
                                                                          trace->event(request[1]).start + 20000},
                             [&](EventRef ref, const Event &) { found += ref == request[0] ? 1 : 0; });
        QCOMPARE(found, 1);
    }

    // A trailing {} is a writer's idiom, not a broken event.
    void trailingEmptyObject()
    {
        const auto trace = loadPerfettoFixture("trailing_empty_object.json");
        QVERIFY(trace);
        QCOMPARE(trace->eventCount(), 1u);
        QVERIFY(only(*trace, "real_event").isValid());
        QCOMPARE(trace->diagnostics.count("missing-phase"), 1u); // no_phase, not {}
        QCOMPARE(trace->diagnostics.entries().size(), 1u);
    }

    // Zero-duration slices at another slice's start or end are its siblings;
    // two at one time stack (Perfetto: intervals closed on the left, open on
    // the right; instants only nest in instants).
    void zeroDurationSiblings()
    {
        const auto trace = loadPerfettoFixture("zero_duration_siblings.json");
        QVERIFY(trace);
        const std::map<std::string, int> depths = {{"parent", 0}, {"atStart", 0}, {"inside", 1}, {"instantAtEnd", 0},
                                                   {"next", 0},   {"twinA", 0},   {"twinB", 1}};
        std::set<int> depthsOfTwins;
        for (const auto &[name, depth] : depths) {
            const EventRef ref = only(*trace, name);
            QVERIFY2(ref.isValid(), name.c_str());
            if (name.rfind("twin", 0) == 0)
                depthsOfTwins.insert(trace->event(ref).depth);
            else
                QCOMPARE(int(trace->event(ref).depth), depth);
        }
        QCOMPARE(depthsOfTwins, (std::set<int>{0, 1}));
        QCOMPARE(trace->diagnostics.count("improper-nesting"), 0u);
    }

    // X without a usable dur: kept with duration 0 and counted.
    void xWithoutDuration()
    {
        const auto trace = loadPerfettoFixture("x_without_dur.json");
        QVERIFY(trace);
        for (const char *name : {"noDur", "nullDur", "textDur", "objectDur", "negativeDur"}) {
            const EventRef ref = only(*trace, name);
            QVERIFY2(ref.isValid(), name);
            QCOMPARE(trace->event(ref).duration, 0);
        }
        QCOMPARE(trace->event(only(*trace, "stringDur")).duration, 2500);
        QCOMPARE(trace->diagnostics.count("missing-duration"), 2u);
        QCOMPARE(trace->diagnostics.count("bad-duration"), 2u);
        QCOMPARE(trace->diagnostics.count("negative-duration"), 1u);
    }

    // Both parse paths: one chunk per file, and chunks of a few bytes parsed
    // on two threads, build the same model.
    void chunkedLoadAgrees_data()
    {
        QTest::addColumn<QString>("name");
        for (const char *name :
             {"trailing_commas.json", "control_characters.json", "invalid_utf8.json", "flows_v2.json",
              "counter_strings.json", "end_name_mismatch.json", "missing_tid.json", "instant_scopes.json",
              "thread_state.json", "trailing_empty_object.json", "zero_duration_siblings.json", "x_without_dur.json"})
            QTest::newRow(name) << QString::fromLatin1(name);
    }

    void chunkedLoadAgrees()
    {
        QFETCH(QString, name);
        const QByteArray file = name.toLatin1();
        const auto whole = loadPerfettoFixture(file.constData());
        QVERIFY(whole);
        for (const char *chunk : {"16", "40", "97"}) {
            qputenv("TRACELANE_CHROME_CHUNK_BYTES", chunk);
            qputenv("TRACELANE_IMPORT_THREADS", "2");
            const auto cut = loadPerfettoFixture(file.constData());
            QVERIFY(cut);
            QCOMPARE(test::traceDump(*cut), test::traceDump(*whole));
        }
    }
};

TRACELANE_TEST_GUILESS_MAIN(TestPerfettoSemantics)
#include "tst_perfetto_semantics.moc"
