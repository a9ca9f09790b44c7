// Structure trees (modules, Python stacks, ranges, CPU ops) on the shared
// traces and the real with_stack/with_modules recordings, against what the
// test computes on its own from the raw events: calls and CPU time per name,
// the GPU time launched inside each instance (found by scanning the launch
// calls of its thread), and the GPU time of every launch. Small hand-written
// traces pin the exact numbers of nesting, clipping, scope and leaves.
#include "hand_built_trace.h"

#include "analysis/operators/op_summary.h"
#include "analysis/structure/structure_table.h"
#include "analysis/structure/structure_tree.h"
#include "cached_import.h"
#include "cli_run.h"

#include "shared_traces.h"
#include "test_registry.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <map>
#include <regex>
#include <set>

using namespace tracelane;
using namespace tracelane::test;

namespace structure_test {

QString withStackTrace(const char *name)
{
    return QStringLiteral(TRACELANE_TEST_DATA "/chrome/with_stack/") + QLatin1String(name);
}

struct RawLaunch
{
    TimeNs callStart = 0, callEnd = 0, gpuDuration = 0;
};

// Each GPU operation once, with the first CPU-thread call linked to it, per thread by call start.
std::map<std::int32_t, std::vector<RawLaunch>> rawLaunches(const Trace &trace, TimeNs &gpuTime)
{
    std::map<std::int32_t, std::vector<RawLaunch>> byThread;
    std::set<EventRef> seen;
    gpuTime = 0;
    for (const Flow &flow : trace.flows) {
        const Event &op = trace.event(flow.to);
        const std::int32_t thread = trace.tracks[flow.from.track].thread;
        if (flow.kind != FlowKind::Launch || thread < 0 || !isGpuWork(op.kind) || !seen.insert(flow.to).second)
            continue;
        const Event &call = trace.event(flow.from);
        byThread[thread].push_back({call.start, call.end(), op.duration});
        gpuTime += op.duration;
    }
    for (auto &[thread, launches] : byThread)
        std::sort(launches.begin(), launches.end(),
                  [](const RawLaunch &a, const RawLaunch &b) { return a.callStart < b.callStart; });
    return byThread;
}

// The name a level event's node must have, by the documented rules, written out again.
bool levelOf(TreeLevels levels, const Track &track, const Event &e, std::string_view name, std::string &node)
{
    static const std::regex step(R"(ProfilerStep#\d+)"), iteration(R"(Iteration \d+)");
    bool level = false;
    switch (levels) {
    case TreeLevels::Modules:
        level = track.kind == TrackKind::CpuThread && e.kind == EventKind::PythonFunction && name.starts_with("nn.Module: ");
        break;
    case TreeLevels::Stacks: level = track.kind == TrackKind::CpuThread && e.kind == EventKind::PythonFunction; break;
    case TreeLevels::Ranges: level = track.kind == TrackKind::ThreadRanges && e.kind == EventKind::Range; break;
    case TreeLevels::Ops: level = track.kind == TrackKind::CpuThread && e.kind == EventKind::CpuOp; break;
    }
    if (!level)
        return false;
    node = std::string(name);
    if (levels == TreeLevels::Modules)
        node = node.substr(11);
    if (std::regex_match(node, step))
        node = "ProfilerStep#*";
    else if (std::regex_match(node, iteration))
        node = "Iteration *";
    return true;
}

TreeOptions treeOptions(TreeLevels levels, bool gpuLeaves = false)
{
    TreeOptions options;
    options.levels = levels;
    options.gpuLeaves = gpuLeaves;
    return options;
}

TreeOptions windowOptions(TimeNs from, TimeNs to)
{
    TreeOptions options;
    options.from = from;
    options.to = to;
    options.keepInstances = true;
    return options;
}

TreeOptions threadOptions(std::vector<bool> threads)
{
    TreeOptions options;
    options.threads = std::move(threads);
    return options;
}

TreeTableOptions minShareOptions(double percent)
{
    TreeTableOptions options;
    options.minSharePercent = percent;
    return options;
}

struct NameTotals
{
    std::int64_t calls = 0;
    TimeNs cpu = 0, gpu = 0;
};

} // namespace structure_test

using namespace structure_test;

class TestStructureTree : public QObject
{
    Q_OBJECT

private slots:
    void sharedTraces_data()
    {
        QTest::addColumn<QString>("path");
        for (const char *name : {"kineto/resnet50_train.json.gz", "kineto/dlrm_train.json.gz",
                                 "kineto/transformer_train_2streams.json.gz", "kineto/compiled_mlp_train.json.gz",
                                 "hta/sampled_rank-0.json.gz", "nsys/nvtx_cnn.sqlite", "nsys/emit_nvtx_mlp.sqlite"})
            QTest::newRow(name) << sharedTrace(name);
        QTest::newRow("bert_small_h100") << withStackTrace("bert_small_h100.json.gz");
        QTest::newRow("qwen_0.5b_h100") << withStackTrace("qwen_0.5b_h100.json.gz");
    }

    // Every tree of every trace: per name, calls, CPU total and GPU total equal
    // the sums over the raw instances; GPU self times add up to every launched
    // operation's time.
    void sharedTraces()
    {
        QFETCH(QString, path);
        const auto trace = cachedTraceOrWarn(path);
        QVERIFY(trace);
        TimeNs launchedGpu = 0;
        const auto launches = rawLaunches(*trace, launchedGpu);
        int levelsWithEvents = 0;
        for (TreeLevels levels : {TreeLevels::Modules, TreeLevels::Stacks, TreeLevels::Ranges, TreeLevels::Ops}) {
            const StructureTree tree = buildStructureTree(*trace, treeOptions(levels));
            const QByteArray what = QByteArray(treeLevelsName(levels).data());

            std::map<std::string, NameTotals> expected;
            for (const Track &track : trace->tracks) {
                if (track.thread < 0)
                    continue;
                const auto it = launches.find(track.thread);
                for (const Event &e : track.events) {
                    std::string node;
                    if (!levelOf(levels, track, e, trace->strings.view(e.name), node))
                        continue;
                    NameTotals &totals = expected[node];
                    ++totals.calls;
                    totals.cpu += e.duration;
                    if (it == launches.end())
                        continue;
                    const auto first = std::lower_bound(it->second.begin(), it->second.end(), e.start,
                                                        [](const RawLaunch &l, TimeNs t) { return l.callStart < t; });
                    for (auto l = first; l != it->second.end() && l->callStart < e.end(); ++l)
                        if (l->callEnd <= e.end())
                            totals.gpu += l->gpuDuration;
                }
            }
            std::map<std::string, NameTotals> actual;
            TimeNs gpuSelf = 0, rootGpu = 0, cpuSelf = 0, rootCpu = 0;
            for (std::uint32_t n = 0; n < tree.nodes.size(); ++n) {
                const TreeNode &node = tree.nodes[n];
                gpuSelf += node.gpuSelf;
                cpuSelf += node.cpuSelf;
                if (node.parent == kNoTreeNode) {
                    rootGpu += node.gpuTotal;
                    rootCpu += node.cpuTotal;
                }
                if (node.outside)
                    continue;
                NameTotals &totals = actual[std::string(tree.name(n))];
                totals.calls += node.calls;
                totals.cpu += node.cpuTotal;
                totals.gpu += node.gpuTotal;
            }
            QCOMPARE(actual.size(), expected.size());
            for (const auto &[name, totals] : expected) {
                const NameTotals &got = actual[name];
                if (got.calls != totals.calls || got.cpu != totals.cpu || got.gpu != totals.gpu)
                    qWarning("%s %s: calls %lld/%lld cpu %lld/%lld gpu %lld/%lld", what.constData(), name.c_str(),
                             (long long)got.calls, (long long)totals.calls, (long long)got.cpu, (long long)totals.cpu,
                             (long long)got.gpu, (long long)totals.gpu);
                QCOMPARE(got.calls, totals.calls);
                QCOMPARE(got.cpu, totals.cpu);
                QCOMPARE(got.gpu, totals.gpu);
            }
            QCOMPARE(tree.gpuTime, launchedGpu);
            QCOMPARE(gpuSelf, launchedGpu);
            QCOMPARE(rootGpu, launchedGpu);
            if (tree.clippedEvents == 0)
                QCOMPARE(cpuSelf, rootCpu);
            levelsWithEvents += tree.levelEvents > 0 ? 1 : 0;
        }
        QVERIFY2(levelsWithEvents >= 1, "no tree found any level event");
    }

    // The ops tree of a Kineto trace against the flat operator summary
    // (tracelane-cli ops, key_averages): per op name, the calls, CPU total and
    // GPU total of its nodes add up to the summary's rows of both passes.
    void equalsTheOperatorSummary_data()
    {
        QTest::addColumn<QString>("path");
        for (const char *name : {"kineto/resnet50_train.json.gz", "kineto/dlrm_train.json.gz",
                                 "kineto/transformer_train_2streams.json.gz", "kineto/compiled_mlp_train.json.gz"})
            QTest::newRow(name) << sharedTrace(name);
        QTest::newRow("qwen_0.5b_h100") << withStackTrace("qwen_0.5b_h100.json.gz");
    }

    void equalsTheOperatorSummary()
    {
        QFETCH(QString, path);
        const auto trace = cachedTraceOrWarn(path);
        QVERIFY(trace);
        std::map<std::string, NameTotals> summary;
        for (const OpSummaryRow &row : opSummary(*trace)) {
            NameTotals &totals = summary[row.name];
            totals.calls += row.calls;
            totals.cpu += row.cpuTotal;
            totals.gpu += row.gpuTotal;
        }
        const StructureTree tree = buildStructureTree(*trace, treeOptions(TreeLevels::Ops));
        std::map<std::string, NameTotals> fromTree;
        for (std::uint32_t n = 0; n < tree.nodes.size(); ++n) {
            if (tree.nodes[n].outside)
                continue;
            NameTotals &totals = fromTree[std::string(tree.name(n))];
            totals.calls += tree.nodes[n].calls;
            totals.cpu += tree.nodes[n].cpuTotal;
            totals.gpu += tree.nodes[n].gpuTotal;
        }
        QVERIFY(summary.size() > 10);
        QCOMPARE(fromTree.size(), summary.size());
        for (const auto &[name, totals] : summary) {
            QVERIFY2(fromTree.contains(name), name.c_str());
            QCOMPARE(fromTree[name].calls, totals.calls);
            QCOMPARE(fromTree[name].cpu, totals.cpu);
            QCOMPARE(fromTree[name].gpu, totals.gpu);
        }
    }

    // With anyThread, the autograd thread's backward kernels (a thread without
    // ranges) count to the main thread's ranges open at their launch: per range
    // name, the GPU total is what calls inside each instance launched on its
    // own thread plus what the range-less threads launched in its time.
    void anyThreadRanges_data()
    {
        QTest::addColumn<QString>("path");
        QTest::newRow("resnet50") << sharedTrace("kineto/resnet50_train.json.gz");
        QTest::newRow("transformer") << sharedTrace("kineto/transformer_train_2streams.json.gz");
    }

    void anyThreadRanges()
    {
        QFETCH(QString, path);
        const auto trace = cachedTraceOrWarn(path);
        QVERIFY(trace);
        TimeNs launchedGpu = 0;
        const auto launches = rawLaunches(*trace, launchedGpu);
        std::set<std::int32_t> threadsWithRanges;
        for (const Track &track : trace->tracks)
            if (track.kind == TrackKind::ThreadRanges && !track.events.empty())
                threadsWithRanges.insert(track.thread);
        std::vector<RawLaunch> fromRangeless;
        for (const auto &[thread, list] : launches)
            if (!threadsWithRanges.contains(thread))
                fromRangeless.insert(fromRangeless.end(), list.begin(), list.end());
        std::sort(fromRangeless.begin(), fromRangeless.end(),
                  [](const RawLaunch &a, const RawLaunch &b) { return a.callStart < b.callStart; });
        QVERIFY(!fromRangeless.empty());
        auto launchedIn = [](const std::vector<RawLaunch> &list, TimeNs start, TimeNs end) {
            TimeNs gpu = 0;
            const auto first = std::lower_bound(list.begin(), list.end(), start,
                                                [](const RawLaunch &l, TimeNs t) { return l.callStart < t; });
            for (auto l = first; l != list.end() && l->callStart < end; ++l)
                if (l->callEnd <= end)
                    gpu += l->gpuDuration;
            return gpu;
        };
        std::map<std::string, TimeNs> expected;
        for (const Track &track : trace->tracks) {
            if (track.kind != TrackKind::ThreadRanges)
                continue;
            for (const Event &e : track.events) {
                std::string node;
                if (!levelOf(TreeLevels::Ranges, track, e, trace->strings.view(e.name), node))
                    continue;
                expected[node] += launchedIn(fromRangeless, e.start, e.end());
                if (const auto own = launches.find(track.thread); own != launches.end())
                    expected[node] += launchedIn(own->second, e.start, e.end());
            }
        }
        TreeOptions options = treeOptions(TreeLevels::Ranges);
        options.anyThread = true;
        const StructureTree tree = buildStructureTree(*trace, options);
        std::map<std::string, TimeNs> actual;
        TimeNs gpuSelf = 0;
        for (std::uint32_t n = 0; n < tree.nodes.size(); ++n) {
            gpuSelf += tree.nodes[n].gpuSelf;
            if (!tree.nodes[n].outside)
                actual[std::string(tree.name(n))] += tree.nodes[n].gpuTotal;
        }
        QCOMPARE(tree.gpuTime, launchedGpu);
        QCOMPARE(gpuSelf, launchedGpu);
        QVERIFY(tree.otherThreadLaunches > 0);
        for (const auto &[name, gpu] : expected) {
            if (actual[name] != gpu)
                qWarning("%s: %lld, expected %lld", name.c_str(), (long long)actual[name], (long long)gpu);
            QCOMPARE(actual[name], gpu);
        }
        // Without it, the backward kernels stay outside.
        const StructureTree ownThread = buildStructureTree(*trace, treeOptions(TreeLevels::Ranges));
        QVERIFY(ownThread.gpuOutside > tree.gpuOutside);
    }

    // The real with_modules recording: the module hierarchy as the model defines it.
    void bertModules()
    {
        const auto trace = cachedTraceOrWarn(withStackTrace("bert_small_h100.json.gz"));
        QVERIFY(trace);
        const StructureTree tree = buildStructureTree(*trace, treeOptions(TreeLevels::Modules));
        QCOMPARE(tree.roots.size(), std::size_t(1)); // the model launched every kernel
        QCOMPARE(tree.gpuOutside, TimeNs(0));
        const std::uint32_t model = tree.roots.front();
        QCOMPARE(tree.nodes[model].gpuTotal, tree.gpuTime);
        QCOMPARE(std::string(tree.name(model)), std::string("BertLMHeadModel_0"));
        std::set<std::string> paths;
        for (std::uint32_t n = 0; n < tree.nodes.size(); ++n)
            paths.insert(tree.path(n));
        QVERIFY(paths.contains("BertLMHeadModel_0;BertModel_0;BertEncoder_0;BertLayer_0;BertAttention_0"));
        QVERIFY(paths.contains("BertLMHeadModel_0;BertModel_0;BertEmbeddings_0;Embedding_0"));
    }

    void exactNumbers()
    {
        HandBuiltTrace t;
        t.cpuOp(1, 0, 100, "A");
        t.cpuOp(1, 10, 50, "B");
        t.launch(1, 20, 25, "k1", 30, 30);
        t.launch(1, 45, 55, "k2", 60, 4); // outlasts B: A launched it
        t.cpuOp(1, 60, 90, "B");
        t.launch(1, 70, 75, "k1", 100, 5);
        t.launch(1, 95, 99, "k3", 110, 7);
        t.launch(1, 200, 210, "k4", 220, 11); // outside every op
        t.cpuOp(1, 300, 400, "C");
        t.cpuOp(1, 350, 450, "D"); // runs past C's end
        const auto trace = t.finish();

        StructureTree tree = buildStructureTree(*trace, treeOptions(TreeLevels::Ops));
        std::map<std::string, const TreeNode *> byPath;
        for (std::uint32_t n = 0; n < tree.nodes.size(); ++n)
            byPath[tree.path(n)] = &tree.nodes[n];
        QCOMPARE(byPath.size(), std::size_t(5));
        const TreeNode &a = *byPath.at("A");
        QCOMPARE(a.calls, 1);
        QCOMPARE(a.cpuTotal, TimeNs(100));
        QCOMPARE(a.cpuSelf, TimeNs(100 - 40 - 30));
        QCOMPARE(a.gpuSelf, TimeNs(4 + 7));
        QCOMPARE(a.gpuTotal, TimeNs(4 + 7 + 30 + 5));
        const TreeNode &b = *byPath.at("A;B");
        QCOMPARE(b.calls, 2);
        QCOMPARE(b.cpuTotal, TimeNs(70));
        QCOMPARE(b.cpuSelf, TimeNs(70));
        QCOMPARE(b.gpuSelf, TimeNs(35));
        QCOMPARE(b.depth, 1u);
        const TreeNode &outside = *byPath.at("(outside CPU ops)");
        QVERIFY(outside.outside);
        QCOMPARE(outside.calls, 0);
        QCOMPARE(outside.gpuTotal, TimeNs(11));
        QCOMPARE(tree.gpuOutside, TimeNs(11));
        QCOMPARE(tree.gpuTime, TimeNs(30 + 4 + 5 + 7 + 11));
        QCOMPARE(tree.clippedEvents, std::uint64_t(1));
        QCOMPARE(byPath.at("C")->cpuSelf, TimeNs(50));
        QCOMPARE(byPath.at("C;D")->cpuTotal, TimeNs(100));

        // Kernels as leaves: B's GPU time moves to them, per kernel name.
        tree = buildStructureTree(*trace, treeOptions(TreeLevels::Ops, true));
        byPath.clear();
        for (std::uint32_t n = 0; n < tree.nodes.size(); ++n)
            byPath[tree.path(n)] = &tree.nodes[n];
        QCOMPARE(byPath.at("A;B;k1")->gpuSelf, TimeNs(35));
        QCOMPARE(byPath.at("A;B;k1")->calls, 2);
        QVERIFY(byPath.at("A;B;k1")->gpuOperation);
        QCOMPARE(byPath.at("A;B")->gpuSelf, TimeNs(0));
        QCOMPARE(byPath.at("A;B")->gpuTotal, TimeNs(35));
        QCOMPARE(byPath.at("(outside CPU ops);k4")->gpuSelf, TimeNs(11));

        // A window keeps what starts in it: the second B and its launch only.
        tree = buildStructureTree(*trace, windowOptions(60, 95));
        QCOMPARE(tree.nodes.size(), std::size_t(1));
        QCOMPARE(tree.path(0), std::string("B"));
        QCOMPARE(tree.nodes[0].gpuTotal, TimeNs(5));
        QCOMPARE(treeNodeInstances(tree, 0).size(), std::size_t(1));
        QCOMPARE(trace->event(treeNodeInstances(tree, 0).front()).start, TimeNs(60));
    }

    // Steps merge by path: ProfilerStep#1 and #2 are one node, their phases too.
    void iterationsMerge()
    {
        HandBuiltTrace t;
        t.range(1, 0, 500, "ProfilerStep#1");
        t.range(1, 10, 200, "forward");
        t.range(1, 500, 1000, "ProfilerStep#2");
        t.range(1, 510, 700, "forward");
        t.range(1, 1000, 1100, "ProfilerStep#x"); // not a step number: its own node
        t.launch(1, 20, 30, "k", 40, 9);
        t.launch(1, 520, 530, "k", 540, 8);
        const auto trace = t.finish();
        const StructureTree tree = buildStructureTree(*trace, treeOptions(TreeLevels::Ranges));
        std::map<std::string, const TreeNode *> byPath;
        for (std::uint32_t n = 0; n < tree.nodes.size(); ++n)
            byPath[tree.path(n)] = &tree.nodes[n];
        QCOMPARE(byPath.size(), std::size_t(3));
        QCOMPARE(byPath.at("ProfilerStep#*")->calls, 2);
        QCOMPARE(byPath.at("ProfilerStep#*;forward")->calls, 2);
        QCOMPARE(byPath.at("ProfilerStep#*;forward")->gpuSelf, TimeNs(17));
        QCOMPARE(byPath.at("ProfilerStep#*")->cpuSelf, TimeNs(1000 - 190 - 190));
        QVERIFY(byPath.contains("ProfilerStep#x"));
    }

    void threadsAndEmpty()
    {
        HandBuiltTrace t;
        t.cpuOp(1, 0, 100, "A");
        t.cpuOp(2, 0, 100, "A");
        t.launch(2, 10, 20, "k", 30, 6);
        const auto trace = t.finish();
        StructureTree tree = buildStructureTree(*trace, treeOptions(TreeLevels::Ops));
        QCOMPARE(tree.nodes.size(), std::size_t(1)); // the same path on two threads merges
        QCOMPARE(tree.nodes[0].calls, 2);
        QCOMPARE(tree.nodes[0].gpuTotal, TimeNs(6));
        std::vector<bool> onlyFirst(trace->threads.size(), false);
        for (std::size_t i = 0; i < trace->threads.size(); ++i)
            onlyFirst[i] = trace->threads[i].tid == 1;
        tree = buildStructureTree(*trace, threadOptions(onlyFirst));
        QCOMPARE(tree.nodes[0].calls, 1);
        QCOMPARE(tree.gpuTime, TimeNs(0));

        tree = buildStructureTree(*trace, treeOptions(TreeLevels::Modules));
        QCOMPARE(tree.levelEvents, std::uint64_t(0));
        QCOMPARE(tree.gpuOutside, TimeNs(6)); // all of it launched outside any module
        QVERIFY(buildStructureTree(Trace{}, {}).empty());
    }

    // 100,000 ops each inside the last: no recursion, no quadratic walk.
    void deepNesting()
    {
        HandBuiltTrace t;
        constexpr int kDepth = 100000;
        for (int i = 0; i < kDepth; ++i)
            t.cpuOp(1, i, 2 * kDepth - i, "op");
        t.launch(1, kDepth - 1, kDepth, "k", 3 * kDepth, 5);
        const auto trace = t.finish();
        QElapsedTimer timer;
        timer.start();
        const StructureTree tree = buildStructureTree(*trace, treeOptions(TreeLevels::Ops));
        QCOMPARE(tree.levelEvents, std::uint64_t(kDepth));
        QCOMPARE(tree.gpuTime, TimeNs(5));
        QCOMPARE(tree.nodes[0].gpuTotal, TimeNs(5));
        QCOMPARE(treeRows(tree).size(), std::size_t(kDepth));
        QVERIFY2(timer.elapsed() < 20000, "deep nesting took too long");
    }

    void minShare()
    {
        const auto trace = cachedTraceOrWarn(withStackTrace("bert_small_h100.json.gz"));
        QVERIFY(trace);
        const StructureTree tree = buildStructureTree(*trace, treeOptions(TreeLevels::Modules));
        const auto all = treeRows(tree);
        QCOMPARE(all.size(), tree.nodes.size());
        const auto some = treeRows(tree, minShareOptions(5.0));
        QVERIFY(some.size() < all.size());
        TimeNs cpuAll = 0, gpuAll = 0;
        for (std::uint32_t root : tree.roots) {
            cpuAll += tree.nodes[root].cpuTotal;
            gpuAll += tree.nodes[root].gpuTotal;
        }
        for (std::uint32_t n : some) {
            const TreeNode &node = tree.nodes[n];
            QVERIFY(node.cpuTotal * 20 >= cpuAll || node.gpuTotal * 20 >= gpuAll);
        }
    }

    // The CLI prints the same tree: the CSV's depth-0 GPU totals add up to all launched GPU time.
    void cli()
    {
        const QString path = withStackTrace("qwen_0.5b_h100.json.gz");
        const CliRun run = runCli({QStringLiteral("tree"), path, QStringLiteral("--by"), QStringLiteral("modules"),
                                   QStringLiteral("--format"), QStringLiteral("csv")});
        QVERIFY(run.finished);
        QCOMPARE(run.exitCode, 0);
        const QStringList lines = run.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.front(),
                 QStringLiteral("Path,Depth,Calls,CPU Self (ns),CPU Total (ns),GPU Self (ns),GPU Total (ns)"));
        const auto trace = cachedTraceOrWarn(path);
        QVERIFY(trace);
        const StructureTree tree = buildStructureTree(*trace, treeOptions(TreeLevels::Modules));
        QCOMPARE(lines.size() - 1, qsizetype(tree.nodes.size()));
        qint64 rootGpu = 0;
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const QStringList cells = lines[i].split(QLatin1Char(',')); // module names hold no commas
            if (cells[1] == QLatin1String("0"))
                rootGpu += cells[6].toLongLong();
        }
        QCOMPARE(rootGpu, qint64(tree.gpuTime));

        const CliRun bad = runCli({QStringLiteral("tree"), path, QStringLiteral("--by"), QStringLiteral("files")});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY(bad.err.contains(QLatin1String("--by must be")));
        const CliRun noStep = runCli({QStringLiteral("tree"), path, QStringLiteral("--by"), QStringLiteral("ops"),
                                      QStringLiteral("--iteration"), QStringLiteral("99")});
        QCOMPARE(noStep.exitCode, 3);
        QVERIFY(noStep.err.contains(QLatin1String("no iteration 99")));
        const CliRun noModules = runCli({QStringLiteral("tree"), sharedTrace("kineto/resnet50_train.json.gz"),
                                         QStringLiteral("--by"), QStringLiteral("modules")});
        QCOMPARE(noModules.exitCode, 0);
        QVERIFY(noModules.err.contains(QLatin1String("with_modules=True")));

        // The flame graph, drawn without a display.
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("flame.png"));
        const CliRun chart = runCli({QStringLiteral("chart"), path, QStringLiteral("--kind"), QStringLiteral("flame"),
                                     QStringLiteral("--by"), QStringLiteral("stacks"), QStringLiteral("--metric"),
                                     QStringLiteral("gpu"), QStringLiteral("--kernels"), QStringLiteral("-o"), png,
                                     QStringLiteral("--size"), QStringLiteral("1000x400")},
                                    true);
        QCOMPARE(chart.exitCode, 0);
        QFile file(png);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray bytes = file.readAll();
        QVERIFY(bytes.size() > 2000);
        QVERIFY(bytes.startsWith("\x89PNG"));
        auto bigEndian = [&](int at) {
            return (quint32(quint8(bytes[at])) << 24) | (quint32(quint8(bytes[at + 1])) << 16)
                   | (quint32(quint8(bytes[at + 2])) << 8) | quint32(quint8(bytes[at + 3]));
        };
        QCOMPARE(bigEndian(16), quint32(1000)); // IHDR width and height
        QCOMPARE(bigEndian(20), quint32(400));
    }
};

TRACELANE_TEST_GUILESS_MAIN(TestStructureTree)
#include "tst_structure_tree.moc"
