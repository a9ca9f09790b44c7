// The charts follow the theme: with the dark theme applied while a trace is
// shown, the Iterations, Breakdown and Kernel Statistics charts draw their
// backgrounds, axes, text and legends in dark-theme colours, read back from
// QCustomPlot; the light theme restores them. Unticked check boxes (the Tracks
// list) keep a visible outline in dark.
#include "qcustomplot_include.h" // first: see there

#include "breakdown_chart.h"
#include "iteration_chart.h"
#include "kernel_stats_chart.h"
#include "main_window.h"
#include "theme.h"

#include "test_registry.h"

#include <QApplication>
#include <QPainter>
#include <QSignalSpy>
#include <QStyle>
#include <QStyleOptionButton>
#include <QtTest>

using namespace tracelane;

namespace {

int contrast(const QColor &a, const QColor &b)
{
    return std::abs(a.lightness() - b.lightness());
}

// The colours a chart draws besides its data, read from QCustomPlot.
struct DrawnColors
{
    QColor background, axisRect, legend;
    QList<QColor> lines;  // axes, ticks
    QList<QColor> texts;  // tick labels, axis labels, title, legend entries
};

DrawnColors drawnColors(const charts::ChartView *chart)
{
    QCustomPlot *p = chart->plot();
    DrawnColors c;
    c.background = p->toPixmap(200, 150).toImage().pixelColor(1, 1); // QCustomPlot has no getter for it
    c.axisRect = p->axisRect()->backgroundBrush().color();
    c.legend = p->legend->brush().color();
    for (QCPAxis *axis : {p->xAxis, p->yAxis}) {
        c.lines << axis->basePen().color() << axis->tickPen().color();
        c.texts << axis->tickLabelColor() << axis->labelColor();
    }
    c.texts << qobject_cast<QCPTextElement *>(p->plotLayout()->element(0, 0))->textColor();
    for (int i = 0; i < p->legend->itemCount(); ++i)
        if (QCPAbstractLegendItem *item = p->legend->item(i)) // cells of a wrapped legend may be empty
            c.texts << item->textColor();
    return c;
}

} // namespace

class TestChartTheme : public QObject
{
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;

    QList<charts::ChartView *> charts() const
    {
        return {m_window->iterationChart(), m_window->breakdownChart(), m_window->kernelStatsChart()};
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("TracelaneTests"));
        applyTheme(Preferences::Theme::Light);
        m_window = std::make_unique<MainWindow>();
        m_window->setErrorReporter([](const QString &, const QString &message) { qWarning() << message; });
        m_window->resize(1600, 1000);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        QSignalSpy loaded(m_window.get(), &MainWindow::traceLoaded);
        m_window->openFile(QStringLiteral(TRACELANE_SHARED_TRACES "/nsys/nvtx_cnn.sqlite"));
        QVERIFY(loaded.wait(30000));
        // The charts compute in the background: wait until each has its legend.
        for (charts::ChartView *chart : charts())
            QTRY_VERIFY_WITH_TIMEOUT(chart->plot()->legend->itemCount() > 0, 30000);
    }

    void cleanupTestCase()
    {
        m_window.reset();
        applyTheme(Preferences::Theme::Light);
    }

    void chartsFollowTheTheme()
    {
        const QColor lightBase = QApplication::palette().color(QPalette::Base);
        QVERIFY(lightBase.lightness() > 200);

        applyTheme(Preferences::Theme::Dark); // switched while the trace is shown
        QCoreApplication::processEvents();
        for (charts::ChartView *chart : charts()) {
            const DrawnColors c = drawnColors(chart);
            const QString name = chart->title();
            QVERIFY2(c.background.lightness() < 60, qPrintable(name));
            QVERIFY2(c.axisRect.lightness() < 60, qPrintable(name));
            QVERIFY2(c.legend.lightness() < 60, qPrintable(name));
            for (const QColor &line : c.lines)
                QVERIFY2(contrast(line, c.background) > 80, qPrintable(name + u' ' + line.name()));
            for (const QColor &text : c.texts)
                QVERIFY2(text.lightness() > 180, qPrintable(name + u' ' + text.name()));
        }
        // Whiskers are drawn in the text colour, not black on the dark background.
        QCustomPlot *stats = m_window->kernelStatsChart()->plot();
        for (int i = 0; i < stats->plottableCount(); ++i)
            if (auto *whiskers = qobject_cast<QCPErrorBars *>(stats->plottable(i)))
                QVERIFY(whiskers->pen().color().lightness() > 180);

        applyTheme(Preferences::Theme::Light);
        QCoreApplication::processEvents();
        for (charts::ChartView *chart : charts()) {
            const DrawnColors c = drawnColors(chart);
            const QString name = chart->title();
            QCOMPARE(c.background, lightBase);
            QCOMPARE(c.axisRect, lightBase);
            for (const QColor &line : c.lines)
                QVERIFY2(line.lightness() < 60, qPrintable(name + u' ' + line.name()));
            for (const QColor &text : c.texts)
                QVERIFY2(text.lightness() < 60, qPrintable(name + u' ' + text.name()));
        }
    }

    // What the Tracks list draws for an unticked track: its outline must stand
    // out from the list's base colour (Fusion's own vanishes in dark).
    void untickedBoxIsVisibleInDark()
    {
        applyTheme(Preferences::Theme::Dark);
        const QPalette palette = QApplication::palette();
        const QColor base = palette.color(QPalette::Base);
        QImage image(24, 24, QImage::Format_ARGB32);
        image.fill(base);
        QStyleOptionButton option;
        option.palette = palette;
        option.rect = QRect(4, 4, 16, 16);
        option.state = QStyle::State_Enabled | QStyle::State_Off;
        {
            QPainter painter(&image);
            QApplication::style()->drawPrimitive(QStyle::PE_IndicatorItemViewItemCheck, &option, &painter);
        }
        int strongest = 0;
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x)
                strongest = std::max(strongest, contrast(image.pixelColor(x, y), base));
        QVERIFY2(strongest >= 60, qPrintable(QString::number(strongest)));
        applyTheme(Preferences::Theme::Light);
    }
};

TRACELANE_TEST_MAIN(TestChartTheme)
#include "tst_chart_theme.moc"
