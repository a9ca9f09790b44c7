// Several traces opened as one (trace_group.h, trace_merge.h): the two shared
// ranks of one HolisticTraceAnalysis run, merged in rank order, must keep
// every event, argument, flow and correlation of each file exactly (checked
// event by event against the file loaded alone), sit on the time base asked
// for, and give the same summaries as the traces taken together. Bad files
// are left out and said; cancelling stops. The folder listing is tried on a
// hand-made folder.
#include "analysis/ranks/trace_group.h"
#include "analysis/summaries/kernel_summary.h"
#include "cached_import.h"

#include "shared_traces.h"
#include "test_registry.h"

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <map>
#include <regex>
#include <set>

using namespace tracelane;
using namespace tracelane::test;

namespace {

const QString kUnrankedTrace = sharedTraces() + QStringLiteral("kineto/compiled_mlp_train.json.gz");

std::string argsText(const Trace &trace, EventRef ref)
{
    std::string text;
    for (const Arg &arg : trace.args(ref))
        text += std::string(trace.strings.view(arg.key)) + "=" + arg.value.toText(trace.strings) + ";";
    return text;
}

// Start of ProfilerStep#N, straight from the events.
std::map<std::int64_t, TimeNs> stepStarts(const Trace &trace, std::uint32_t firstTrack, std::uint32_t endTrack)
{
    static const std::regex step(R"(ProfilerStep#(\d+))");
    std::map<std::int64_t, TimeNs> starts;
    for (std::uint32_t t = firstTrack; t < endTrack; ++t)
        for (const Event &e : trace.tracks[t].events) {
            std::smatch match;
            const std::string name(trace.strings.view(e.name));
            if (std::regex_match(name, match, step))
                starts.emplace(std::stoll(match[1]), e.start);
        }
    return starts;
}

TraceGroup open(const QStringList &paths, TimeAlignment alignment = TimeAlignment::CommonClock)
{
    std::vector<std::string> files;
    for (const QString &path : paths)
        files.push_back(path.toStdString());
    return loadTraceGroup(files, alignment, "group");
}

} // namespace

class TestTraceGroup : public QObject
{
    Q_OBJECT

private slots:
    void partsInRankOrderKeepEveryEvent()
    {
        const TraceGroup group = open(
            {rankTrace(1), kUnrankedTrace, rankTrace(0)}); // rank order is not the order given
        QVERIFY2(group.trace, group.error.c_str());
        const Trace &merged = *group.trace;
        QCOMPARE(merged.parts.size(), std::size_t(3));
        QCOMPARE(merged.parts[0].label, std::string("rank 0"));
        QCOMPARE(merged.parts[1].label, std::string("rank 1"));
        QCOMPARE(merged.parts[2].label, std::string("compiled_mlp_train.json.gz"));
        QCOMPARE(group.ranks.rows.size(), std::size_t(3));
        QCOMPARE(group.ranks.rows[1].rank, std::optional<std::int64_t>(1));

        const QStringList files = {rankTrace(0), rankTrace(1), kUnrankedTrace};
        std::uint64_t events = 0, flows = 0;
        for (std::size_t p = 0; p < merged.parts.size(); ++p) {
            const TracePart &part = merged.parts[p];
            const auto original = cachedTrace(files[int(p)]);
            QVERIFY(original);
            QCOMPARE(std::size_t(part.endTrack - part.firstTrack), original->tracks.size());
            QCOMPARE(part.source.path, files[int(p)].toStdString());
            events += original->eventCount();
            flows += original->flows.size();
            for (std::uint32_t t = 0; t < original->tracks.size(); ++t) {
                const Track &before = original->tracks[t];
                const Track &after = merged.tracks[part.firstTrack + t];
                QCOMPARE(merged.strings.view(after.name), original->strings.view(before.name));
                QCOMPARE(after.kind, before.kind);
                QCOMPARE(after.events.size(), before.events.size());
                QCOMPARE(merged.partOfTrack(part.firstTrack + t), &part);
                if (before.thread >= 0)
                    QCOMPARE(merged.threads[std::size_t(after.thread)].tid,
                             original->threads[std::size_t(before.thread)].tid);
                if (before.stream >= 0)
                    QCOMPARE(merged.streams[std::size_t(after.stream)].streamId,
                             original->streams[std::size_t(before.stream)].streamId);
                for (std::uint32_t i = 0; i < before.events.size(); ++i) {
                    const Event &a = before.events[i], &b = after.events[i];
                    QCOMPARE(b.start, a.start + part.shift);
                    QCOMPARE(b.duration, a.duration);
                    QCOMPARE(merged.strings.view(b.name), original->strings.view(a.name));
                    QCOMPARE(merged.category(b), original->category(a));
                    QCOMPARE(b.correlation, a.correlation ? a.correlation + part.correlationOffset : 0u);
                    if (a.args != kNoArgs)
                        QCOMPARE(argsText(merged, {part.firstTrack + t, i}), argsText(*original, {t, i}));
                }
            }
        }
        QCOMPARE(merged.eventCount(), events);
        QCOMPARE(merged.flows.size(), std::size_t(flows));
        // Every launch still ends on its own part's GPU work, with the same correlation.
        for (const Flow &flow : merged.flows) {
            QCOMPARE(merged.partOfTrack(flow.from.track), merged.partOfTrack(flow.to.track));
            if (flow.kind == FlowKind::Launch && merged.event(flow.from).correlation)
                QCOMPARE(merged.event(flow.to).correlation, merged.event(flow.from).correlation);
        }
        // Correlation ids of different parts never meet.
        std::map<CorrelationId, const TracePart *> owner;
        for (std::uint32_t t = 0; t < merged.tracks.size(); ++t)
            for (const Event &e : merged.tracks[t].events)
                if (e.correlation) {
                    const auto [it, added] = owner.emplace(e.correlation, merged.partOfTrack(t));
                    QCOMPARE(it->second, merged.partOfTrack(t));
                }
        for (std::size_t i = 1; i < merged.flowsByTo.size(); ++i)
            QVERIFY(merged.flows[merged.flowsByTo[i - 1]].to <= merged.flows[merged.flowsByTo[i]].to);
    }

    void summariesEqualTheTracesTakenTogether()
    {
        const TraceGroup group = open({rankTrace(0), rankTrace(1)});
        QVERIFY(group.trace);
        const auto r0 = cachedTrace(rankTrace(0)), r1 = cachedTrace(rankTrace(1));
        const NameSummary together = kernelSummary(std::vector<const Trace *>{r0.get(), r1.get()});
        const NameSummary merged = kernelSummary(*group.trace);
        QCOMPARE(merged.rows.size(), together.rows.size());
        QVERIFY(merged.rows.size() > 10);
        std::map<std::string, std::pair<std::int64_t, TimeNs>> direct; // name -> count, total
        for (const auto &trace : {r0, r1})
            for (const Track &track : trace->tracks)
                for (const Event &e : track.events)
                    if (e.kind == EventKind::Kernel) {
                        auto &[count, total] = direct[std::string(trace->strings.view(e.name))];
                        ++count;
                        total += e.duration;
                    }
        for (const NameSummaryRow &row : merged.rows) {
            QCOMPARE(row.stats.count, direct.at(row.name).first);
            QCOMPARE(row.stats.total, direct.at(row.name).second);
        }
        QCOMPARE(group.trace->startNs, std::min(r0->startNs, r1->startNs));
        QCOMPARE(group.trace->endNs, std::max(r0->endNs, r1->endNs));
    }

    void clocksAndIterationsAlign()
    {
        // Both ranks write epoch timestamps: the common clock moves neither.
        const TraceGroup clock = open({rankTrace(0), rankTrace(1)}, TimeAlignment::CommonClock);
        QVERIFY(clock.trace);
        QCOMPARE(clock.alignment.used, TimeAlignment::CommonClock);
        QCOMPARE(clock.trace->parts[1].shift, TimeNs(0));
        QVERIFY(clock.alignment.note.empty());

        const TraceGroup starts = open({rankTrace(0), rankTrace(1)}, TimeAlignment::TraceStart);
        QVERIFY(starts.trace);
        const auto r0 = cachedTrace(rankTrace(0)), r1 = cachedTrace(rankTrace(1));
        QCOMPARE(starts.trace->parts[1].shift, r0->startNs - r1->startNs);

        const TraceGroup steps = open({rankTrace(0), rankTrace(1)}, TimeAlignment::FirstIteration);
        QVERIFY(steps.trace);
        QCOMPARE(steps.alignment.used, TimeAlignment::FirstIteration);
        const Trace &m = *steps.trace;
        const auto first = stepStarts(m, m.parts[0].firstTrack, m.parts[0].endTrack);
        const auto second = stepStarts(m, m.parts[1].firstTrack, m.parts[1].endTrack);
        QVERIFY(!first.empty() && !second.empty());
        std::int64_t common = -1;
        for (const auto &[number, start] : first)
            if (second.count(number)) {
                common = number;
                break;
            }
        QVERIFY(common >= 0);
        QCOMPARE(second.at(common), first.at(common));
        QVERIFY(steps.trace->parts[1].shift != 0);

        // A trace without an epoch clock (hand-written, times from 0): placed by its start, and said.
        QTemporaryDir dir;
        const QString plain = dir.filePath(QStringLiteral("plain.json"));
        std::ofstream(plain.toStdString())
            << R"({"traceEvents":[{"ph":"X","name":"a","ts":10,"dur":5,"pid":1,"tid":1}]})";
        const TraceGroup mixed = open({rankTrace(0), plain}, TimeAlignment::CommonClock);
        QVERIFY(mixed.trace);
        QCOMPARE(mixed.alignment.used, TimeAlignment::TraceStart);
        QVERIFY(!mixed.alignment.note.empty());
        QCOMPARE(mixed.trace->parts[1].shift, r0->startNs - TimeNs(10'000));
        QCOMPARE(mixed.trace->parts[1].label, std::string("plain.json"));
    }

    void badFilesAreLeftOutAndSaid()
    {
        QTemporaryDir dir;
        const QString bad = dir.filePath(QStringLiteral("rank-7.json"));
        std::ofstream(bad.toStdString()) << "{\"traceEvents\": [ {\"ph\": \"X\", \"ts\": ";
        const QString missing = dir.filePath(QStringLiteral("missing.json"));
        const TraceGroup group = open({rankTrace(0), bad, missing});
        QVERIFY(group.trace);
        QCOMPARE(group.trace->parts.size(), std::size_t(1));
        QCOMPARE(group.trace->diagnostics.count("trace-not-loaded"), std::uint64_t(2));

        const TraceGroup none = open({missing, bad});
        QVERIFY(!none.trace);
        QVERIFY(QString::fromStdString(none.error).contains(QStringLiteral("missing.json")));
        QVERIFY(QString::fromStdString(none.error).contains(QStringLiteral("rank-7.json")));
        QVERIFY(!open({}).trace);
    }

    void diagnosticsSayWhichTrace()
    {
        QTemporaryDir dir;
        // Hand-written: a trace with an event without "ph" (a warning with its location).
        const QString odd = dir.filePath(QStringLiteral("odd.json"));
        std::ofstream(odd.toStdString()) << R"({"traceEvents":[{"name":"a","ts":10,"dur":5,"pid":1,"tid":1},)"
                                         << R"({"ph":"X","name":"b","ts":20,"dur":5,"pid":1,"tid":1}]})";
        const auto alone = loadTrace(odd.toStdString());
        QVERIFY(alone.ok());
        QVERIFY(alone.trace->diagnostics.hasWarnings());
        const TraceGroup group = open({rankTrace(0), odd});
        QVERIFY(group.trace);
        bool labelled = false;
        for (const Diagnostic &d : group.trace->diagnostics.entries())
            for (const std::string &example : d.examples)
                labelled = labelled || example.starts_with("odd.json: ");
        QVERIFY(labelled);
    }

    void cancelStops()
    {
        std::size_t calls = 0;
        TraceGroupObserver observer;
        observer.progress = [&](std::size_t, std::uint64_t, std::uint64_t) { ++calls; };
        observer.cancelled = [&] { return calls > 0; };
        const TraceGroup group = loadTraceGroup({rankTrace(0).toStdString(), rankTrace(1).toStdString()},
                                                TimeAlignment::CommonClock, "group", observer);
        QVERIFY(group.cancelled);
        QVERIFY(!group.trace);
    }

    void progressNamesEachFile()
    {
        std::set<std::size_t> files;
        TraceGroupObserver observer;
        observer.progress = [&](std::size_t file, std::uint64_t, std::uint64_t) { files.insert(file); };
        const TraceGroup group = loadTraceGroup({rankTrace(0).toStdString(), rankTrace(1).toStdString()},
                                                TimeAlignment::CommonClock, "g", observer);
        QVERIFY(group.trace);
        QCOMPARE(files, (std::set<std::size_t>{0, 1}));
    }

    void folderListsTraceFiles()
    {
        QTemporaryDir dir;
        for (const char *name : {"b.json", "a.json.gz", "c.sqlite", "notes.txt", "d.JSON"})
            std::ofstream(dir.filePath(QString::fromLatin1(name)).toStdString()) << "x";
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("sub.json")));
        std::vector<std::string> names;
        for (const std::string &path : traceFilesInFolder(dir.path().toStdString()))
            names.push_back(QFileInfo(QString::fromStdString(path)).fileName().toStdString());
        QCOMPARE(names, (std::vector<std::string>{"a.json.gz", "b.json", "c.sqlite", "d.JSON"}));
        QVERIFY(traceFilesInFolder(dir.filePath(QStringLiteral("none")).toStdString()).empty());
    }

    // A TensorBoard log folder (JAX, TensorFlow, the PyTorch TensorBoard plugin)
    // opens its newest profile run: one XSpace file per host.
    void tensorBoardLogFolderOpensItsNewestRun()
    {
        QTemporaryDir dir;
        const QDir root(dir.path());
        for (const char *run : {"plugins/profile/2026_11_27_10_00_00", "plugins/profile/2026_11_28_09_30_00"})
            QVERIFY(root.mkpath(QString::fromLatin1(run)));
        for (const char *file : {"plugins/profile/2026_11_27_10_00_00/old.xplane.pb",
                                 "plugins/profile/2026_11_28_09_30_00/host0.xplane.pb",
                                 "plugins/profile/2026_11_28_09_30_00/host1.xplane.pb.gz",
                                 "plugins/profile/2026_11_28_09_30_00/host0.trace.json.gz.meta"})
            std::ofstream(dir.filePath(QString::fromLatin1(file)).toStdString()) << "x";
        for (const QString &folder : {dir.path(), dir.filePath(QStringLiteral("plugins"))}) {
            std::vector<std::string> names;
            for (const std::string &path : traceFilesInFolder(folder.toStdString()))
                names.push_back(QFileInfo(QString::fromStdString(path)).fileName().toStdString());
            QCOMPARE(names, (std::vector<std::string>{"host0.xplane.pb", "host1.xplane.pb.gz"}));
        }
    }
};

TRACELANE_TEST_GUILESS_MAIN(TestTraceGroup)
#include "tst_trace_group.moc"
