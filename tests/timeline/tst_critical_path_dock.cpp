// The Critical Path dock on a real trace: one bar per iteration holding the
// core's path lengths and split, the list of the shown step's stretches
// (clicking one selects its event), the what-if box against the core's
// estimate, View > Show Critical Path drawing the path over the timeline (and
// zooming to its step), the chart in File > Export, and a trace without
// iterations getting its whole-trace path.
#include "qcustomplot_include.h" // first: see there

#include "main_window.h"

#include "dock_test_window.h"

#include "critical_path_chart.h"
#include "panels/critical/critical_path_panel.h"
#include "panels/critical/path_step_model.h"
#include "time_format.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_view.h"
#include "timeline/zoom_control.h"

#include "analysis/critical/critical_path_scope.h"
#include "analysis/critical/what_if.h"

#include "test_registry.h"

#include <QComboBox>
#include <QDockWidget>
#include <QLineEdit>
#include <QMenuBar>
#include <QSignalSpy>
#include <QTableView>
#include <QtTest>

using namespace tracelane;

namespace {

QString sharedFile(const char *relative)
{
    return QStringLiteral(TRACELANE_SHARED_TRACES "/") + QLatin1String(relative);
}

} // namespace

class TestCriticalPathDock : public QObject
{
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;

    CriticalPathPanel *panel() const { return m_window->criticalPathPanel(); }

    void open(const QString &path)
    {
        QVERIFY(tracelane::test::openAndWaitForPanel(*m_window, path, panel(), &CriticalPathPanel::ready));
    }

private slots:
    void initTestCase()
    {
        m_window = tracelane::test::shownDockTestWindow();
        open(sharedFile("kineto/resnet50_train.json.gz"));
    }

    void cleanupTestCase() { m_window.reset(); }

    void barsAreTheCorePaths()
    {
        auto *dock = m_window->findChild<QDockWidget *>(QStringLiteral("criticalPathDock"));
        QVERIFY(dock);
        QVERIFY(m_window->tabifiedDockWidgets(dock).contains(
            m_window->findChild<QDockWidget *>(QStringLiteral("efficiencyDock"))));
        QVERIFY(panel()->showsResults());
        const Trace &trace = m_window->model()->trace();
        const IterationTable iterations = detectIterations(trace);
        const auto &steps = panel()->chart()->steps();
        QCOMPARE(steps.size(), iterations.iterations.size());
        QCOMPARE(panel()->chart()->rowCount(), int(steps.size()));
        for (std::size_t i = 0; i < steps.size(); ++i) {
            const CriticalPath expected = criticalPath(trace, pathScopeOfEvent(trace, iterations.iterations[i].ref));
            QCOMPARE(steps[i].label, QString::fromStdString(iterations.iterations[i].name));
            QCOMPARE(steps[i].length, expected.length);
            QCOMPARE(steps[i].byCategory, expected.byCategory);
        }
        QStringList exportActions;
        for (QAction *menu : m_window->menuBar()->actions())
            if (menu->menu())
                for (QAction *action : menu->menu()->actions())
                    if (action->menu())
                        for (QAction *item : action->menu()->actions())
                            exportActions << item->text().remove(QLatin1Char('&'));
        QVERIFY(exportActions.contains(QString::fromUtf8("Critical Path Chart…")));
    }

    void listFollowsTheStepAndSelects()
    {
        m_window->findChild<QDockWidget *>(QStringLiteral("criticalPathDock"))->raise();
        QSignalSpy changed(panel(), &CriticalPathPanel::pathChanged);
        panel()->stepCombo()->setCurrentIndex(2);
        QCOMPARE(changed.size(), 1);
        const CriticalPath *path = panel()->currentPath();
        QVERIFY(path);
        QCOMPARE(path, &panel()->report().steps[2].path);
        std::size_t withEvents = 0;
        for (const PathStep &step : path->steps)
            withEvents += step.event.isValid() ? 1 : 0;
        QCOMPARE(std::size_t(panel()->stepModel()->rowCount()), withEvents);

        // A click on the list's fifth row selects that stretch's event.
        QTableView *view = panel()->stepView();
        QTRY_VERIFY(view->isVisible());
        const QModelIndex index = view->model()->index(4, PathStepModel::EventColumn);
        view->scrollTo(index);
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(index).center());
        QCOMPARE(m_window->timeline()->selectedEvent(), panel()->stepModel()->steps()[4].event);
    }

    void whatIfIsTheCoreEstimate()
    {
        panel()->setCurrentStep(2);
        QSignalSpy ready(panel(), &CriticalPathPanel::whatIfReady);
        panel()->whatIfEdit()->setText(QStringLiteral("kernels=0.5, launch-overhead=0"));
        panel()->applyWhatIf();
        QTRY_VERIFY_WITH_TIMEOUT(ready.size() == 1, 30000);
        const Trace &trace = m_window->model()->trace();
        const WhatIf whatIf = parseWhatIf("kernels=0.5,launch-overhead=0").whatIf;
        const CriticalPathStepResult &step = panel()->report().steps[2];
        const CriticalPath after = criticalPath(trace, step.scope, &whatIf);
        QVERIFY(after.length < step.path.length);
        QVERIFY2(panel()->whatIfText().contains(TimeFormat::shownDuration(after.length)),
                 qPrintable(panel()->whatIfText()));
        QVERIFY(panel()->whatIfText().contains(TimeFormat::shownDuration(step.path.length)));

        panel()->whatIfEdit()->setText(QStringLiteral("gpu=0.5"));
        panel()->applyWhatIf();
        QTRY_COMPARE(ready.size(), 2);
        QVERIFY(panel()->whatIfText().contains(QStringLiteral("gpu")));
        panel()->whatIfEdit()->clear();
        panel()->applyWhatIf();
        QVERIFY(panel()->whatIfText().isEmpty());
    }

    void overlayDrawsTheShownPath()
    {
        QAction *show = m_window->showCriticalPathAction();
        QVERIFY(show);
        TimelineView *timeline = m_window->timeline();
        QVERIFY(timeline->criticalPath().empty());
        panel()->setCurrentStep(2);
        const CriticalPath *path = panel()->currentPath();
        const QImage before = timeline->viewport()->grab().toImage();
        show->setChecked(true);
        QCOMPARE(timeline->criticalPath().events().size(), path->pathEvents().size());
        QVERIFY(timeline->criticalPath().hopCount() > 0); // main thread -> autograd -> GPU
        // The timeline shows the step.
        QVERIFY(timeline->zoomControl()->rangeStart() <= path->scope.start);
        QVERIFY(timeline->zoomControl()->rangeEnd() >= path->scope.start + path->length);
        QVERIFY(timeline->zoomControl()->rangeEnd() - timeline->zoomControl()->rangeStart() < 2 * path->length);
        const QImage drawn = timeline->viewport()->grab().toImage();
        QVERIFY(drawn != before);
        // Another step: the overlay follows.
        panel()->setCurrentStep(3);
        QCOMPARE(timeline->criticalPath().events().size(), panel()->currentPath()->pathEvents().size());
        show->setChecked(false);
        QVERIFY(timeline->criticalPath().empty());
    }

    void wholeTraceWithoutIterations()
    {
        open(sharedFile("opencl/dvdt_prof_armcl.json"));
        QVERIFY(panel()->showsResults());
        QCOMPARE(panel()->chart()->steps().size(), std::size_t(1));
        const Trace &trace = m_window->model()->trace();
        QCOMPARE(panel()->chart()->steps()[0].length, criticalPath(trace, wholeTracePathScope(trace)).length);
        QVERIFY(panel()->stepModel()->rowCount() > 0);
    }
};

TRACELANE_TEST_MAIN(TestCriticalPathDock)
#include "tst_critical_path_dock.moc"
