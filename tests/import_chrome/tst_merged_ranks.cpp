// SGLang (and vLLM) merge the Kineto traces of their ranks into one file with a
// rank label before every pid: "[TP01-DP00] 12345". Such a file opens whole,
// saying it holds ranks, or rank by rank ("FILE#[TP01-DP00]"), each rank then
// the same model as its own file. The merged file is made here from two real
// rank traces (HTA's sampled_rank-0/1) the way SGLang's merger writes it.
#include "cli_run.h"
#include "fresh_import.h"
#include "model_compare.h"
#include "test_files.h"
#include "test_registry.h"
#include "import/chrome/merged_ranks.h"
#include "analysis/ranks/rank_identity.h"

#include <QtTest>
#include <nlohmann/json.hpp>

using namespace tracelane;
using tracelane::test::compareModels;
using tracelane::test::freshTrace;
using tracelane::test::gunzipped;
using tracelane::test::writeFile;

namespace mergedranks {

const QString kRankFiles[] = {QStringLiteral(TRACELANE_SHARED_TRACES "/hta/sampled_rank-0.json.gz"),
                              QStringLiteral(TRACELANE_SHARED_TRACES "/hta/sampled_rank-1.json.gz")};
const std::string kLabels[] = {"[TP00-DP00]", "[TP01-DP00]"};

// As SGLang's profile merger: every event's pid gets its rank's label, the
// events of the ranks one after another, the other top-level fields of the first.
QByteArray mergeRanks()
{
    nlohmann::json merged = {{"traceEvents", nlohmann::json::array()}};
    for (int r = 0; r < 2; ++r) {
        const QByteArray text = gunzipped(kRankFiles[r]);
        nlohmann::json trace = nlohmann::json::parse(text.constData(), text.constData() + text.size());
        for (auto &event : trace.at("traceEvents")) {
            if (!event.contains("pid"))
                continue;
            const std::string pid = event["pid"].is_string() ? event["pid"].get<std::string>()
                                                               : std::to_string(event["pid"].get<std::int64_t>());
            event["pid"] = kLabels[r] + " " + pid;
            merged["traceEvents"].push_back(event);
        }
        for (auto it = trace.begin(); it != trace.end(); ++it)
            if (it.key() != "traceEvents" && !merged.contains(it.key()))
                merged[it.key()] = it.value();
    }
    return QByteArray::fromStdString(merged.dump());
}


} // namespace mergedranks

using namespace mergedranks;

class TestMergedRanks : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_merged;

private slots:
    void initTestCase()
    {
        m_merged = writeFile(m_dir, QStringLiteral("merged-123.trace.json"), mergeRanks());
    }

    void labelsAreFoundInOrder()
    {
        const std::vector<std::string> labels = mergedRankLabels(m_merged.toStdString());
        QCOMPARE(labels.size(), std::size_t(2));
        QCOMPARE(labels[0], kLabels[0]);
        QCOMPARE(labels[1], kLabels[1]);
        QVERIFY(mergedRankLabels(kRankFiles[0].toStdString()).empty());
    }

    void eachRankIsItsOwnFile()
    {
        for (int r = 0; r < 2; ++r) {
            const auto rank = freshTrace(rankPath(m_merged.toStdString(), kLabels[r]));
            const auto alone = freshTrace(kRankFiles[r]);
            QVERIFY(rank && alone);
            compareModels(*rank, *alone);
            QVERIFY(rank->diagnostics.count("other-rank-events") > 1000);
            // The file's distributedInfo is its first rank's: each rank is its label's place.
            QCOMPARE(distributedInfo(*rank).rank, std::optional<std::int64_t>(r));
        }
    }

    void wholeFileSaysItHoldsRanks()
    {
        const auto whole = freshTrace(m_merged);
        QVERIFY(whole);
        QCOMPARE(whole->diagnostics.count("merged-ranks"), 2u);
        const auto first = freshTrace(kRankFiles[0]);
        const auto second = freshTrace(kRankFiles[1]);
        QCOMPARE(whole->eventCount(), first->eventCount() + second->eventCount());
    }

    void rankPathsAreStrict()
    {
        QVERIFY(!splitRankPath(m_merged.toStdString()));
        QVERIFY(!splitRankPath(m_merged.toStdString() + "#[XX01]"));
        QVERIFY(!splitRankPath(m_merged.toStdString() + "#[TP01"));
        const auto parts = splitRankPath(m_merged.toStdString() + "#[TP01-DP00]");
        QVERIFY(parts);
        QCOMPARE(parts->file, m_merged.toStdString());
        // A file really named so is that file.
        const QString odd = writeFile(m_dir, QStringLiteral("odd.json#[TP00]"), "[]");
        QVERIFY(!splitRankPath(odd.toStdString()));
        const ImportResult missing = loadTrace(m_merged.toStdString() + "#[TP07]");
        QVERIFY(!missing.ok());
        QVERIFY2(missing.error.find("no rank labelled [TP07]") != std::string::npos, missing.error.c_str());
    }

    // The CLI's several-trace commands take the merged file as its ranks.
    void cliTakesTheFileAsRanks()
    {
        const test::CliRun run = test::runCli({QStringLiteral("ranks"), m_merged, QStringLiteral("--format"),
                                               QStringLiteral("csv")});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.contains(QString::fromStdString(kLabels[0])) && run.out.contains(QString::fromStdString(kLabels[1])),
                 qPrintable(run.out + run.err));
    }
};

TRACELANE_TEST_GUILESS_MAIN(TestMergedRanks)
#include "tst_merged_ranks.moc"
