// The Iterations dock of the main window: on a 2021 Kineto trace, whose
// phases are the profiler step's top-level operators, the legend names the
// colours; on an Nsight Systems export whose first iteration is 180 times the
// others, that warm-up iteration is cut off with a note until "Show outliers".
#include "qcustomplot_include.h" // first: see there

#include "main_window.h"

#include "iteration_chart.h"

#include "shared_traces.h"
#include "test_registry.h"

#include <QCheckBox>
#include <QDockWidget>
#include <QSignalSpy>
#include <QtTest>

using namespace tracelane;

class TestIterationDock : public QObject
{
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;

    charts::IterationChart *chart() const { return m_window->iterationChart(); }

    void open(const QString &path, QSize windowSize)
    {
        m_window = std::make_unique<MainWindow>();
        m_window->setErrorReporter([](const QString &, const QString &message) { qWarning() << message; });
        m_window->resize(windowSize);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        QSignalSpy loaded(m_window.get(), &MainWindow::traceLoaded);
        m_window->openFile(path);
        QVERIFY(loaded.wait(30000));
        QTRY_VERIFY_WITH_TIMEOUT(!chart()->iterations().iterations.empty(), 30000);
        m_window->findChild<QDockWidget *>(QStringLiteral("iterationsDock"))->raise();
        QTest::qWait(0); // the queued replots of a changed layout
        chart()->plot()->replot();
    }

    bool legendShown() const
    {
        const QCPLegend *legend = chart()->plot()->legend;
        return legend->visible() && legend->layout() == chart()->plot()->plotLayout();
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("TracelaneTests"));
    }

    void cleanup() { m_window.reset(); }

    // Three steps of 2021's ResNet-50, each stacked by its top-level operators
    // (the trace has no "## forward ##" ranges): whatever the window's size,
    // every colour drawn is named. A short dock merges the smaller phases.
    void legendNamesTheColours_data()
    {
        QTest::addColumn<QSize>("windowSize");
        QTest::addColumn<int>("fewestSeries");
        QTest::newRow("1600x1000") << QSize(1600, 1000) << 3;
        QTest::newRow("1280x800") << QSize(1280, 800) << 1;
        QTest::newRow("1024x700") << QSize(1024, 700) << 1;
    }
    void legendNamesTheColours()
    {
        QFETCH(QSize, windowSize);
        QFETCH(int, fewestSeries);
        open(test::kineto2021Trace(), windowSize);
        QCustomPlot *plot = chart()->plot();
        QCOMPARE(chart()->iterations().iterations.size(), std::size_t(3));
        QVERIFY(chart()->iterations().phaseNames.size() > 8);
        QVERIFY(plot->plottableCount() >= fewestSeries);
        if (plot->plottableCount() > 1) {
            QVERIFY(legendShown());
            QCOMPARE(plot->legend->itemCount(), plot->plottableCount());
            for (int i = 0; i < plot->plottableCount(); ++i) {
                QVERIFY(!plot->plottable(i)->name().isEmpty());
                QVERIFY(plot->legend->itemWithPlottable(plot->plottable(i)));
            }
            QVERIFY(plot->legend->outerRect().bottom() <= plot->height()); // inside the plot, not cut
        }
        // Given the height, the phases come back.
        m_window->resize(1600, 1400);
        QTRY_VERIFY(chart()->plot()->plottableCount() > 3);
        QTest::qWait(0);
        plot->replot();
        QVERIFY(legendShown());
    }

    // nvtx_cnn's Iteration 1 takes 558 ms, the others about 3 ms.
    void warmUpIterationIsCutOff()
    {
        open(test::sharedTrace("nsys/nvtx_cnn.sqlite"), QSize(1600, 1000));
        QCustomPlot *plot = chart()->plot();
        const auto &iterations = chart()->iterations().iterations;
        QVERIFY(iterations.size() >= 10);
        QCOMPARE(iterations.front().number, 1);
        QVERIFY(chart()->caption().contains(QLatin1String("Iteration 1 cut off: ")));
        QVERIFY(chart()->caption().contains(QStringLiteral("× the median")));
        QCOMPARE(chart()->cutOffIterations(), std::vector<int>{0});
        // The axis fits the others: the second iteration's bar is more than a third of it.
        const double second = plot->yAxis->coordToPixel(0) - plot->yAxis->coordToPixel(
                                  chart()->barTop(1));
        QVERIFY(second > plot->axisRect()->height() / 3.0);
        // The cut-off bar still answers for its whole time.
        const QPoint onFirst(qRound(plot->xAxis->coordToPixel(1)), plot->axisRect()->top() + 3);
        QCOMPARE(chart()->iterationAt(onFirst), 0);
        QVERIFY(chart()->toolTipAt(onFirst).contains(QLatin1String("Iteration 1")));

        auto *showOutliers = chart()->findChild<QCheckBox *>(QStringLiteral("showOutliers"));
        QVERIFY(showOutliers);
        QVERIFY(showOutliers->isVisible());
        QVERIFY(!showOutliers->isChecked());
        QTest::mouseClick(showOutliers, Qt::LeftButton);
        QVERIFY(chart()->cutOffIterations().empty());
        QVERIFY(chart()->caption().isEmpty());
        QVERIFY(plot->yAxis->range().upper >= chart()->barTop(0));
        QVERIFY(showOutliers->isVisible()); // to turn it back
    }

    // Steady iterations: no note, and no switch for outliers there are not.
    void steadyIterationsHaveNoNote()
    {
        open(test::resnetTrace(), QSize(1600, 1000));
        QVERIFY(chart()->cutOffIterations().empty());
        QVERIFY(!chart()->caption().contains(QLatin1String("cut off")));
        auto *showOutliers = chart()->findChild<QCheckBox *>(QStringLiteral("showOutliers"));
        QVERIFY(showOutliers && !showOutliers->isVisible());
    }
};

TRACELANE_TEST_MAIN(TestIterationDock)
#include "tst_iteration_dock.moc"
