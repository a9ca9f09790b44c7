// Several traces in one window (main_window_group.cpp): the two shared ranks
// of one HolisticTraceAnalysis run opened together, from a folder, by a drop
// and from the command line's check. Each rank is a top-level lane group in
// rank order holding exactly its own tracks; Details names the rank and the
// file's own correlation id (read here from the file loaded alone); loading
// says which file it is on; Align Traces > By First Iteration reloads with the
// ranks' common first ProfilerStep at the same moment.
#include "main_window.h"

#include "cached_import.h"
#include "charts/iteration_chart.h"
#include "command_line_files.h"
#include "panels/common/elided_label.h"
#include "panels/ranks/rank_panel.h"
#include "panels/selection/details_panel.h"
#include "timeline/marker_set.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_view.h"
#include "timeline/zoom_control.h"
#include "trace_loader.h"

#include "shared_traces.h"
#include "test_registry.h"

#include <QAction>
#include <QDockWidget>
#include <QFile>
#include <QMenu>
#include <QMimeData>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include <set>

using namespace tracelane;
using namespace tracelane::test;

namespace {

// Every track node under `node`, recursively.
void tracksUnder(const TrackLayout &layout, int node, std::set<std::int32_t> &tracks)
{
    if (layout.node(node).track >= 0)
        tracks.insert(layout.node(node).track);
    for (int child : layout.childrenOf(node))
        tracksUnder(layout, child, tracks);
}

QAction *findAction(QWidget *window, const QString &text)
{
    for (QAction *action : window->findChildren<QAction *>())
        if (action->text().remove(QLatin1Char('&')) == text)
            return action;
    return nullptr;
}

// Delivers a drop as the window system would after a drag that was accepted.
class DropWindow : public MainWindow
{
public:
    void drop(QDropEvent *event) { dropEvent(event); }
};

} // namespace

class TestTraceGroupWindow : public QObject
{
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;

    void makeWindow()
    {
        m_window = std::make_unique<DropWindow>();
        m_window->setErrorReporter([](const QString &, const QString &message) { QFAIL(qPrintable(message)); });
        m_window->show();
    }

    void checkRankGroups()
    {
        const Trace &trace = m_window->model()->trace();
        QCOMPARE(trace.parts.size(), std::size_t(2));
        const TrackLayout &layout = m_window->model()->layout();
        QCOMPARE(layout.roots().size(), std::size_t(2));
        for (int node = 0; node < layout.nodeCount(); ++node)
            QVERIFY(!layout.node(node).pinned); // no rank's streams pinned above the others
        QCOMPARE(layout.node(layout.roots()[0]).label, QStringLiteral("Rank 0 · sampled_rank-0.json.gz"));
        QCOMPARE(layout.node(layout.roots()[1]).label, QStringLiteral("Rank 1 · sampled_rank-1.json.gz"));
        for (std::size_t p = 0; p < 2; ++p) {
            std::set<std::int32_t> tracks;
            tracksUnder(layout, layout.roots()[p], tracks);
            std::set<std::int32_t> expected;
            for (std::uint32_t t = trace.parts[p].firstTrack; t < trace.parts[p].endTrack; ++t)
                if (!trace.tracks[t].events.empty())
                    expected.insert(std::int32_t(t));
            QCOMPARE(tracks, expected);
        }
    }

    void openTogether(const QStringList &paths)
    {
        makeWindow();
        QSignalSpy loaded(m_window.get(), &MainWindow::traceLoaded);
        m_window->openTraces(paths);
        QVERIFY(loaded.wait(30000));
    }

private slots:
    void cleanup() { m_window.reset(); }

    // A window of several traces keeps its markers under its set of files: a
    // window of another pair never shows them, the same pair in another order does.
    void markersBelongToTheSetOfFiles()
    {
        openTogether({rankTrace(0), rankTrace(1)});
        QCOMPARE(m_window->model()->trace().parts.size(), std::size_t(2));
        MarkerSet *markers = m_window->timeline()->markers();
        QVERIFY(markers->isEmpty());
        Marker marker;
        marker.time = m_window->model()->trace().startNs + 1000;
        marker.name = QStringLiteral("two ranks");
        markers->add(marker);
        QCOMPARE(markers->size(), 1);

        openTogether({rankTrace(0), compiledMlpTrace()});
        QCOMPARE(m_window->model()->trace().parts.size(), std::size_t(2));
        QVERIFY(m_window->timeline()->markers()->isEmpty());

        openTogether({rankTrace(1), rankTrace(0)});
        QCOMPARE(m_window->timeline()->markers()->size(), 1);
        QCOMPARE(m_window->timeline()->markers()->at(0).name, QStringLiteral("two ranks"));
        m_window->timeline()->markers()->clear(); // leaves the settings as they were
    }

    void filesChosenTogetherOpenAsRankGroups()
    {
        makeWindow();
        QSignalSpy loaded(m_window.get(), &MainWindow::traceLoaded);
        auto *loader = m_window->findChild<TraceLoader *>();
        QVERIFY(loader);
        QSignalSpy files(loader, &TraceLoader::fileChanged);
        m_window->openTraces({rankTrace(1), rankTrace(0)});
        QVERIFY(loaded.wait(30000));
        checkRankGroups();
        QVERIFY(m_window->windowTitle().startsWith(QStringLiteral("2 traces")));
        // The progress said each file as it came (the poll may miss a fast one, never invent one).
        for (const QList<QVariant> &call : files) {
            QCOMPARE(call[1].toInt(), 2);
            QVERIFY(QStringList({rankTrace(1), rankTrace(0)}).contains(call[2].toString()));
        }
        QVERIFY(m_window->model()->ranks());
        QCOMPARE(m_window->model()->ranks()->rows.size(), std::size_t(2));

        // A kernel of rank 1: Details names the rank and the file's correlation id.
        const Trace &trace = m_window->model()->trace();
        const TracePart &rank1 = trace.parts[1];
        EventRef kernel;
        for (std::uint32_t t = rank1.firstTrack; t < rank1.endTrack && !kernel.isValid(); ++t)
            for (std::uint32_t i = 0; i < trace.tracks[t].events.size(); ++i)
                if (trace.tracks[t].events[i].kind == EventKind::Kernel && trace.tracks[t].events[i].correlation) {
                    kernel = {t, i};
                    break;
                }
        QVERIFY(kernel.isValid());
        QVERIFY(rank1.correlationOffset > 0);
        const auto alone = cachedTrace(rankTrace(1));
        const Event &original = alone->event({kernel.track - rank1.firstTrack, kernel.index});
        m_window->timeline()->selectEvent(kernel, true);
        QTRY_COMPARE(m_window->details()->event(), kernel);
        auto *track = m_window->details()->findChild<ElidedLabel *>(QStringLiteral("detailsTrack"));
        QVERIFY(track->fullText().startsWith(QStringLiteral("Rank 1 · sampled_rank-1.json.gz › GPU")));
        auto *args = m_window->details()->findChild<QTableWidget *>(QStringLiteral("detailsArgs"));
        QCOMPARE(args->item(0, 1)->text(), QString::number(original.correlation));
    }

    void ranksDockShowsTheGroupAndLeadsToIt()
    {
        makeWindow();
        QSignalSpy loaded(m_window.get(), &MainWindow::traceLoaded);
        QVERIFY(m_window->ranksDock()->isHidden());
        m_window->openTraces({rankTrace(0), rankTrace(1)});
        QVERIFY(loaded.wait(30000));
        QVERIFY(m_window->ranksDock()->isVisible());
        RankPanel *panel = m_window->rankPanel();
        QVERIFY(panel->showsTables());
        // The rows are the CLI's summary of the two files loaded alone.
        const RankSummary direct = rankSummary({{rankTrace(0).toStdString(), cachedTrace(rankTrace(0)).get()},
                                                {rankTrace(1).toStdString(), cachedTrace(rankTrace(1)).get()}});
        QCOMPARE(panel->summary().rows.size(), direct.rows.size());
        for (std::size_t i = 0; i < direct.rows.size(); ++i) {
            QCOMPARE(panel->summary().rows[i].iterationMedian, direct.rows[i].iterationMedian);
            QCOMPARE(panel->summary().rows[i].gpuBusy, direct.rows[i].gpuBusy);
            QCOMPARE(panel->summary().rows[i].communication, direct.rows[i].communication);
            QCOMPARE(panel->summary().rows[i].straggler, direct.rows[i].straggler);
        }
        QCOMPARE(panel->summary().collectives.size(), direct.collectives.size());

        // A rank row brings that rank's first iteration into view, selected.
        QTRY_VERIFY_WITH_TIMEOUT(!m_window->iterationChart()->iterations().iterations.empty(), 30000);
        // The iteration chart shows one rank at a time: rank 0's to begin with.
        charts::IterationChart *chart = m_window->iterationChart();
        const auto inPart = [&](const IterationTable &table, std::size_t part) {
            std::size_t n = 0;
            for (const Iteration &it : table.iterations)
                n += m_window->model()->trace().partOfTrack(it.ref.track) == &m_window->model()->trace().parts[part];
            return n;
        };
        QVERIFY(chart->allIterations().iterations.size() > chart->iterations().iterations.size());
        QCOMPARE(inPart(chart->iterations(), 0), chart->iterations().iterations.size());
        emit panel->rankActivated(1);
        QCOMPARE(inPart(chart->iterations(), 1), chart->iterations().iterations.size());
        QVERIFY(!chart->iterations().iterations.empty());
        const Trace &trace = m_window->model()->trace();
        const EventRef selected = m_window->timeline()->selectedEvent();
        QVERIFY(selected.isValid());
        QCOMPARE(trace.partOfTrack(selected.track), &trace.parts[1]);
        QVERIFY(std::string(trace.name(selected)).starts_with("ProfilerStep#"));

        // An iteration row: the last rank's iteration selected, every rank's in view.
        QVERIFY(!direct.collectives.empty());
        const CollectiveEntry &entry = direct.collectives.front();
        emit panel->iterationActivated(entry.iteration, entry.lastRow);
        const EventRef last = m_window->timeline()->selectedEvent();
        QCOMPARE(trace.partOfTrack(last.track), &trace.parts[entry.lastRow]);
        QCOMPARE(std::string(trace.name(last)), "ProfilerStep#" + std::to_string(entry.iteration));
        const ZoomControl *zoom = m_window->timeline()->zoomControl();
        for (const Iteration &it : chart->allIterations().iterations)
            if (it.number == entry.iteration) {
                QVERIFY(zoom->rangeStart() <= it.start);
                QVERIFY(zoom->rangeStart() + zoom->rangeLength() >= it.end);
            }

        // One trace: the dock goes away.
        m_window->openFile(rankTrace(0));
        QVERIFY(loaded.wait(30000));
        QVERIFY(m_window->ranksDock()->isHidden());
        QVERIFY(!panel->showsTables());
    }

    void deepTracesTogetherPinNothing()
    {
        // The transformer's CPU side is deep: alone, its GPU streams are pinned.
        const QString deep = QStringLiteral(TRACELANE_SHARED_TRACES "/kineto/transformer_train_2streams.json.gz");
        const QString other = QStringLiteral(TRACELANE_SHARED_TRACES "/kineto/dlrm_train.json.gz");
        const auto pinnedNodes = [this] {
            int pinned = 0;
            const TrackLayout &layout = m_window->model()->layout();
            for (int node = 0; node < layout.nodeCount(); ++node)
                pinned += layout.node(node).pinned;
            return pinned;
        };
        makeWindow();
        QSignalSpy loaded(m_window.get(), &MainWindow::traceLoaded);
        m_window->openFile(deep);
        QVERIFY(loaded.wait(30000));
        QVERIFY(pinnedNodes() > 0);
        m_window->openTraces({deep, other});
        QVERIFY(loaded.wait(30000));
        QCOMPARE(m_window->model()->trace().parts.size(), std::size_t(2));
        QCOMPARE(pinnedNodes(), 0);
    }

    void folderAndDropOpenTheirTraces()
    {
        QTemporaryDir dir;
        QVERIFY(QFile::copy(rankTrace(0), dir.filePath(QStringLiteral("sampled_rank-0.json.gz"))));
        QVERIFY(QFile::copy(rankTrace(1), dir.filePath(QStringLiteral("sampled_rank-1.json.gz"))));
        QFile notes(dir.filePath(QStringLiteral("README.txt")));
        QVERIFY(notes.open(QIODevice::WriteOnly));
        notes.write("not a trace");
        notes.close();
        QVERIFY(commandLineFileProblems({dir.path()}).isEmpty());

        makeWindow();
        QSignalSpy loaded(m_window.get(), &MainWindow::traceLoaded);
        m_window->openFile(dir.path()); // what Open Recent and the command line do with a folder
        QVERIFY(loaded.wait(30000));
        checkRankGroups();
        QCOMPARE(loaded.takeFirst()[0].toString(), dir.path());

        // Both files dropped at once.
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(rankTrace(1)), QUrl::fromLocalFile(rankTrace(0))});
        QDropEvent drop(QPointF(100, 100), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        static_cast<DropWindow *>(m_window.get())->drop(&drop); // made by makeWindow()
        QVERIFY(drop.isAccepted());
        QVERIFY(m_window->isLoading());
        QVERIFY(loaded.wait(30000));
        checkRankGroups();

        // An empty folder is a clear error, not an empty window.
        QTemporaryDir empty;
        QString error;
        m_window->setErrorReporter([&](const QString &, const QString &message) { error = message; });
        m_window->openFolder(empty.path());
        QVERIFY(error.contains(QStringLiteral("no trace files")));
    }

    void alignAtFirstIterationReloads()
    {
        makeWindow();
        QSignalSpy loaded(m_window.get(), &MainWindow::traceLoaded);
        m_window->openTraces({rankTrace(0), rankTrace(1)});
        QVERIFY(loaded.wait(30000));
        QCOMPARE(m_window->model()->trace().parts[1].shift, TimeNs(0)); // both have epoch times
        QAction *byIteration = findAction(m_window.get(), QStringLiteral("By First Iteration"));
        QVERIFY(byIteration);
        QVERIFY(qobject_cast<QMenu *>(byIteration->parent())->isEnabled());
        byIteration->trigger();
        QVERIFY(loaded.wait(30000));
        const Trace &trace = m_window->model()->trace();
        QCOMPARE(trace.parts.size(), std::size_t(2));
        // ProfilerStep#551 is the first step of both ranks: it now starts at the same moment.
        TimeNs starts[2] = {-1, -1};
        for (std::size_t p = 0; p < 2; ++p)
            for (std::uint32_t t = trace.parts[p].firstTrack; t < trace.parts[p].endTrack; ++t)
                for (const Event &e : trace.tracks[t].events)
                    if (trace.strings.view(e.name) == "ProfilerStep#551" && starts[p] < 0)
                        starts[p] = e.start;
        QVERIFY(starts[0] >= 0);
        QCOMPARE(starts[1], starts[0]);
        QVERIFY(trace.parts[1].shift != 0);

        // One trace again: nothing to align.
        m_window->openFile(rankTrace(0));
        QVERIFY(loaded.wait(30000));
        QVERIFY(m_window->model()->trace().parts.empty());
        QVERIFY(!qobject_cast<QMenu *>(byIteration->parent())->isEnabled());
    }
};

TRACELANE_TEST_MAIN(TestTraceGroupWindow)
#include "tst_trace_group_window.moc"
