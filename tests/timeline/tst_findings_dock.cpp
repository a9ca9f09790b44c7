// The Findings dock on a real trace: its rows are the core's findings, ranked
// by the time their events hold on the whole trace's critical path (computed
// here from the path's stretches, independently of findingTimeOnPath), a click
// on a finding shows its fix and lists its events and selects the first on the
// timeline, and the time-region findings zoom the timeline to their region.
#include "qcustomplot_include.h" // first: see there

#include "main_window.h"

#include "dock_test_window.h"

#include "panels/critical/finding_models.h"
#include "panels/critical/finding_text.h"
#include "panels/critical/findings_panel.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_view.h"
#include "timeline/zoom_control.h"

#include "analysis/critical/critical_path_scope.h"

#include "test_registry.h"

#include <QDockWidget>
#include <QSignalSpy>
#include <QTableView>
#include <QtTest>

#include <map>
#include <set>

using namespace tracelane;

namespace {

QString sharedTraceFile(const char *relative)
{
    return QStringLiteral(TRACELANE_SHARED_TRACES "/") + QLatin1String(relative);
}

// The time the path spends in the finding's events (their own time and the
// waits arriving at them), written out here from the path's stretches.
TimeNs onPathByHand(const Finding &finding, const CriticalPath &path)
{
    std::set<std::pair<std::uint32_t, std::uint32_t>> events;
    for (const FindingEvent &e : finding.events)
        for (const EventRef ref : {e.event, e.call})
            if (ref.isValid())
                events.insert({ref.track, ref.index});
    TimeNs time = 0;
    for (const PathStep &step : path.steps)
        if (step.event.isValid() && events.count({step.event.track, step.event.index}))
            time += step.onPath;
    return time;
}

} // namespace

class TestFindingsDock : public QObject
{
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;

    FindingsPanel *panel() const { return m_window->findingsPanel(); }

private slots:
    void initTestCase()
    {
        m_window = tracelane::test::shownDockTestWindow();
        QSignalSpy events(panel(), &FindingsPanel::eventRequested);
        QSignalSpy regions(panel(), &FindingsPanel::regionRequested);
        QVERIFY(tracelane::test::openAndWaitForPanel(*m_window, sharedTraceFile("kineto/dlrm_train.json.gz"), panel(),
                                                     &FindingsPanel::ready));
        // The first finding is described, but the timeline stays where the user is.
        QVERIFY(!panel()->detailsText().isEmpty());
        QCOMPARE(events.size() + regions.size(), 0);
    }

    void cleanupTestCase() { m_window.reset(); }

    void rowsAreTheCoreFindingsRankedByPath()
    {
        auto *dock = m_window->findChild<QDockWidget *>(QStringLiteral("findingsDock"));
        QVERIFY(dock);
        QVERIFY(m_window->tabifiedDockWidgets(dock).contains(
            m_window->findChild<QDockWidget *>(QStringLiteral("criticalPathDock"))));
        QVERIFY(panel()->showsResults());
        const Trace &trace = m_window->model()->trace();
        const std::vector<Finding> expected = computeFindings(trace);
        const CriticalPath path = criticalPath(trace, wholeTracePathScope(trace));
        FindingModel *model = panel()->findingModel();
        QCOMPARE(model->rowCount(), int(expected.size()));
        std::map<std::string, const Finding *> byRule;
        for (const Finding &f : expected)
            byRule[f.rule] = &f;
        bool someOnPath = false;
        for (int row = 0; row < model->rowCount(); ++row) {
            const Finding &shown = model->finding(row);
            QVERIFY(byRule.count(shown.rule));
            QCOMPARE(shown.count, byRule[shown.rule]->count);
            QCOMPARE(shown.time, byRule[shown.rule]->time);
            if (!shown.events.empty() && shown.events.front().event.isValid() && shown.rule != "gpu_gaps") {
                QCOMPARE(model->onPath(row), onPathByHand(shown, path));
                someOnPath |= model->onPath(row) > 0;
            }
            if (row > 0) // ranked by time on the path, then time
                QVERIFY(std::tuple(model->onPath(row - 1), model->finding(row - 1).time) >=
                        std::tuple(model->onPath(row), shown.time));
        }
        QVERIFY(someOnPath);
    }

    void clickShowsFixAndSelectsFirstEvent()
    {
        m_window->findChild<QDockWidget *>(QStringLiteral("findingsDock"))->raise();
        FindingModel *model = panel()->findingModel();
        int row = -1; // a finding made of events, not of regions
        for (int r = 0; r < model->rowCount() && row < 0; ++r)
            if (model->finding(r).rule == "cuda_api_sync")
                row = r;
        QVERIFY(row >= 0);
        QTableView *view = panel()->findingView();
        QTRY_VERIFY(view->isVisible());
        const QModelIndex index = view->model()->index(row, FindingModel::ProblemColumn);
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(index).center());
        const Finding &f = model->finding(row);
        QCOMPARE(panel()->eventModel()->rowCount(), int(f.events.size()));
        QVERIFY(panel()->detailsText().contains(FindingText::title(f.rule).toHtmlEscaped()));
        QVERIFY(panel()->detailsText().contains(QStringLiteral("cuda_api_sync")));
        const EventRef first = f.events.front().event.isValid() ? f.events.front().event : f.events.front().call;
        QCOMPARE(m_window->timeline()->selectedEvent(), first);
        QCOMPARE(m_window->model()->trace().name(first).substr(0, 4), std::string_view("cuda"));
    }

    void regionFindingShowsItsRegion()
    {
        FindingModel *model = panel()->findingModel();
        int row = -1;
        for (int r = 0; r < model->rowCount() && row < 0; ++r)
            if (model->finding(r).rule == "gpu_time_util")
                row = r;
        QVERIFY(row >= 0);
        panel()->showFinding(row);
        const FindingEvent &region = model->finding(row).events.front();
        ZoomControl *zoom = m_window->timeline()->zoomControl();
        QVERIFY(zoom->rangeStart() <= region.start);
        QVERIFY(zoom->rangeEnd() >= region.start + region.duration);
        QVERIFY(zoom->rangeEnd() - zoom->rangeStart() < 2 * region.duration);
    }
};

TRACELANE_TEST_MAIN(TestFindingsDock)
#include "tst_findings_dock.moc"
