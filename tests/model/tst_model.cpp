// Model invariants: exact time conversion, interning, compact arguments, and what
// TraceBuilder::finish() derives (order, depth, flows). Traces here are built in
// code: they test the builder, not an importer.
#include "model/args.h"
#include "model/time_units.h"
#include "model/trace_builder.h"

#include "test_registry.h"

#include <QtTest>

using namespace tracelane;

class TestModel : public QObject
{
    Q_OBJECT

private slots:
    void microsecondsText_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<qint64>("ns");
        // Epoch-based Kineto timestamp: 1712195495519689047 ns is beyond 2^53.
        QTest::newRow("epoch") << QStringLiteral("1712195495519689.047") << qint64(1712195495519689047LL);
        QTest::newRow("boot") << QStringLiteral("4502771130805.835") << qint64(4502771130805835LL);
        QTest::newRow("integer") << QStringLiteral("12") << qint64(12000);
        QTest::newRow("one decimal") << QStringLiteral("0.5") << qint64(500);
        QTest::newRow("round half up") << QStringLiteral("1.0005") << qint64(1001);
        QTest::newRow("round down") << QStringLiteral("1.0004999") << qint64(1000);
        QTest::newRow("negative") << QStringLiteral("-3.25") << qint64(-3250);
        QTest::newRow("exponent") << QStringLiteral("1.5e3") << qint64(1500000);
    }
    void microsecondsText()
    {
        QFETCH(QString, text);
        QFETCH(qint64, ns);
        const auto parsed = microsecondsTextToNs(text.toStdString());
        QVERIFY(parsed.has_value());
        QCOMPARE(qint64(*parsed), ns);
    }

    void microsecondsTextRejectsGarbage()
    {
        QVERIFY(!microsecondsTextToNs("").has_value());
        QVERIFY(!microsecondsTextToNs("abc").has_value());
        QVERIFY(!microsecondsTextToNs("1.2.3").has_value());
        QVERIFY(!microsecondsTextToNs("99999999999999999999").has_value());
        QVERIFY(!microsecondsTextToNs("-").has_value());
    }

    void doubleWouldLoseTheEpochTimestamp()
    {
        // Why the text path exists: the double route is off by tens of nanoseconds.
        const double viaDouble = 1712195495519689.047 * 1000.0;
        QVERIFY(static_cast<long long>(viaDouble) != 1712195495519689047LL);
    }

    void stringTableInterns()
    {
        StringTable strings;
        const StringId a = strings.intern("aten::add");
        QCOMPARE(strings.intern("aten::add"), a);
        QVERIFY(strings.intern("aten::mul") != a);
        QCOMPARE(strings.view(a), std::string_view("aten::add"));
        QCOMPARE(strings.view(0), std::string_view());
        const std::string big(1 << 20, 'x');
        const StringId b = strings.intern(big);
        QCOMPARE(strings.view(b).size(), big.size());
        QCOMPARE(strings.find("aten::mul").value_or(0), strings.intern("aten::mul"));
    }

    void stringTableGrowsAndFreezes()
    {
        // Ids are handed out in order, survive the index growing, and lengths
        // around the hash's 4- and 8-byte reads all stay distinct.
        StringTable strings;
        std::vector<std::string> texts;
        for (int i = 0; i < 5000; ++i)
            texts.push_back(std::string(std::size_t(i % 19), 'a') + std::to_string(i));
        texts.push_back(std::string("\0x", 3));
        texts.push_back(std::string("\0x\0", 4));
        for (std::size_t i = 0; i < texts.size(); ++i)
            QCOMPARE(strings.intern(texts[i]), StringId(i + 1));
        QCOMPARE(strings.intern(""), StringId(0));
        for (std::size_t i = 0; i < texts.size(); ++i) {
            QCOMPARE(strings.intern(texts[i]), StringId(i + 1));
            QCOMPARE(strings.find(texts[i]).value_or(0), StringId(i + 1));
        }
        QVERIFY(!strings.find("not interned").has_value());
        strings.freezeLookup();
        QCOMPARE(strings.find(texts[42]).value_or(0), StringId(43));
        QCOMPARE(strings.intern(texts[7]), StringId(8)); // interning again rebuilds the index
        QCOMPARE(strings.intern("new"), StringId(texts.size() + 1));
    }

    void argsRoundTrip()
    {
        StringTable strings;
        ArgSchemas schemas;
        std::vector<std::uint8_t> blob;
        ArgWriter writer;
        writer.add(strings.intern("correlation"), ArgValue::ofInt(24430));
        writer.add(strings.intern("negative"), ArgValue::ofInt(-7));
        writer.add(strings.intern("bandwidth"), ArgValue::ofDouble(41.41046201988897));
        writer.add(strings.intern("grid"), ArgValue::ofJson(strings.intern("[1568,1,32]")));
        writer.add(strings.intern("flag"), ArgValue::ofBool(true));
        const ArgsOffset first = writer.flushTo(blob, schemas);
        writer.add(strings.intern("second"), ArgValue::ofString(strings.intern("x")));
        const ArgsOffset second = writer.flushTo(blob, schemas);
        QCOMPARE(first, ArgsOffset(0));
        QVERIFY(second > first);

        const auto args = decodeArgs(schemas, blob, first);
        QCOMPARE(args.size(), std::size_t(5));
        QCOMPARE(args[0].value.i, std::int64_t(24430));
        QCOMPARE(args[1].value.i, std::int64_t(-7));
        QCOMPARE(args[2].value.d, 41.41046201988897);
        QCOMPARE(args[3].value.toText(strings), std::string("[1568,1,32]"));
        QCOMPARE(args[4].value.toText(strings), std::string("true"));
        QCOMPARE(findArg(schemas, blob, second, strings.intern("second"))->toText(strings), std::string("x"));
        QVERIFY(!findArg(schemas, blob, second, strings.intern("correlation")).has_value());
        QCOMPARE(writer.flushTo(blob, schemas), kNoArgs);

        // A second event with the same keys and types shares the schema: values only.
        const std::size_t before = blob.size();
        writer.add(strings.intern("second"), ArgValue::ofString(strings.intern("y")));
        const ArgsOffset third = writer.flushTo(blob, schemas);
        QCOMPARE(blob.size() - before, std::size_t(2)); // schema id + string id
        QCOMPARE(schemas.size(), std::size_t(2));
        QCOMPARE(decodeArgs(schemas, blob, third)[0].value.toText(strings), std::string("y"));
    }

    void finishSortsNestsAndLinks()
    {
        TraceBuilder b;
        const auto proc = b.process(100);
        const auto thread = b.thread(proc, 101);
        const auto cpu = b.threadTrack(thread, TrackKind::CpuThread);
        const auto api = b.threadTrack(thread, TrackKind::ThreadApi);
        const auto gpu = b.streamTrack(b.stream(b.device(0), 7), TrackKind::GpuStream);

        // Added out of order: a child before its parent.
        b.addEvent(cpu, Event{150, 20, b.intern("child"), kNoArgs, 0, EventKind::CpuOp});
        b.addEvent(cpu, Event{100, 100, b.intern("parent"), kNoArgs, 0, EventKind::CpuOp});
        b.addEvent(cpu, Event{300, 10, b.intern("next"), kNoArgs, 0, EventKind::CpuOp});
        b.addEvent(api, Event{155, 5, b.intern("cudaLaunchKernel"), kNoArgs, 42, EventKind::ApiCall});
        b.addEvent(gpu, Event{400, 50, b.intern("kernel"), kNoArgs, 42, EventKind::Kernel});
        b.addEvent(gpu, Event{500, 50, b.intern("orphan"), kNoArgs, 43, EventKind::Kernel});

        const auto trace = b.finish();
        const Track &t = trace->tracks[cpu];
        QCOMPARE(trace->strings.view(t.events[0].name), std::string_view("parent"));
        QCOMPARE(t.events[0].depth, std::uint8_t(0));
        QCOMPARE(t.events[1].depth, std::uint8_t(1));
        QCOMPARE(t.events[2].depth, std::uint8_t(0));
        QCOMPARE(t.maxDepth, std::uint8_t(1));
        QCOMPARE(trace->startNs, TimeNs(100));
        QCOMPARE(trace->endNs, TimeNs(550));

        QCOMPARE(trace->flows.size(), std::size_t(1));
        const Flow &f = trace->flows[0];
        QCOMPARE(trace->name(f.from), std::string_view("cudaLaunchKernel"));
        QCOMPARE(trace->name(f.to), std::string_view("kernel"));
        QCOMPARE(trace->flowsFrom(f.from).size(), std::size_t(1));
        QCOMPARE(trace->flowsTo(f.to).size(), std::size_t(1));
        QCOMPARE(trace->diagnostics.count("gpu-work-without-launch"), std::uint64_t(1));

        const EventCounts c = trace->counts();
        QCOMPARE(c.events, std::uint64_t(6));
        QCOMPARE(c.cpuOps, std::uint64_t(3));
        QCOMPARE(c.kernels, std::uint64_t(2));
        QCOMPARE(c.apiCalls, std::uint64_t(1));
        QCOMPARE(c.streams, std::uint64_t(1));
    }

    void flowPointsBindToSlices()
    {
        TraceBuilder b;
        const auto thread = b.thread(b.process(1), 1);
        const auto cpu = b.threadTrack(thread, TrackKind::CpuThread);
        b.addEvent(cpu, Event{0, 100, b.intern("forward"), kNoArgs, 0, EventKind::CpuOp});
        b.addEvent(cpu, Event{10, 20, b.intern("forward child"), kNoArgs, 0, EventKind::CpuOp});
        b.addEvent(cpu, Event{200, 50, b.intern("backward"), kNoArgs, 0, EventKind::CpuOp});
        const StringId cat = b.intern("fwdbwd");
        b.addFlowPoint({.id = 1, .time = 15, .category = cat, .track = cpu, .phase = FlowPhase::Start, .kind = FlowKind::ForwardBackward});
        b.addFlowPoint({.id = 1, .time = 210, .category = cat, .track = cpu, .phase = FlowPhase::End, .kind = FlowKind::ForwardBackward});
        b.addFlowPoint({.id = 2, .time = 220, .category = cat, .track = cpu, .phase = FlowPhase::End, .kind = FlowKind::ForwardBackward}); // no start
        const auto trace = b.finish();
        QCOMPARE(trace->flows.size(), std::size_t(1));
        QCOMPARE(trace->name(trace->flows[0].from), std::string_view("forward child"));
        QCOMPARE(trace->name(trace->flows[0].to), std::string_view("backward"));
        QCOMPARE(trace->flows[0].kind, FlowKind::ForwardBackward);
        QCOMPARE(trace->diagnostics.count("flow-without-start"), std::uint64_t(1));
    }

    void emptyTrace()
    {
        TraceBuilder b;
        const auto trace = b.finish();
        QVERIFY(trace->isEmpty());
        QCOMPARE(trace->startNs, TimeNs(0));
        QCOMPARE(trace->endNs, TimeNs(0));
    }
};

TRACELANE_TEST_APPLESS_MAIN(TestModel)
#include "tst_model.moc"
