// The Ranks dock's Collectives and Pace tabs and View > Collective Wait, on the
// two shared ranks of one HolisticTraceAnalysis run (hta/sampled_rank-0/1)
// opened together in one window. The tables must be the core's tables of the
// merged trace cell for cell; the charts, the selection, the zoom and the
// timeline overlay are checked against figures the test works out itself from
// the kernels' own times: a collective's transfer is its shortest kernel, a
// rank's wait the rest of its kernel (docs/ANALYSIS_DISTRIBUTED.md).
#include "qcustomplot_include.h" // first: see there

#include "main_window.h"

#include "analysis/distributed/collective_tables.h"
#include "analysis/distributed/rank_pace.h"
#include "charts/pace_chart.h"
#include "charts/wait_transfer_chart.h"
#include "panels/ranks/collective_panel.h"
#include "panels/ranks/pace_panel.h"
#include "panels/ranks/rank_panel.h"
#include "panels/ranks/rank_table_model.h"
#include "theme.h"
#include "time_format.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_view.h"
#include "timeline/zoom_control.h"

#include "shared_traces.h"
#include "test_registry.h"

#include <QAction>
#include <QComboBox>
#include <QImage>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>
#include <tuple>

using namespace tracelane;
using namespace tracelane::test;

namespace {

const Event &collectivesDockEvent(const Trace &trace, EventRef ref)
{
    return trace.tracks[ref.track].events[ref.index];
}

// The part (rank) a track belongs to.
std::size_t collectivesDockPartOf(const Trace &trace, std::uint32_t track)
{
    for (std::size_t p = 0; p < trace.parts.size(); ++p)
        if (track >= trace.parts[p].firstTrack && track < trace.parts[p].endTrack)
            return p;
    return trace.parts.size();
}

// A collective's transfer worked out from its kernels: the shortest one.
TimeNs collectivesDockTransfer(const Trace &trace, const MatchedCollective &c)
{
    TimeNs shortest = std::numeric_limits<TimeNs>::max();
    for (const CollectiveParticipant &p : c.participants)
        shortest = std::min(shortest, collectivesDockEvent(trace, p.event).duration);
    return shortest;
}

// What the table view shows in a cell against the core table's cell: numbers
// sort as the same number, durations are written in the display unit, text is the text.
void collectivesDockCompareCell(const QAbstractItemModel *model, int row, int column, const Table &table)
{
    const Cell &cell = table.rows[std::size_t(row)][std::size_t(column)];
    const QModelIndex index = model->index(row, column);
    const bool duration = QString::fromStdString(table.columns[std::size_t(column)]).endsWith(QLatin1String(" (ns)"));
    const QString shown = index.data().toString();
    switch (cell.type) {
    case Cell::Type::Int:
        QCOMPARE(index.data(RankTableModel::kSortRole).toLongLong(), qlonglong(cell.i));
        QCOMPARE(shown, duration ? TimeFormat::shownDuration(cell.i) : QString::fromStdString(cell.toString()));
        break;
    case Cell::Type::Fixed:
        QCOMPARE(index.data(RankTableModel::kSortRole).toDouble(), cell.d);
        if (!duration)
            QCOMPARE(shown, QString::fromStdString(cell.toString()));
        break;
    case Cell::Type::Text:
        if (cell.s != "yes")
            QCOMPARE(shown, QString::fromStdString(cell.s));
        break;
    case Cell::Type::Empty: QVERIFY(shown.isEmpty()); break;
    }
}

void collectivesDockCompareTable(const QTableView *view, const Table &expected)
{
    const QAbstractItemModel *model = view->model();
    QCOMPARE(model->rowCount(), int(expected.rows.size()));
    QCOMPARE(model->columnCount(), int(expected.columns.size()));
    for (int r = 0; r < model->rowCount(); ++r)
        for (int c = 0; c < model->columnCount(); ++c) {
            collectivesDockCompareCell(model, r, c, expected);
            if (QTest::currentTestFailed()) {
                qWarning("row %d column %d", r, c);
                return;
            }
        }
}

void collectivesDockClickRow(QTableView *view, int row)
{
    view->scrollTo(view->model()->index(row, 0));
    const QRect cell = view->visualRect(view->model()->index(row, 0));
    QVERIFY(!cell.isEmpty());
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, cell.center());
}

// Columns no row fills (sizes and bandwidths without message sizes) are hidden; the others shown.
void collectivesDockCheckHidden(const QTableView *view, const Table &expected)
{
    for (std::size_t c = 0; c < expected.columns.size(); ++c) {
        const bool empty = std::all_of(expected.rows.begin(), expected.rows.end(),
                                       [c](const std::vector<Cell> &row) { return row[c].type == Cell::Type::Empty; });
        QVERIFY2(view->isColumnHidden(int(c)) == empty, expected.columns[c].c_str());
    }
}

} // namespace

class TestCollectivesDock : public QObject
{
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;
    CollectiveAnalysis m_expected; // the core's analysis of the window's merged trace
    PaceTable m_pace;

    const Trace &trace() const { return m_window->model()->trace(); }
    CollectivePanel *collectives() const { return m_window->rankPanel()->collectivePanel(); }

private slots:
    void initTestCase()
    {
        applyTheme(Preferences::Theme::Light);
        m_window = std::make_unique<MainWindow>();
        m_window->setErrorReporter([](const QString &, const QString &message) { QFAIL(qPrintable(message)); });
        m_window->resize(1600, 1000);
        m_window->show();
        QSignalSpy loaded(m_window.get(), &MainWindow::traceLoaded);
        m_window->openTraces({rankTrace(0), rankTrace(1)});
        QVERIFY(loaded.wait(60000));
        QCOMPARE(trace().parts.size(), std::size_t(2));
        // The worker thread's results, once shown.
        QTRY_VERIFY_WITH_TIMEOUT(!m_window->rankPanel()->isComputing()
                                     && !m_window->rankPanel()->results().collectives.collectives.empty(),
                                 30000);
        m_expected = matchCollectives(collectiveFactsOfParts(trace()));
        m_pace = rankPace(collectiveFactsOfParts(trace()));
        QCOMPARE(m_expected.ranks.size(), std::size_t(2));
        QVERIFY(m_expected.collectives.size() >= 2);
        QVERIFY(!m_pace.iterations.empty());
    }

    void cleanupTestCase() { m_window.reset(); }

    void tabsFollowTheRanksTable()
    {
        QTabWidget *tabs = m_window->rankPanel()->tabs();
        QCOMPARE(tabs->count(), 3);
        QCOMPARE(tabs->tabText(0), QStringLiteral("Ranks"));
        QCOMPARE(tabs->tabText(1), QStringLiteral("Collectives"));
        QCOMPARE(tabs->tabText(2), QStringLiteral("Pace"));
        QVERIFY(m_window->ranksDock()->isVisible());
    }

    void collectiveTablesAreTheCoreTables()
    {
        CollectivePanel *panel = collectives();
        panel->modeBox()->setCurrentIndex(0);
        QCOMPARE(panel->mode(), CollectivePanel::Mode::ByCollective);
        collectivesDockCompareTable(panel->tableView(), collectiveKindTable(m_expected));
        collectivesDockCheckHidden(panel->tableView(), collectiveKindTable(m_expected));
        // Each matched call counted once over the kinds.
        qlonglong calls = 0;
        const int count = 3; // Collective,Process Group,Ranks,Count
        QCOMPARE(panel->tableModel()->table().columns[std::size_t(count)], std::string("Count"));
        for (int r = 0; r < panel->tableView()->model()->rowCount(); ++r)
            calls += panel->tableView()->model()->index(r, count).data(RankTableModel::kSortRole).toLongLong();
        QCOMPARE(calls, qlonglong(m_expected.collectives.size()));

        panel->modeBox()->setCurrentIndex(1);
        QCOMPARE(panel->mode(), CollectivePanel::Mode::PerCall);
        collectivesDockCompareTable(panel->tableView(), collectiveInstanceTable(m_expected));
        collectivesDockCheckHidden(panel->tableView(), collectiveInstanceTable(m_expected));
        QCOMPARE(panel->tableView()->model()->rowCount(), int(m_expected.collectives.size()));

        panel->modeBox()->setCurrentIndex(2);
        QCOMPARE(panel->mode(), CollectivePanel::Mode::ByRank);
        collectivesDockCompareTable(panel->tableView(), collectiveRankTable(m_expected));
        collectivesDockCheckHidden(panel->tableView(), collectiveRankTable(m_expected));
        const auto straggler = std::find_if(m_expected.ranks.begin(), m_expected.ranks.end(),
                                            [](const RankCommunication &r) { return r.straggler; });
        QCOMPARE(panel->tableModel()->emphasisRow(),
                 straggler == m_expected.ranks.end() ? -1 : int(straggler - m_expected.ranks.begin()));

        // The core's counts, said in the panel's own (translatable) words.
        const std::pair<std::size_t, const char *> counted[] = {
            {m_expected.partialCollectives, " found on fewer ranks"},
            {m_expected.disjointCollectives, " ran on some ranks only after"},
            {m_expected.mixedCollectives, " named differently"}};
        for (const auto &[count, words] : counted) {
            const QString line = QString::number(count) + QStringLiteral(" call(s)") + QString::fromLatin1(words);
            QCOMPARE(panel->notesText().contains(line), count > 0);
        }
        QVERIFY(m_expected.disjointCollectives > 0); // the sampled ranks' all-to-alls
        QCOMPARE(panel->notesText().contains(QStringLiteral("share no clock")), !m_expected.sharedClock);
    }

    // A call clicked, also after sorting: its kernel outlined on both ranks,
    // nothing else, the view from the first start to the last end.
    void clickingACallShowsItOnEveryRank()
    {
        CollectivePanel *panel = collectives();
        m_window->rankPanel()->tabs()->setCurrentWidget(panel);
        panel->setMode(CollectivePanel::Mode::PerCall);
        // The call whose ranks waited longest, found in the test, and the first one.
        std::size_t longest = 0;
        for (std::size_t i = 0; i < m_expected.collectives.size(); ++i)
            if (m_expected.collectives[i].waitSum > m_expected.collectives[longest].waitSum)
                longest = i;
        for (const std::size_t wanted : {longest, std::size_t(0)}) {
            QTableView *view = panel->tableView();
            view->sortByColumn(-1, Qt::AscendingOrder);
            int row = int(wanted);
            if (wanted == longest) { // sorted by wait, largest first: the proxy row 0
                const auto &columns = panel->tableModel()->table().columns;
                const int waitColumn = int(std::find(columns.begin(), columns.end(), "Wait (ns)") - columns.begin());
                QVERIFY(waitColumn < int(columns.size()));
                view->sortByColumn(waitColumn, Qt::DescendingOrder);
                row = 0;
            }
            QSignalSpy activated(panel, &CollectivePanel::collectiveActivated);
            collectivesDockClickRow(view, row);
            QCOMPARE(activated.size(), 1);
            QCOMPARE(activated.front().front().value<std::size_t>(), wanted);

            const MatchedCollective &c = m_expected.collectives[wanted];
            const HighlightSet &outlined = m_window->timeline()->highlighted();
            QCOMPARE(outlined.size(), c.participants.size());
            TimeNs first = std::numeric_limits<TimeNs>::max(), last = std::numeric_limits<TimeNs>::min();
            std::set<std::size_t> parts;
            for (const CollectiveParticipant &p : c.participants) {
                QVERIFY(outlined.contains(p.event));
                const Event &kernel = collectivesDockEvent(trace(), p.event);
                QCOMPARE(trace().tracks[p.event.track].kind, TrackKind::GpuStream);
                parts.insert(collectivesDockPartOf(trace(), p.event.track));
                first = std::min(first, kernel.start);
                last = std::max(last, kernel.end());
            }
            QCOMPARE(parts.size(), c.participants.size()); // one kernel on each rank
            const ZoomControl *zoom = m_window->timeline()->zoomControl();
            QVERIFY2(zoom->rangeStart() < first && zoom->rangeEnd() > last,
                     qPrintable(QStringLiteral("%1..%2 in view, %3..%4 spanned")
                                    .arg(zoom->rangeStart())
                                    .arg(zoom->rangeEnd())
                                    .arg(first)
                                    .arg(last)));
            QVERIFY(zoom->rangeLength() <= (last - first) * 3 / 2 + 2000); // a margin, not the whole trace
            // The last to arrive (the shortest kernel) is the selected one.
            QCOMPARE(collectivesDockEvent(trace(), m_window->timeline()->selectedEvent()).duration,
                     collectivesDockTransfer(trace(), c));
        }
        panel->tableView()->sortByColumn(-1, Qt::AscendingOrder);
    }

    // Other rows ask for nothing: a kind or a rank is not one call.
    void otherModesDoNotActivate()
    {
        CollectivePanel *panel = collectives();
        QSignalSpy activated(panel, &CollectivePanel::collectiveActivated);
        panel->setMode(CollectivePanel::Mode::ByCollective);
        collectivesDockClickRow(panel->tableView(), 0);
        panel->setMode(CollectivePanel::Mode::ByRank);
        collectivesDockClickRow(panel->tableView(), 0);
        QCOMPARE(activated.size(), 0);
    }

    // Per rank, the transfer and wait summed here from each collective's kernels.
    void waitTransferBarsAreEachRanksSums()
    {
        std::vector<TimeNs> transfer(trace().parts.size(), 0), wait(trace().parts.size(), 0);
        for (const MatchedCollective &c : m_expected.collectives) {
            const TimeNs shortest = collectivesDockTransfer(trace(), c);
            for (const CollectiveParticipant &p : c.participants) {
                const std::size_t part = collectivesDockPartOf(trace(), p.event.track);
                transfer[part] += shortest;
                wait[part] += collectivesDockEvent(trace(), p.event).duration - shortest;
            }
        }
        QVERIFY(std::any_of(wait.begin(), wait.end(), [](TimeNs w) { return w > 0; }));
        const charts::WaitTransferChart *chart = collectives()->chart();
        QCOMPARE(chart->rowCount(), int(trace().parts.size()));
        const double unit = chart->timeScale().nsPerUnit;
        for (const auto &[series, expected] : {std::pair{int(charts::WaitTransferChart::TransferSeries), &transfer},
                                               std::pair{int(charts::WaitTransferChart::WaitSeries), &wait}}) {
            QCPBars *bars = chart->bars(series);
            QVERIFY(bars);
            QCOMPARE(bars->data()->size(), int(expected->size()));
            for (int row = 0; row < chart->rowCount(); ++row) {
                const auto it = bars->data()->findBegin(chart->rowCount() - row, false);
                QCOMPARE(it->key, double(chart->rowCount() - row));
                QVERIFY2(qAbs(it->value - double((*expected)[std::size_t(row)]) / unit) < 1e-9 * (1 + it->value),
                         qPrintable(QStringLiteral("series %1 row %2").arg(series).arg(row)));
            }
        }
        // The straggler's bar says so, in its label and with a mark at its end.
        int marks = 0;
        for (int i = 0; i < chart->plot()->itemCount(); ++i)
            if (auto *mark = qobject_cast<QCPItemText *>(chart->plot()->item(i));
                mark && mark->objectName() == QStringLiteral("stragglerMark")) {
                ++marks;
                const int row = chart->rowCount() - int(std::lround(mark->position->value())); // y: the row
                QVERIFY(m_expected.ranks.at(std::size_t(row)).straggler);
            }
        QCOMPARE(marks,
                 int(std::count_if(m_expected.ranks.begin(), m_expected.ranks.end(),
                                   [](const RankCommunication &r) { return r.straggler; })));
        QCOMPARE(marks, 1);
        for (int row = 0; row < chart->rowCount(); ++row)
            QCOMPARE(chart->barLabels()[row].contains(QStringLiteral("straggler")),
                     m_expected.ranks[std::size_t(row)].straggler);
    }

    void paceChartAndTableAreRankPace()
    {
        PacePanel *pace = m_window->rankPanel()->pacePanel();
        const charts::PaceChart *chart = pace->chart();
        QCOMPARE(chart->iterationGraphCount(), int(m_pace.iterations.size()));
        const double unit = chart->timeScale().nsPerUnit;
        std::set<std::pair<double, double>> outliers;
        for (int i = 0; i < chart->iterationGraphCount(); ++i) {
            const PaceIteration &it = m_pace.iterations[std::size_t(i)];
            QCPGraph *graph = chart->iterationGraph(i);
            QCOMPARE(graph->name(), QStringLiteral("Iteration %1").arg(it.number));
            QCOMPARE(graph->data()->size(), int(it.entries.size()));
            int point = 0;
            for (const PaceEntry &e : it.entries) {
                const auto &d = *(graph->data()->constBegin() + point++);
                QCOMPARE(d.key, double(e.rank));
                QCOMPARE(d.value, double(e.duration) / unit);
                if (e.outlier)
                    outliers.insert({double(e.rank), double(e.duration) / unit});
                // The duration is that rank's ProfilerStep#N, read from its events here.
                bool found = false;
                const TracePart &part = trace().parts[e.rank];
                const std::string name = "ProfilerStep#" + std::to_string(it.number);
                for (std::uint32_t t = part.firstTrack; t < part.endTrack && !found; ++t)
                    for (const Event &event : trace().tracks[t].events)
                        if (event.duration == e.duration && trace().strings.view(event.name) == name) {
                            found = true;
                            break;
                        }
                QVERIFY2(found, name.c_str());
            }
        }
        std::set<std::pair<double, double>> drawn;
        if (const QCPGraph *red = chart->outlierGraph())
            for (auto it = red->data()->constBegin(); it != red->data()->constEnd(); ++it)
                drawn.insert({it->key, it->value});
        QCOMPARE(drawn, outliers);
        QCOMPARE(outliers.size(), m_pace.outliers);

        const QTableView *view = pace->tableView();
        collectivesDockCompareTable(view, paceTable(m_pace));
    }

    // A pace row clicked: that iteration on every rank, the row's rank's step selected.
    void clickingAPaceRowShowsThatStep()
    {
        PacePanel *pace = m_window->rankPanel()->pacePanel();
        m_window->rankPanel()->tabs()->setCurrentWidget(pace);
        QTableView *view = pace->tableView();
        const int last = view->model()->rowCount() - 1;
        QVERIFY(last >= 1);
        for (const int row : {last, 0}) {
            const std::int64_t number = view->model()->index(row, 0).data(RankTableModel::kSortRole).toLongLong();
            const QString rankLabel = view->model()->index(row, 1).data().toString();
            QSignalSpy activated(m_window->rankPanel(), &RankPanel::iterationActivated);
            collectivesDockClickRow(view, row);
            QCOMPARE(activated.size(), 1);
            QCOMPARE(activated.front().at(0).value<std::int64_t>(), number);
            const std::size_t rank = activated.front().at(1).value<std::size_t>();
            QCOMPARE(QString::fromStdString(m_pace.ranks.at(rank)), rankLabel);
            const EventRef selected = m_window->timeline()->selectedEvent();
            QVERIFY(selected.isValid());
            QCOMPARE(trace().strings.view(collectivesDockEvent(trace(), selected).name),
                     std::string_view("ProfilerStep#" + std::to_string(number)));
            QCOMPARE(collectivesDockPartOf(trace(), selected.track), rank);
        }
    }

    // 256 ranks (hand-made pace, one slow rank): the rank axis labels some
    // ranks, far enough apart not to overlap; twelve iterations drop the legend;
    // the chart still exports.
    void paceChartReadsAt256Ranks()
    {
        PaceTable pace;
        for (int r = 0; r < 256; ++r)
            pace.ranks.push_back(std::to_string(r));
        for (int i = 0; i < 12; ++i) {
            PaceIteration it;
            it.number = 100 + i;
            it.median = 50e6;
            for (std::size_t r = 0; r < 256; ++r) {
                PaceEntry e;
                e.rank = r;
                e.duration = r == 77 ? 58'000'000 : 50'000'000 + TimeNs(r % 7) * 100'000;
                e.deviation = e.duration - 50'000'000;
                e.outlier = r == 77;
                it.entries.push_back(e);
            }
            pace.iterations.push_back(std::move(it));
        }
        pace.outliers = 12;
        charts::PaceChart chart;
        chart.resize(900, 320);
        chart.show();
        chart.setPace(pace);
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.plot()->replot();
        QCoreApplication::processEvents();
        auto ticker = chart.plot()->xAxis->ticker().dynamicCast<QCPAxisTickerText>();
        QVERIFY(ticker);
        const auto ticks = ticker->ticks();
        QVERIFY2(ticks.size() > 4 && ticks.size() < 256, qPrintable(QString::number(ticks.size())));
        const QFontMetrics metrics(chart.plot()->xAxis->tickLabelFont());
        double previousRight = -1e9;
        for (auto it = ticks.constBegin(); it != ticks.constEnd(); ++it) {
            const double x = chart.plot()->xAxis->coordToPixel(it.key());
            const double half = metrics.horizontalAdvance(it.value()) / 2.0;
            QVERIFY2(x - half > previousRight, qPrintable(it.value()));
            previousRight = x + half;
        }
        QVERIFY(!chart.plot()->legend->visible());
        QCOMPARE(chart.outlierGraph()->data()->size(), 12);
        QTemporaryDir dir;
        for (const QString &suffix : {QStringLiteral("png"), QStringLiteral("svg")}) {
            const QString path = dir.filePath(QStringLiteral("pace.") + suffix);
            QVERIFY(chart.exportTo(path));
            QVERIFY(QFileInfo(path).size() > 1000);
        }
    }

    // Each participant's kernel from its start for as long as it waited (its
    // duration less the collective's shortest), worked out here.
    void overlayIsEachParticipantsWait()
    {
        using Key = std::tuple<std::uint32_t, std::uint32_t, TimeNs, TimeNs, TimeNs>;
        std::multiset<Key> expected, drawn;
        for (const MatchedCollective &c : m_expected.collectives) {
            const TimeNs shortest = collectivesDockTransfer(trace(), c);
            for (const CollectiveParticipant &p : c.participants) {
                const Event &kernel = collectivesDockEvent(trace(), p.event);
                expected.insert({p.event.track, p.event.index, kernel.start, kernel.start + kernel.duration - shortest,
                                 kernel.end()});
            }
        }
        for (const CollectiveWaitOverlay::Interval &i : m_window->timeline()->collectiveWaits().intervals())
            drawn.insert({i.event.track, i.event.index, i.start, i.waitEnd, i.end});
        QCOMPARE(drawn.size(), expected.size());
        QVERIFY(drawn == expected);
    }

    // View > Collective Wait changes what the timeline paints over the kernels of
    // the call that waited longest, and only while it is on.
    void toggleDrawsTheWait()
    {
        QAction *toggle = m_window->findChild<QAction *>(QStringLiteral("showCollectiveWait"));
        QVERIFY(toggle);
        QVERIFY(toggle->isCheckable());
        TimelineView *view = m_window->timeline();
        std::size_t longest = 0;
        for (std::size_t i = 0; i < m_expected.collectives.size(); ++i)
            if (m_expected.collectives[i].waitSum > m_expected.collectives[longest].waitSum)
                longest = i;
        const MatchedCollective &c = m_expected.collectives[longest];
        QVERIFY(c.waitSum > 0);
        CollectivePanel *panel = collectives();
        panel->setMode(CollectivePanel::Mode::PerCall);
        emit panel->collectiveActivated(longest); // zooms onto it
        view->setHighlighted({});
        view->clearSelection();

        toggle->setChecked(false);
        QVERIFY(!view->showCollectiveWait());
        const QImage off = view->viewport()->grab().toImage();
        toggle->setChecked(true);
        QVERIFY(view->showCollectiveWait());
        const QImage on = view->viewport()->grab().toImage();
        QVERIFY(on != off);
        // The waiting rank's kernel is washed out at its start, not at its end.
        const CollectiveParticipant *waiter = &c.participants.front();
        for (const CollectiveParticipant &p : c.participants)
            if (p.wait > waiter->wait)
                waiter = &p;
        view->selectEvent(waiter->event, true); // its lane scrolled into view
        view->clearSelection();
        toggle->setChecked(false);
        const QImage offHere = view->viewport()->grab().toImage();
        toggle->setChecked(true);
        const QImage onHere = view->viewport()->grab().toImage();
        const auto rect = view->eventRectInViewport(waiter->event);
        QVERIFY(rect);
        const double waitPixels = rect->width() * double(waiter->wait) / double(waiter->duration);
        QVERIFY2(waitPixels > 8 && rect->width() - waitPixels > 8, qPrintable(QString::number(waitPixels)));
        const int y = rect->center().y();
        QVERIFY(onHere.pixel(rect->left() + 3, y) != offHere.pixel(rect->left() + 3, y));
        QCOMPARE(onHere.pixel(rect->right() - 3, y), offHere.pixel(rect->right() - 3, y));
        toggle->setChecked(false);
        QCOMPARE(view->viewport()->grab().toImage(), offHere);
    }
};

TRACELANE_TEST_MAIN(TestCollectivesDock)
#include "tst_collectives_dock.moc"
