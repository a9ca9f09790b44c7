// Marker texts, forward/backward passes and their links, and the per-op table:
// on hand-written texts, on the emit_nvtx Nsight Systems export (checked with SQL
// run on the database) and on a Kineto trace (checked against its fwdbwd flows).
#include "analysis/operators/autograd_ops.h"
#include "analysis/operators/op_summary.h"
#include "analysis/ranges/marker_text.h"
#include "import/importer.h"
#include "model/trace.h"

#include "test_registry.h"

#include <QtTest>

#include "direct_sql.h"
#include "fresh_import.h"

#include <map>

using namespace tracelane;
using tracelane::test::freshTrace;

namespace {

const std::string kEmitNvtx = TRACELANE_SHARED_TRACES "/nsys/emit_nvtx_mlp.sqlite";
const std::string kDlrmPath = TRACELANE_SHARED_TRACES "/kineto/dlrm_train.json.gz";

// NVTX texts as nsys stores them: inline or through StringIds.
constexpr const char *kNvtxText = "COALESCE(n.text, (SELECT value FROM StringIds WHERE id = n.textId))";

qint64 sqlValue(const std::string &sql)
{
    return test::sqlValue(kEmitNvtx, sql);
}

const OpSummaryRow *findRow(const std::vector<OpSummaryRow> &rows, std::string_view name, Pass pass)
{
    for (const OpSummaryRow &row : rows)
        if (row.name == name && row.pass == pass)
            return &row;
    return nullptr;
}

} // namespace

class TestMarkers : public QObject
{
    Q_OBJECT

private slots:
    void classify_data();
    void classify();
    void emitNvtxPassesAndLinks();
    void emitNvtxOpTable();
    void kinetoLinksMatchFwdBwdFlows();
    void cliOps();
};

void TestMarkers::classify_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("seq"); // -1: none
    QTest::addColumn<bool>("stashed");

    QTest::newRow("layer") << "layer:conv1"
                           << "layer"
                           << "conv1" << -1 << false;
    QTest::newRow("call trace") << "{'traceMarker': ['train.py:42 forward']}"
                                << "call-trace"
                                << "{'traceMarker': ['train.py:42 forward']}" << -1 << false;
    QTest::newRow("module repr") << "{'mod': 'Linear', 'strRepr': 'in_features=256, out_features=512'}"
                                 << "module"
                                 << "Linear" << -1 << false;
    QTest::newRow("pyprof args") << "{'mod': 'torch.nn.functional', 'op': 'linear', 'args': [{'name': '', 'type': "
                                    "'tensor', 'shape': (64, 256)}]}"
                                 << "op-arguments"
                                 << "linear" << -1 << false;
    QTest::newRow("emit_nvtx forward") << "aten::addmm, seq = 13, op_id = 11, sizes = [[512], [64, 256]], "
                                          "input_op_ids = [(0,-1)]"
                                       << "autograd-op"
                                       << "aten::addmm" << 13 << false;
    QTest::newRow("emit_nvtx backward") << "NllLossBackward0, seq = 18, op_id = 33, sizes = [[]]"
                                        << "autograd-op"
                                        << "NllLossBackward0" << 18 << false;
    QTest::newRow("PyTorch 1.x backward") << "AddmmBackward, stashed seq = 4"
                                          << "autograd-op"
                                          << "AddmmBackward" << 4 << true;
    QTest::newRow("PyTorch 1.x forward") << "addmm, seq = 4"
                                         << "autograd-op"
                                         << "addmm" << 4 << false;
    QTest::newRow("engine wrapper") << "autograd::engine::evaluate_function: TBackward0, op_id = 86"
                                    << "autograd-op"
                                    << "autograd::engine::evaluate_function: TBackward0" << -1 << false;
    QTest::newRow("op without seq") << "aten::empty, op_id = 2, sizes = [[], []]"
                                    << "autograd-op"
                                    << "aten::empty" << -1 << false;
    QTest::newRow("plain range") << "Iteration 3"
                                 << "other"
                                 << "Iteration 3" << -1 << false;
    QTest::newRow("comma in text") << "load, then sort"
                                   << "other"
                                   << "load, then sort" << -1 << false;
}

void TestMarkers::classify()
{
    QFETCH(QString, text);
    QFETCH(QString, kind);
    QFETCH(QString, name);
    QFETCH(int, seq);
    QFETCH(bool, stashed);
    const std::string utf8 = text.toStdString();
    const MarkerInfo info = classifyMarker(utf8);
    QCOMPARE(QString::fromUtf8(markerKindName(info.kind).data()), kind);
    QCOMPARE(QString::fromStdString(std::string(info.name)), name);
    QCOMPARE(info.seq.has_value(), seq >= 0);
    if (seq >= 0)
        QCOMPARE(*info.seq, std::int64_t(seq));
    QCOMPARE(info.stashedSeq, stashed);
}

void TestMarkers::emitNvtxPassesAndLinks()
{
    const auto trace = freshTrace(kEmitNvtx);
    QVERIFY(trace);
    const std::vector<AutogradOp> ops = collectAutogradOps(*trace);
    const std::string where = std::string(" FROM NVTX_EVENTS n WHERE n.eventType = 59 AND ");
    // Appended piece by piece: GCC 12 misreads a chain of string + as an out-of-bounds copy.
    std::string countOps = "SELECT count(*)";
    for (const std::string &part :
         {where, std::string("("), std::string(kNvtxText), std::string(" LIKE '%, op_id = %' OR "),
          std::string(kNvtxText), std::string(" LIKE '%, seq = %')")})
        countOps += part;
    QCOMPARE(qint64(ops.size()), sqlValue(countOps));
    // The backward pass runs on the autograd engine's own thread here: every op on
    // that thread is backward, every op on the main thread forward.
    const qint64 backwardThreadOps = sqlValue(std::string("SELECT count(*)") + where + kNvtxText
                                              + " LIKE '%, op_id = %' AND n.globalTid = (SELECT globalTid FROM "
                                                "NVTX_EVENTS WHERE "
                                              + "COALESCE(text, (SELECT value FROM StringIds "
                                                "WHERE id = textId)) LIKE 'NllLossBackward0%' LIMIT 1)");
    qint64 backward = 0, functions = 0, linked = 0;
    for (const AutogradOp &op : ops) {
        backward += op.pass == Pass::Backward;
        if (!op.backwardFunction)
            continue;
        ++functions;
        QVERIFY(op.forward >= 0);
        const AutogradOp &forward = ops[std::size_t(op.forward)];
        QCOMPARE(forward.pass, Pass::Forward);
        QCOMPARE(*forward.seq, *op.seq);
        QVERIFY(forward.start < op.start);
        ++linked;
        // The forward op that created the Function: the last started with its number.
        if (op.name == "NllLossBackward0")
            QCOMPARE(forward.name, std::string_view("aten::nll_loss_forward"));
        if (op.name == "TBackward0")
            QCOMPARE(forward.name, std::string_view("aten::t"));
        if (op.name == "LogSoftmaxBackward0")
            QCOMPARE(forward.name, std::string_view("aten::_log_softmax"));
        if (op.name == "AddmmBackward0")
            QCOMPARE(forward.name, std::string_view("aten::addmm"));
    }
    QCOMPARE(backward, backwardThreadOps);
    QCOMPARE(functions, sqlValue(std::string("SELECT count(*)") + where + kNvtxText + " LIKE '%Backward%, seq = %'"));
    QCOMPARE(functions, qint64(21)); // per iteration: NllLoss, LogSoftmax, Relu, 2 Addmm and 2 T backward
    QCOMPARE(linked, functions);
}

void TestMarkers::emitNvtxOpTable()
{
    const auto trace = freshTrace(kEmitNvtx);
    QVERIFY(trace);
    const std::vector<OpSummaryRow> rows = opSummary(*trace);
    const OpSummaryRow *addmm = findRow(rows, "aten::addmm", Pass::Forward);
    QVERIFY(addmm);
    const std::string addmmWhere = std::string(" FROM NVTX_EVENTS n WHERE n.eventType = 59 AND ") + kNvtxText
        + " LIKE 'aten::addmm,%'";
    QCOMPARE(addmm->calls, sqlValue("SELECT count(*)" + addmmWhere));
    QCOMPARE(addmm->calls, std::int64_t(6));
    QCOMPARE(addmm->cpuTotal, sqlValue("SELECT sum(n.end - n.start)" + addmmWhere));
    // GPU work whose launching call lies within an addmm range on its thread.
    const std::string gpuSql =
        "SELECT COALESCE(sum(g.end - g.start), 0), count(*) FROM NVTX_EVENTS n JOIN CUPTI_ACTIVITY_KIND_RUNTIME r ON "
        "r.globalTid = n.globalTid AND r.start >= n.start AND r.end <= n.end JOIN (SELECT start, end, correlationId "
        "FROM CUPTI_ACTIVITY_KIND_KERNEL UNION ALL SELECT start, end, correlationId FROM CUPTI_ACTIVITY_KIND_MEMCPY "
        "UNION ALL SELECT start, end, correlationId FROM CUPTI_ACTIVITY_KIND_MEMSET) g ON g.correlationId = "
        "r.correlationId WHERE n.eventType = 59 AND "
        + std::string(kNvtxText) + " LIKE 'aten::addmm,%'";
    const qint64 gpu = sqlValue(gpuSql);
    QVERIFY(gpu > 0);
    QCOMPARE(addmm->gpuTotal, gpu);
    QCOMPARE(addmm->kernels,
             sqlValue("SELECT count(*) FROM NVTX_EVENTS n JOIN CUPTI_ACTIVITY_KIND_RUNTIME r ON "
                      "r.globalTid = n.globalTid AND r.start >= n.start AND r.end <= n.end JOIN "
                      "CUPTI_ACTIVITY_KIND_KERNEL k ON k.correlationId = r.correlationId WHERE "
                      "n.eventType = 59 AND "
                      + std::string(kNvtxText) + " LIKE 'aten::addmm,%'"));

    const OpSummaryRow *addmmBackward = findRow(rows, "AddmmBackward0", Pass::Backward);
    QVERIFY(addmmBackward);
    QCOMPARE(addmmBackward->calls, std::int64_t(6));
    // aten::t runs in both passes: inside aten::linear and inside AddmmBackward0 / TBackward0.
    const OpSummaryRow *tForward = findRow(rows, "aten::t", Pass::Forward);
    const OpSummaryRow *tBackward = findRow(rows, "aten::t", Pass::Backward);
    QVERIFY(tForward && tBackward);
    QCOMPARE(tForward->calls + tBackward->calls,
             sqlValue(std::string("SELECT count(*) FROM NVTX_EVENTS n WHERE ") + kNvtxText + " LIKE 'aten::t,%'"));
    // Sorted by CPU total, largest first.
    for (std::size_t i = 1; i < rows.size(); ++i)
        QVERIFY(rows[i - 1].cpuTotal >= rows[i].cpuTotal);
    QVERIFY(!findRow(rows, "Iteration 1", Pass::Forward)); // plain ranges are not ops
}

void TestMarkers::kinetoLinksMatchFwdBwdFlows()
{
    const auto trace = freshTrace(kDlrmPath);
    QVERIFY(trace);
    const std::vector<AutogradOp> ops = collectAutogradOps(*trace);
    std::map<EventRef, std::size_t> indexOf;
    for (std::size_t i = 0; i < ops.size(); ++i)
        indexOf[ops[i].ref] = i;
    qint64 flows = 0;
    for (const Flow &flow : trace->flows) {
        if (flow.kind != FlowKind::ForwardBackward)
            continue;
        ++flows;
        const auto to = indexOf.find(flow.to);
        const auto from = indexOf.find(flow.from);
        QVERIFY(to != indexOf.end() && from != indexOf.end());
        const AutogradOp &backward = ops[to->second];
        QCOMPARE(backward.pass, Pass::Backward);
        QVERIFY(backward.backwardFunction);
        QCOMPARE(ops[from->second].pass, Pass::Forward);
        QCOMPARE(backward.forward, std::int64_t(from->second));
    }
    QCOMPARE(flows, qint64(160)); // 320 fwdbwd records: 160 s/f pairs
}

void TestMarkers::cliOps()
{
    QProcess cli;
    cli.start(
        QStringLiteral(TRACELANE_CLI),
        {QStringLiteral("ops"), QString::fromStdString(kEmitNvtx), QStringLiteral("--format"), QStringLiteral("csv")});
    QVERIFY(cli.waitForFinished(120000));
    QCOMPARE(cli.exitCode(), 0);
    const QStringList lines = QString::fromUtf8(cli.readAllStandardOutput())
                                  .split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QVERIFY(!lines.isEmpty());
    QCOMPARE(lines[0],
             QStringLiteral("Name,Pass,Calls,CPU total (ns),CPU time (ns),CUDA total (ns),CUDA time (ns),Kernels"));
    const auto trace = freshTrace(kEmitNvtx);
    QVERIFY(trace);
    const std::vector<OpSummaryRow> rows = opSummary(*trace);
    QCOMPARE(qsizetype(rows.size()), lines.size() - 1);
    const OpSummaryRow *addmm = findRow(rows, "aten::addmm", Pass::Forward);
    QVERIFY(addmm);
    const QString prefix = QStringLiteral("aten::addmm,forward,6,%1,").arg(addmm->cpuTotal);
    QVERIFY(std::any_of(lines.begin(), lines.end(), [&](const QString &line) { return line.startsWith(prefix); }));

    QProcess bad;
    bad.start(QStringLiteral(TRACELANE_CLI), {QStringLiteral("ops")});
    QVERIFY(bad.waitForFinished(120000));
    QCOMPARE(bad.exitCode(), 2); // usage error
}

TRACELANE_TEST_GUILESS_MAIN(TestMarkers)
#include "tst_markers.moc"
