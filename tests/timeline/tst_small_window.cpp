// Window sizes: at first start the timeline gets most of the height at small
// and large sizes with a GPU stream on screen, dock tabs keep their whole
// titles; at its minimum size the window leaves the timeline a usable share of
// the height (the docks give way), and growing it again gives the charts back
// their room.
#include "qcustomplot_include.h" // first: see there

#include "main_window.h"

#include "cached_import.h"
#include "iteration_chart.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_view.h"

#include "shared_traces.h"
#include "test_registry.h"

#include <QMenuBar>
#include <QSettings>
#include <QStatusBar>
#include <QStyle>
#include <QTabBar>
#include <QtTest>

using namespace tracelane;
using tracelane::test::compiledMlpTrace;
using tracelane::test::resnetTrace;

class TestSmallWindow : public QObject
{
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;

    QCustomPlot *plot() const { return m_window->iterationChart()->plot(); }

    // The height of the iteration chart's axis rectangle, as drawn at the chart's current size.
    int axisHeight() const
    {
        QCustomPlot *plot = m_window->iterationChart()->plot();
        plot->replot();
        return plot->axisRect()->height();
    }

    // The share of the window's height (without menu and status bars) the timeline's lanes get.
    double timelineShare() const
    {
        const int central = m_window->height() - m_window->menuBar()->height() - m_window->statusBar()->height();
        return double(m_window->timeline()->viewport()->height()) / central;
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("TracelaneTests"));
        QVERIFY(test::cachedTrace(compiledMlpTrace()));
    }

    void init()
    {
        QSettings().clear(); // a fresh start: no saved layout
        m_window = std::make_unique<MainWindow>();
        m_window->resize(1500, 900);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        m_window->showModel(std::make_shared<TimelineModel>(test::cachedTrace(compiledMlpTrace())), compiledMlpTrace());
        QTest::qWait(50); // the first start's dock sizes apply after the first layout
    }

    void cleanup() { m_window.reset(); }

    void firstStartAtEverySize_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::newRow("1024x700") << QSize(1024, 700);
        QTest::newRow("1920x1080") << QSize(1920, 1080);
    }

    void firstStartAtEverySize()
    {
        QFETCH(QSize, size);
        m_window.reset();
        QSettings().clear();
        m_window = std::make_unique<MainWindow>();
        m_window->resize(size);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        QTRY_COMPARE(m_window->size(), size);
        QTest::qWait(50); // the first start's dock sizes
        const auto trace = test::cachedTrace(resnetTrace());
        m_window->showModel(std::make_shared<TimelineModel>(trace), resnetTrace());
        QTest::qWait(50);
        // Every check runs, so a failure names all that is wrong at this size.
        QStringList wrong;
        if (timelineShare() < 0.6)
            wrong << QStringLiteral("the timeline gets %1 of the height").arg(timelineShare());

        // Some kernel of the first GPU stream is drawn inside the lanes (pinned or in view).
        TimelineView *view = m_window->timeline();
        std::optional<QRect> kernel;
        for (std::uint32_t t = 0; t < trace->tracks.size() && !kernel; ++t)
            if (trace->tracks[t].kind == TrackKind::GpuStream && !trace->tracks[t].events.empty())
                kernel = view->eventRectInViewport({t, std::uint32_t(trace->tracks[t].events.size() / 2)});
        if (!kernel || kernel->top() < TimelineView::kRulerHeight || kernel->bottom() >= view->viewport()->height())
            wrong << QStringLiteral("no GPU stream on the first screen");

        // Every dock tab shows its whole title.
        int tabs = 0;
        for (QTabBar *bar : m_window->findChildren<QTabBar *>(Qt::FindDirectChildrenOnly)) {
            if (!bar->isVisible())
                continue;
            // As QTabBar sizes a tab that is not cut short: the text and the style's margins.
            const int margins = bar->style()->pixelMetric(QStyle::PM_TabBarTabHSpace, nullptr, bar);
            for (int i = 0; i < bar->count(); ++i, ++tabs)
                if (bar->tabRect(i).width() < bar->fontMetrics().horizontalAdvance(bar->tabText(i)) + margins)
                    wrong << bar->tabText(i) + QStringLiteral(" is cut short");
        }
        QVERIFY(tabs >= 6);
        QVERIFY2(wrong.isEmpty(), qPrintable(wrong.join(QStringLiteral("; "))));
    }

    void minimumSizeAndBack()
    {
        QTRY_VERIFY(plot()->height() >= 150);
        const int before = axisHeight();
        const QSize minimum = m_window->minimumSizeHint().expandedTo(m_window->minimumSize());
        m_window->resize(minimum);
        QTRY_COMPARE(m_window->size(), minimum);
        QTest::qWait(50);
        qInfo() << "minimum" << minimum << "timeline share" << timelineShare() << "viewport"
                << m_window->timeline()->viewport()->size() << "plot" << plot()->height();
        QVERIFY2(timelineShare() >= 0.4, qPrintable(QString::number(timelineShare())));
        QVERIFY(m_window->timeline()->viewport()->width() - TimelineView::kGutterWidth >= 200);

        m_window->resize(1500, 900);
        QTRY_COMPARE(m_window->size(), QSize(1500, 900));
        QTest::qWait(50);
        qInfo() << "grown: plot" << plot()->height() << "axes" << axisHeight() << "before" << before << "share"
                << timelineShare();
        // The chart lays out again after the resize has been handled; on a busy machine
        // that can take longer than the wait above.
        QTRY_VERIFY2(plot()->height() >= 150, qPrintable(QString::number(plot()->height())));
        QTRY_VERIFY(axisHeight() >= before * 9 / 10); // the axes get their room back, not only the title and legend
        QVERIFY(timelineShare() >= 0.4);
    }
};

TRACELANE_TEST_MAIN(TestSmallWindow)
#include "tst_small_window.moc"
