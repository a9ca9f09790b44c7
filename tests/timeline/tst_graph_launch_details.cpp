// Details of a CUDA graph launch, in the main window: ResNet-50 with its last
// step replayed as one cudaGraphLaunch (tests/data/chrome/graph_launch) links
// to 662 kernels. The panel sums them up in one line instead of 662 links,
// keeps the arguments in view, and "List them" lists them in Instances.
#include "main_window.h"
#include "panels/instances/instance_list_panel.h"
#include "panels/selection/details_panel.h"
#include "panels/selection/linked_events_box.h"
#include "time_format.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_view.h"

#include "test_registry.h"

#include <QPushButton>
#include <QTableWidget>
#include <QDockWidget>
#include <QLabel>
#include <QtTest>

using namespace tracelane;

namespace {

QString graphLaunchTrace()
{
    return QStringLiteral(TRACELANE_TEST_DATA "/chrome/graph_launch/resnet50_graph_launch.json.gz");
}

EventRef eventNamed(const Trace &trace, std::string_view name)
{
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t)
        for (std::uint32_t i = 0; i < trace.tracks[t].events.size(); ++i)
            if (trace.name(EventRef{t, i}) == name)
                return {t, i};
    return {};
}

} // namespace

class TestGraphLaunchDetails : public QObject
{
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;
    EventRef m_launch;

    const Trace &trace() const { return m_window->model()->trace(); }
    DetailsPanel *details() const { return m_window->details(); }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("TracelaneTests"));
        m_window = std::make_unique<MainWindow>();
        m_window->setErrorReporter([](const QString &, const QString &message) { qWarning() << message; });
        m_window->resize(1600, 1000);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        QSignalSpy loaded(m_window.get(), &MainWindow::traceLoaded);
        m_window->openFile(graphLaunchTrace());
        QVERIFY(loaded.wait(30000));
        m_launch = eventNamed(trace(), "cudaGraphLaunch");
        QVERIFY(m_launch.isValid());
        QCOMPARE(trace().flowsFrom(m_launch).size(), std::size_t(662));
        m_window->timeline()->selectEvent(m_launch, true);
        QCOMPARE(details()->event(), m_launch);
    }

    void cleanupTestCase() { m_window.reset(); }

    void kernelsAreSummedUpInOneLine()
    {
        TimeNs gpuTime = 0;
        for (const Flow &flow : trace().flowsFrom(m_launch))
            gpuTime += trace().event(flow.to).duration;
        const auto summaries = details()->findChildren<QLabel *>(QStringLiteral("detailsPartnerSummary"));
        QCOMPARE(summaries.size(), 1);
        QLabel *summary = summaries.front();
        QCOMPARE(summary->text(), QStringLiteral("Launched: 662 kernels, %1").arg(TimeFormat::shownDuration(gpuTime)));
        // In a narrow panel the line wraps; nothing of it is cut.
        auto *dock = m_window->findChild<QDockWidget *>(QStringLiteral("detailsDock"));
        dock->setFloating(true);
        dock->resize(230, 500);
        QTRY_VERIFY(summary->width() < summary->fontMetrics().horizontalAdvance(summary->text()));
        QVERIFY(summary->wordWrap());
        QTRY_VERIFY(summary->height() >= 2 * summary->fontMetrics().lineSpacing());
        dock->setFloating(false);
        QVERIFY(details()->findChildren<QPushButton *>(QStringLiteral("detailsPartner")).size()
                <= int(LinkedEventsBox::kMaxLinksPerGroup));
    }

    // Every argument row is on screen, not squeezed out by a column of links.
    void argumentsStayInView()
    {
        auto *args = details()->findChild<QTableWidget *>(QStringLiteral("detailsArgs"));
        QVERIFY(args->rowCount() >= 3); // External id, cbid, correlation
        QTRY_VERIFY(args->isVisible());
        const QRegion shown = args->viewport()->visibleRegion();
        for (int row = 0; row < args->rowCount(); ++row) {
            const QRect cell = args->visualItemRect(args->item(row, 1));
            QVERIFY2(
                !cell.isEmpty() && shown.contains(cell.topLeft()) && shown.contains(cell.bottomRight()),
                qPrintable(QStringLiteral("argument %1 (%2) is not in view").arg(row).arg(args->item(row, 0)->text())));
        }
    }

    void listThemShowsTheKernelsInInstances()
    {
        auto *list = details()->findChild<QPushButton *>(QStringLiteral("detailsListPartners"));
        QVERIFY(list);
        QTest::mouseClick(list, Qt::LeftButton);
        InstanceListPanel *instances = m_window->instances();
        QTRY_VERIFY(instances->isVisible());
        QCOMPARE(instances->events().size(), std::size_t(662));
        for (const EventRef ref : instances->events())
            QCOMPARE(trace().event(ref).kind, EventKind::Kernel);
        QCOMPARE(instances->title(), QStringLiteral("Launched by cudaGraphLaunch"));
    }

    // A launch of one kernel still links to it by name.
    void fewLinksStayLinks()
    {
        const EventRef launch = eventNamed(trace(), "cudaLaunchKernel");
        QVERIFY(launch.isValid());
        m_window->timeline()->selectEvent(launch, true);
        QVERIFY(details()->findChildren<QLabel *>(QStringLiteral("detailsPartnerSummary")).isEmpty());
        const auto links = details()->findChildren<QPushButton *>(QStringLiteral("detailsPartner"));
        QCOMPARE(links.size(), 1);
        QVERIFY(links.front()->toolTip().startsWith(QStringLiteral("Select ")));
    }
};

TRACELANE_TEST_MAIN(TestGraphLaunchDetails)
#include "tst_graph_launch_details.moc"
