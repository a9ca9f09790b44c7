// Small windows: at its minimum size the window leaves the timeline a usable
// share of the height (the docks give way), and growing it again gives the
// charts back their room.
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
#include <QtTest>

using namespace tracelane;
using tracelane::test::compiledMlpTrace;

namespace {

} // namespace

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
