// The Ranks dock on its own: the two shared ranks of one HolisticTraceAnalysis
// run (sampled_rank-0/1) loaded with loadTraces and summarised by rankSummary,
// the same core result `tracelane-cli ranks` prints (tst_rank_summary checks
// those figures against the events). Here: the panel's rows are that summary,
// the straggler stands out and is named, clicks ask for the right rank and
// iteration, sorting is numeric, and a single trace gets a hint. The picture
// in docs/images/ranks_dock.png is made by scripts/make-screenshots.sh.
#include "analysis/ranks/rank_summary.h"
#include "import/load_traces.h"
#include "panels/ranks/rank_panel.h"
#include "panels/ranks/rank_table_model.h"
#include "theme.h"
#include "time_format.h"

#include "test_registry.h"

#include <QFont>
#include <QHeaderView>
#include <QSignalSpy>
#include <QTableView>
#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace tracelane;

namespace {

QString shown(const QTableView *view, int row, int column)
{
    return view->model()->index(row, column).data().toString();
}

QString duration(double ns)
{
    return TimeFormat::shownDuration(TimeNs(std::llround(ns)));
}

void click(QTableView *view, int row, int column)
{
    const QRect cell = view->visualRect(view->model()->index(row, column));
    QVERIFY(!cell.isEmpty());
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, cell.center());
}

// Hand-written: ranks whose medians sort differently as text ("900.000 µs"
// after "50.000 ms") than as numbers, one without a rank number.
RankSummary handWrittenMedians()
{
    RankSummary summary;
    const double medians[] = {50e6, 0.9e6, 1.2e6};
    for (int i = 0; i < 3; ++i) {
        RankRow row;
        row.rank = i;
        row.file = "rank" + std::to_string(i) + ".json";
        row.iterations = 4;
        row.iterationMedian = medians[i];
        row.iterationMax = TimeNs(medians[i]) + 1000;
        summary.rows.push_back(row);
    }
    summary.rows[0].straggler = true;
    return summary;
}

} // namespace

class TestRankPanel : public QObject
{
    Q_OBJECT

    RankSummary m_summary;
    std::vector<ImportResult> m_loaded;

private slots:
    void initTestCase()
    {
        applyTheme(Preferences::Theme::Light);
        const std::string folder = TRACELANE_SHARED_TRACES "/hta/";
        const std::vector<std::string> paths{folder + "sampled_rank-0.json.gz", folder + "sampled_rank-1.json.gz"};
        m_loaded = loadTraces(paths);
        std::vector<RankInput> inputs;
        for (std::size_t i = 0; i < paths.size(); ++i) {
            QVERIFY2(m_loaded[i].ok(), m_loaded[i].error.c_str());
            inputs.push_back({paths[i], m_loaded[i].trace.get()});
        }
        m_summary = rankSummary(inputs);
        QCOMPARE(m_summary.rows.size(), std::size_t(2));
        QVERIFY(!m_summary.collectives.empty());
    }

    void cleanupTestCase() { applyTheme(Preferences::Theme::Light); }

    void rowsAreTheSummary()
    {
        RankPanel panel;
        panel.setSummary(m_summary);
        QVERIFY(panel.showsTables());
        QVERIFY(panel.hintText().isEmpty());
        const QTableView *view = panel.rankView();
        QCOMPARE(view->model()->rowCount(), int(m_summary.rows.size()));
        for (int r = 0; r < int(m_summary.rows.size()); ++r) {
            const RankRow &row = m_summary.rows[std::size_t(r)];
            QVERIFY(row.rank.has_value());
            QCOMPARE(shown(view, r, RankPanel::RankNumber), QString::number(*row.rank));
            QCOMPARE(shown(view, r, RankPanel::RankFile), QString::fromStdString(row.file));
            QCOMPARE(shown(view, r, RankPanel::Iterations), QString::number(row.iterations));
            QCOMPARE(shown(view, r, RankPanel::IterationMedian), duration(row.iterationMedian));
            QCOMPARE(shown(view, r, RankPanel::IterationMax), TimeFormat::shownDuration(row.iterationMax));
            QCOMPARE(shown(view, r, RankPanel::GpuBusy), TimeFormat::shownDuration(row.gpuBusy));
            QCOMPARE(shown(view, r, RankPanel::GpuIdle), TimeFormat::shownDuration(row.gpuIdle));
            QCOMPARE(shown(view, r, RankPanel::Communication), TimeFormat::shownDuration(row.communication));
            QCOMPARE(shown(view, r, RankPanel::Overlap),
                     QString::number(100.0 * double(row.overlapped) / double(row.communication), 'f', 1));
        }
        // Every column the brief lists is shown; the header has no "(ns)" since the cells carry their unit.
        QVERIFY(!view->isColumnHidden(RankPanel::RankNumber));
        QCOMPARE(view->model()->headerData(RankPanel::IterationMedian, Qt::Horizontal).toString(),
                 QStringLiteral("Iteration Median"));

        const QTableView *iterations = panel.iterationView();
        QCOMPARE(iterations->model()->rowCount(), int(m_summary.collectives.size()));
        for (int r = 0; r < int(m_summary.collectives.size()); ++r) {
            const CollectiveEntry &entry = m_summary.collectives[std::size_t(r)];
            QCOMPARE(shown(iterations, r, RankPanel::Iteration), QString::number(entry.iteration));
            QCOMPARE(shown(iterations, r, RankPanel::Ranks), QString::number(entry.ranks));
            QCOMPARE(shown(iterations, r, RankPanel::LastRank), QString::number(*m_summary.rows[entry.lastRow].rank));
            QCOMPARE(shown(iterations, r, RankPanel::Lag), TimeFormat::shownDuration(entry.lag));
        }
        // With a rank everywhere the rank names the last one; the epoch start is not a duration.
        QVERIFY(iterations->isColumnHidden(RankPanel::LastFile));
        QVERIFY(iterations->isColumnHidden(RankPanel::LastStart));
        QVERIFY(!iterations->isColumnHidden(RankPanel::Lag));
        QCOMPARE(panel.timeBaseNote().isEmpty(), m_summary.epochTimeBase);
    }

    void stragglerStandsOut()
    {
        RankPanel panel;
        panel.setSummary(m_summary);
        // The straggler is the rank with the largest median iteration time.
        const auto slowest = std::max_element(
            m_summary.rows.begin(), m_summary.rows.end(),
            [](const RankRow &a, const RankRow &b) { return a.iterationMedian < b.iterationMedian; });
        QVERIFY(slowest->straggler);
        const int stragglerRow = int(slowest - m_summary.rows.begin());
        const int otherRow = 1 - stragglerRow;

        const QAbstractItemModel *model = panel.rankView()->model();
        for (int c = 0; c < model->columnCount(); ++c) {
            QVERIFY(model->index(stragglerRow, c).data(Qt::FontRole).value<QFont>().bold());
            QVERIFY(!model->index(otherRow, c).data(Qt::FontRole).value<QFont>().bold());
            QVERIFY(model->index(stragglerRow, c).data(Qt::BackgroundRole).value<QColor>().isValid());
            QVERIFY(!model->index(otherRow, c).data(Qt::BackgroundRole).isValid());
            QVERIFY(
                model->index(stragglerRow, c).data(Qt::ToolTipRole).toString().contains(QStringLiteral("Straggler")));
        }
        // Not told by colour alone: its Straggler cell says so, the other's is empty.
        QCOMPARE(shown(panel.rankView(), stragglerRow, RankPanel::Straggler), QStringLiteral("yes"));
        QVERIFY(shown(panel.rankView(), otherRow, RankPanel::Straggler).isEmpty());

        const RankRow &fastest = m_summary.rows[std::size_t(otherRow)];
        QCOMPARE(panel.stragglerNote(),
                 QStringLiteral("Straggler: rank %1, median %2 (%3 slower than the fastest)")
                     .arg(QString::number(*slowest->rank), duration(slowest->iterationMedian),
                          duration(slowest->iterationMedian - fastest.iterationMedian)));

        // The tint follows the theme: drawn over the dark table background it is darker.
        const QColor light = model->index(stragglerRow, 0).data(Qt::BackgroundRole).value<QColor>();
        applyTheme(Preferences::Theme::Dark);
        QCoreApplication::processEvents();
        const QColor dark = model->index(stragglerRow, 0).data(Qt::BackgroundRole).value<QColor>();
        applyTheme(Preferences::Theme::Light);
        QCoreApplication::processEvents();
        QVERIFY2(dark.lightness() < light.lightness() - 60,
                 qPrintable(QStringLiteral("%1 vs %2").arg(dark.name(), light.name())));
        QCOMPARE(model->index(stragglerRow, 0).data(Qt::BackgroundRole).value<QColor>(), light);
    }

    void clicksAskForRankAndIteration()
    {
        RankPanel panel;
        panel.resize(900, 600);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.setSummary(m_summary);

        QSignalSpy ranks(&panel, &RankPanel::rankActivated);
        click(panel.rankView(), 1, RankPanel::IterationMedian);
        QCOMPARE(ranks.count(), 1);
        QCOMPARE(ranks.takeFirst().at(0).value<std::size_t>(), std::size_t(1));

        // Sorted with the slowest first, the first row shown is the straggler.
        panel.rankView()->sortByColumn(RankPanel::IterationMedian, Qt::DescendingOrder);
        click(panel.rankView(), 0, RankPanel::RankFile);
        QCOMPARE(ranks.count(), 1);
        const std::size_t clicked = ranks.takeFirst().at(0).value<std::size_t>();
        QVERIFY(m_summary.rows[clicked].straggler);

        QSignalSpy iterations(&panel, &RankPanel::iterationActivated);
        click(panel.iterationView(), 0, RankPanel::Iteration);
        QCOMPARE(iterations.count(), 1);
        QCOMPARE(iterations.at(0).at(0).value<std::int64_t>(), m_summary.collectives[0].iteration);
        QCOMPARE(iterations.at(0).at(1).value<std::size_t>(), m_summary.collectives[0].lastRow);

        // The largest lag first: the click reaches the entry under the pointer, not the summary's first.
        panel.iterationView()->sortByColumn(RankPanel::Lag, Qt::DescendingOrder);
        const auto largest = std::max_element(
            m_summary.collectives.begin(), m_summary.collectives.end(),
            [](const CollectiveEntry &a, const CollectiveEntry &b) { return a.lag < b.lag; });
        iterations.clear();
        click(panel.iterationView(), 0, RankPanel::Lag);
        QCOMPARE(iterations.count(), 1);
        QCOMPARE(iterations.at(0).at(0).value<std::int64_t>(), largest->iteration);
        QCOMPARE(iterations.at(0).at(1).value<std::size_t>(), largest->lastRow);
    }

    void mediansSortAsNumbers()
    {
        RankPanel panel;
        const RankSummary summary = handWrittenMedians();
        panel.setSummary(summary);
        QTableView *view = panel.rankView();
        view->sortByColumn(RankPanel::IterationMedian, Qt::AscendingOrder);
        const QStringList expected{duration(0.9e6), duration(1.2e6), duration(50e6)};
        QStringList order;
        for (int r = 0; r < view->model()->rowCount(); ++r)
            order << shown(view, r, RankPanel::IterationMedian);
        QCOMPARE(order, expected);
        QVERIFY(expected[0] > expected[1]); // as text they would sort the other way
        // The straggler stays highlighted where the sort moved it.
        QVERIFY(view->model()->index(2, 0).data(Qt::FontRole).value<QFont>().bold());
        QVERIFY(!view->model()->index(0, 0).data(Qt::FontRole).value<QFont>().bold());
    }

    void filesNameRanksWithoutNumber()
    {
        // Hand-written: traces without distributedInfo, on their own time bases.
        RankSummary summary = handWrittenMedians();
        for (RankRow &row : summary.rows)
            row.rank.reset();
        summary.collectives.push_back({7, 3, 2, 5000, 1500});
        summary.epochTimeBase = false;
        RankPanel panel;
        panel.setSummary(summary);
        QVERIFY(panel.rankView()->isColumnHidden(RankPanel::RankNumber));
        QVERIFY(panel.iterationView()->isColumnHidden(RankPanel::LastRank));
        QVERIFY(!panel.iterationView()->isColumnHidden(RankPanel::LastFile));
        QCOMPARE(shown(panel.iterationView(), 0, RankPanel::LastFile), QStringLiteral("rank2.json"));
        QVERIFY(panel.stragglerNote().startsWith(QStringLiteral("Straggler: rank0.json, median 50.000 ms")));
        QVERIFY(panel.timeBaseNote().contains(QStringLiteral("own trace")));
    }

    void oneTraceShowsHint()
    {
        RankPanel panel;
        QVERIFY(!panel.showsTables());
        std::vector<RankInput> one{{"sampled_rank-0.json.gz", m_loaded[0].trace.get()}};
        panel.setSummary(rankSummary(one));
        QVERIFY(!panel.showsTables());
        QCOMPARE(panel.hintText(),
                 QStringLiteral("Open several traces (File > Open, a folder of ranks, or drop "
                                "them) to compare ranks."));
        panel.setSummary(m_summary);
        QVERIFY(panel.showsTables());
        panel.setSummary({});
        QVERIFY(!panel.showsTables());
    }
};

TRACELANE_TEST_MAIN(TestRankPanel)
#include "tst_rank_panel.moc"
