// Kineto's 2021 schema (PyTorch 1.8-1.10): capitalised categories (Operator,
// Runtime, Kernel, Memcpy, Memset), launch arrows in category "async" named
// "launch", thread ids as strings. The real trace (tests/data/chrome/kineto_2021)
// is read again here with nlohmann::json, independently of the importer, and
// every count, every launch arrow and the kernel summary must agree with it.
#include "cli_run.h"
#include "fresh_import.h"
#include "report_csv.h"
#include "test_files.h"
#include "test_registry.h"

#include <QtTest>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

using namespace tracelane;
using tracelane::test::freshTrace;
using tracelane::test::gunzipped;

namespace kineto2021 {

const QString k2021Trace = QStringLiteral(TRACELANE_TEST_DATA "/chrome/kineto_2021/resnet50_v100_2021.pt.trace.json.gz");

struct RawReading
{
    std::map<std::string, std::uint64_t> byCategory; // complete events per category
    std::map<std::string, std::pair<std::uint64_t, std::int64_t>> kernels; // name -> count, total ns
    std::set<std::int64_t> gpuCorrelations;    // of kernels, memcpys and memsets
    std::set<std::int64_t> launchStarts;       // ids of "async"/"launch" starts
};

RawReading readRaw(const QByteArray &text)
{
    RawReading raw;
    const nlohmann::json trace = nlohmann::json::parse(text.constData(), text.constData() + text.size());
    for (const auto &e : trace.at("traceEvents")) {
        const std::string ph = e.value("ph", "");
        const std::string cat = e.value("cat", "");
        if (ph == "X") {
            ++raw.byCategory[cat];
            if (cat == "Kernel" || cat == "Memcpy" || cat == "Memset")
                raw.gpuCorrelations.insert(e.at("args").at("correlation").get<std::int64_t>());
            if (cat == "Kernel") {
                auto &[count, total] = raw.kernels[e.at("name").get<std::string>()];
                ++count;
                total += std::llround(e.at("dur").get<double>() * 1000.0); // µs -> ns
            }
        } else if (ph == "s" && cat == "async" && e.value("name", "") == "launch") {
            raw.launchStarts.insert(e.at("id").get<std::int64_t>());
        }
    }
    return raw;
}

} // namespace kineto2021

using namespace kineto2021;

class TestKineto2021 : public QObject
{
    Q_OBJECT

private:
    RawReading m_raw;
    std::shared_ptr<const Trace> m_trace;

private slots:
    void initTestCase()
    {
        m_raw = readRaw(gunzipped(k2021Trace));
        QVERIFY(m_raw.byCategory["Kernel"] > 1000);
        m_trace = freshTrace(k2021Trace);
        QVERIFY(m_trace);
    }

    void categoriesAreClassified()
    {
        const EventCounts counts = m_trace->counts();
        QCOMPARE(counts.cpuOps, m_raw.byCategory["Operator"]);
        QCOMPARE(counts.apiCalls, m_raw.byCategory["Runtime"]);
        QCOMPARE(counts.kernels, m_raw.byCategory["Kernel"]);
        QCOMPARE(counts.memcpys, m_raw.byCategory["Memcpy"]);
        QCOMPARE(counts.memsets, m_raw.byCategory["Memset"]);
    }

    // One arrow per launch, from the runtime call to the GPU work with its
    // correlation id: the "async" arrows and the correlation ids agree, so
    // neither adds a second arrow.
    void launchArrowsOncePerLaunch()
    {
        std::set<std::int64_t> expected;
        for (const std::int64_t id : m_raw.launchStarts)
            if (m_raw.gpuCorrelations.count(id))
                expected.insert(id);
        QVERIFY(expected.size() > 1000);
        std::set<std::int64_t> seen;
        std::uint64_t launches = 0;
        for (const Flow &flow : m_trace->flows) {
            if (flow.kind != FlowKind::Launch)
                continue;
            ++launches;
            const Track &from = m_trace->tracks[flow.from.track];
            const Track &to = m_trace->tracks[flow.to.track];
            QCOMPARE(from.kind, TrackKind::ThreadApi);
            QCOMPARE(to.kind, TrackKind::GpuStream);
            const Event &call = from.events[flow.from.index];
            const Event &work = to.events[flow.to.index];
            QCOMPARE(call.correlation, work.correlation);
            seen.insert(std::int64_t(work.correlation));
        }
        QCOMPARE(launches, std::uint64_t(expected.size()));
        QVERIFY(seen == expected);
        QCOMPARE(m_trace->flows.size(), std::size_t(launches)); // no other arrows in this trace
    }

    void kernelSummaryMatchesTheRawEvents()
    {
        const test::CliRun run = test::runCli({QStringLiteral("kernels"), k2021Trace, QStringLiteral("--format"),
                                               QStringLiteral("csv")});
        QCOMPARE(run.exitCode, 0);
        const QList<QStringList> rows = test::parseCsv(run.out);
        QCOMPARE(std::size_t(rows.size() - 1), m_raw.kernels.size());
        for (qsizetype r = 1; r < rows.size(); ++r) {
            const auto it = m_raw.kernels.find(rows[r].last().toStdString());
            QVERIFY2(it != m_raw.kernels.end(), qPrintable(rows[r].last()));
            QCOMPARE(rows[r][2].toULongLong(), it->second.first);  // Instances
            QCOMPARE(rows[r][1].toLongLong(), it->second.second);  // Total Time (ns)
        }
    }
};

TRACELANE_TEST_GUILESS_MAIN(TestKineto2021)
#include "tst_kineto_2021.moc"
