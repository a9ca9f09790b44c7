// The timeline on a hand-built trace (see hand_built_trace.h), offscreen:
// arrangement, clicking, keys, wheel, search, flows, folding and rendering of
// empty and one-event traces.
#include "hand_built_trace.h"

#include "main_window.h"
#include "panels/instances/search_bar.h"
#include "panels/selection/details_panel.h"
#include "timeline/timeline_image.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_view.h"
#include "timeline/track_grouping.h"
#include "timeline/zoom_control.h"

#include "test_registry.h"

#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QTableWidget>
#include <QtTest>

using namespace tracelane;

namespace {

QString labelText(QWidget *panel, const char *name)
{
    auto *label = panel->findChild<QLabel *>(QLatin1String(name));
    return label ? label->text() : QStringLiteral("<missing %1>").arg(QLatin1String(name));
}

// Where the middle of an event is drawn, from the layout and the zoom state
// (not from the view's own geometry, which is what the click is to test).
QPoint pointOf(TimelineView *view, EventRef ref)
{
    const TimelineModel &model = *view->model();
    const LayoutRows rows = model.layout().rows(RowMetrics{}, model.trace().tracks.size());
    const Event &e = model.trace().event(ref);
    const TimeAxis axis{view->zoomControl()->rangeStart(), view->zoomControl()->rangeEnd(),
                        double(view->viewport()->width() - TimelineView::kGutterWidth)};
    const LayoutRow &row = rows.rows[std::size_t(rows.rowOfTrack[ref.track])];
    const int x = TimelineView::kGutterWidth + int(axis.xOf(e.start + e.duration / 2));
    const int y = TimelineView::kRulerHeight + row.span.top - view->verticalScrollBar()->value()
                  + e.depth * RowMetrics{}.rowHeight + RowMetrics{}.rowHeight / 2;
    return QPoint(x, y);
}

int countNear(const QImage &image, QColor color, int tolerance)
{
    int n = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QColor c = image.pixelColor(x, y);
            if (std::abs(c.red() - color.red()) + std::abs(c.green() - color.green()) + std::abs(c.blue() - color.blue())
                <= tolerance)
                ++n;
        }
    return n;
}

} // namespace

class TestTimelineView : public QObject
{
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;
    test::HandBuiltTrace m_trace;

    TimelineView *view() { return m_window->timeline(); }
    ZoomControl *zoom() { return view()->zoomControl(); }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("TracelaneTests"));
        m_trace = test::handBuiltTrace();
        QVERIFY(m_trace.sgemm.isValid() && m_trace.firstLaunch.isValid());
    }

    void init()
    {
        m_window = std::make_unique<MainWindow>();
        m_window->setErrorReporter([](const QString &, const QString &message) { QFAIL(qPrintable(message)); });
        m_window->resize(1400, 800);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        m_window->showModel(std::make_shared<TimelineModel>(m_trace.trace), QStringLiteral("hand-built.json"));
        view()->setFocus();
    }

    void cleanup() { m_window.reset(); }

    void arrangementFollowsNsight()
    {
        const Trace &trace = *m_trace.trace;
        const TrackLayout layout = TrackGrouping::arrange(trace);
        QCOMPARE(int(layout.roots().size()), 2);
        const TrackNode &process = layout.node(layout.roots()[0]);
        QCOMPARE(process.label, QStringLiteral("python (100)"));
        const TrackNode &thread = layout.node(process.children.at(0));
        QCOMPARE(thread.label, QStringLiteral("main (101)"));
        QStringList tracks;
        for (int child : thread.children)
            tracks << layout.node(child).label;
        QCOMPARE(tracks, (QStringList{QStringLiteral("Ranges"), QStringLiteral("CPU ops"), QStringLiteral("CUDA API")}));
        const TrackNode &gpu = layout.node(layout.roots()[1]);
        QCOMPARE(gpu.label, QString::fromUtf8("GPU 0 · NVIDIA H100 80GB HBM3"));
        QCOMPARE(layout.node(gpu.children.at(0)).label, QStringLiteral("Stream 7"));
        QCOMPARE(layout.node(layout.nodeOfTrack(std::int32_t(m_trace.conv.track))).levels, 2);
    }

    void collapseHideAndMove()
    {
        TrackLayout layout = TrackGrouping::arrange(*m_trace.trace);
        const RowMetrics metrics;
        const std::size_t trackCount = m_trace.trace->tracks.size();
        const LayoutRows all = layout.rows(metrics, trackCount);
        QCOMPARE(int(all.rows.size()), 7); // 3 group headers, 4 tracks
        const int threadNode = layout.node(layout.roots()[0]).children[0];
        layout.setExpanded(threadNode, false);
        const LayoutRows collapsed = layout.rows(metrics, trackCount);
        QCOMPARE(int(collapsed.rows.size()), 4);
        // Tracks of the collapsed thread point at its header, so arrows still find them.
        QCOMPARE(collapsed.rows[std::size_t(collapsed.rowOfTrack[m_trace.conv.track])].node, threadNode);
        QVERIFY(collapsed.totalHeight < all.totalHeight);

        layout.setVisible(layout.roots()[1], false);
        QCOMPARE(layout.rows(metrics, trackCount).rowOfTrack[m_trace.sgemm.track], -1);
        layout.setVisible(layout.roots()[1], true);

        const int gpu = layout.roots()[1];
        QVERIFY(layout.move(gpu, -1));
        QCOMPARE(layout.roots()[0], gpu);
        QVERIFY(!layout.move(gpu, -1)); // already first
        QCOMPARE(layout.rows(metrics, trackCount).rows[0].node, gpu);
    }

    void clickingAKernelFillsTheDetails()
    {
        const QPoint at = pointOf(view(), m_trace.sgemm);
        QTest::mouseClick(view()->viewport(), Qt::LeftButton, {}, at);
        QCOMPARE(view()->selectedEvent(), m_trace.sgemm);
        DetailsPanel *details = m_window->details();
        QCOMPARE(labelText(details, "detailsName"), QStringLiteral("sgemm_kernel"));
        QCOMPARE(labelText(details, "detailsKind"), QStringLiteral("kernel"));
        QCOMPARE(labelText(details, "detailsDuration"), QString::fromUtf8("2.000 µs"));
        QCOMPARE(labelText(details, "detailsStart"), QString::fromUtf8("5.500 µs")); // from the trace start (500 ns)
        QVERIFY(labelText(details, "detailsTrack").contains(QStringLiteral("Stream 7")));
        auto *args = details->findChild<QTableWidget *>(QStringLiteral("detailsArgs"));
        QVERIFY(args);
        QStringList rows;
        for (int r = 0; r < args->rowCount(); ++r)
            rows << args->item(r, 0)->text() + QLatin1Char('=') + args->item(r, 1)->text();
        QVERIFY2(rows.contains(QStringLiteral("grid=[128,1,1]")), qPrintable(rows.join(QLatin1Char(' '))));
        QVERIFY(rows.contains(QStringLiteral("registers per thread=64")));
        QVERIFY(rows.contains(QStringLiteral("correlation=7")));

        // The launching API call is one click away.
        const auto partners = details->findChildren<QPushButton *>(QStringLiteral("detailsPartner"));
        QCOMPARE(partners.size(), 1);
        QVERIFY(partners[0]->text().contains(QStringLiteral("cudaLaunchKernel")));
        partners[0]->click();
        QCOMPARE(view()->selectedEvent(), m_trace.firstLaunch);
        QCOMPARE(labelText(details, "detailsName"), QStringLiteral("cudaLaunchKernel"));

        // Clicking empty space clears; so does Esc.
        QTest::mouseClick(view()->viewport(), Qt::LeftButton, {}, QPoint(view()->viewport()->width() - 5, view()->viewport()->height() - 5));
        QVERIFY(!view()->selectedEvent().isValid());
        QTest::mouseClick(view()->viewport(), Qt::LeftButton, {}, pointOf(view(), m_trace.conv));
        QCOMPARE(view()->selectedEvent(), m_trace.conv);
        QTest::keyClick(view(), Qt::Key_Escape);
        QVERIFY(!view()->selectedEvent().isValid());
        auto *hint = details->findChild<QLabel *>(QStringLiteral("detailsEmptyHint"));
        QVERIFY(hint && !hint->isHidden() && hint->wordWrap()); // a hint wraps rather than lose its middle
        QVERIFY(hint->text().contains(QStringLiteral("No event selected")));
        QVERIFY(details->findChild<QLabel *>(QStringLiteral("detailsName"))->isHidden());
    }

    void hoverTellsWhatIsThere()
    {
        const QString tip = view()->toolTipAt(pointOf(view(), m_trace.relu));
        QVERIFY2(tip.contains(QStringLiteral("relu_kernel")), qPrintable(tip));
        QVERIFY(tip.contains(QStringLiteral("300 ns")));
        QVERIFY(view()->toolTipAt(QPoint(10, 10)).isEmpty()); // the ruler corner
    }

    void keysChangeTheVisibleRange()
    {
        const TimeNs start0 = zoom()->rangeStart(), length0 = zoom()->rangeLength();
        // Fit all: the trace (500 .. 9500) with 1% on each side.
        QCOMPARE(start0, TimeNs(500 - 90));
        QCOMPARE(length0, TimeNs(9000 + 180));

        QTest::keyClick(view(), Qt::Key_W);
        QVERIFY(std::llabs(zoom()->rangeLength() - TimeNs(length0 * 0.7)) <= 1);
        const TimeNs centre0 = start0 + length0 / 2;
        QVERIFY(std::llabs(zoom()->rangeStart() + zoom()->rangeLength() / 2 - centre0) <= 1); // around the centre
        QTest::keyClick(view(), Qt::Key_S);
        QVERIFY(std::llabs(zoom()->rangeLength() - length0) <= 2);

        QTest::keyClick(view(), Qt::Key_W);
        const TimeNs before = zoom()->rangeStart();
        const TimeNs step = TimeNs(double(zoom()->rangeLength()) * 0.15);
        QTest::keyClick(view(), Qt::Key_D);
        QCOMPARE(zoom()->rangeStart(), before + step);
        QTest::keyClick(view(), Qt::Key_A);
        QCOMPARE(zoom()->rangeStart(), before);

        QTest::keyClick(view(), Qt::Key_Home);
        QCOMPARE(zoom()->rangeStart(), start0);
        QCOMPARE(zoom()->rangeLength(), length0);

        // Shift+drag selects 6000 .. 8000 (by pixels), Z zooms to it.
        const TimeAxis axis{zoom()->rangeStart(), zoom()->rangeEnd(),
                            double(view()->viewport()->width() - TimelineView::kGutterWidth)};
        const int y = view()->viewport()->height() - 20;
        const int x0 = TimelineView::kGutterWidth + int(std::lround(axis.xOf(6000)));
        const int x1 = TimelineView::kGutterWidth + int(std::lround(axis.xOf(8000)));
        QTest::mousePress(view()->viewport(), Qt::LeftButton, Qt::ShiftModifier, QPoint(x0, y));
        QTest::mouseMove(view()->viewport(), QPoint((x0 + x1) / 2, y));
        QTest::mouseMove(view()->viewport(), QPoint(x1, y));
        QTest::mouseRelease(view()->viewport(), Qt::LeftButton, Qt::ShiftModifier, QPoint(x1, y));
        QVERIFY(zoom()->hasSelection());
        const double pixel = axis.nsPerPixel();
        QVERIFY(std::abs(double(zoom()->selectionStart() - 6000)) <= pixel);
        QVERIFY(std::abs(double(zoom()->selectionEnd() - 8000)) <= pixel);
        QTest::keyClick(view(), Qt::Key_Z);
        QCOMPARE(zoom()->rangeStart(), zoom()->selectionStart());
        QCOMPARE(zoom()->rangeEnd(), zoom()->selectionEnd());

        // F fits the selected event with a 10% margin.
        view()->selectEvent(m_trace.relu);
        QTest::keyClick(view(), Qt::Key_F);
        QCOMPARE(zoom()->rangeStart(), TimeNs(8500 - 30));
        QCOMPARE(zoom()->rangeEnd(), TimeNs(8800 + 30));
        QTest::keyClick(view(), Qt::Key_Escape);
        QVERIFY(!zoom()->hasSelection());
        QVERIFY(!view()->selectedEvent().isValid());
    }

    void dragPans()
    {
        QTest::keyClick(view(), Qt::Key_W);
        const TimeNs before = zoom()->rangeStart();
        const double nsPerPixel = double(zoom()->rangeLength()) / (view()->viewport()->width() - TimelineView::kGutterWidth);
        const QPoint from(600, 300);
        QTest::mousePress(view()->viewport(), Qt::LeftButton, {}, from);
        QTest::mouseMove(view()->viewport(), from + QPoint(50, 0));
        QTest::mouseMove(view()->viewport(), from + QPoint(100, 0));
        QTest::mouseRelease(view()->viewport(), Qt::LeftButton, {}, from + QPoint(100, 0));
        QVERIFY(std::abs(double(before - zoom()->rangeStart()) - 100 * nsPerPixel) <= 1.0);
    }

    void wheelZoomsAroundTheCursor()
    {
        // Over the lanes, whatever width the docks left them: a point past the
        // trace's end cannot stay put, the view stops at the end.
        const int timeWidth = view()->viewport()->width() - TimelineView::kGutterWidth;
        const QPoint at(TimelineView::kGutterWidth + timeWidth * 3 / 4, 300);
        const TimeAxis before{zoom()->rangeStart(), zoom()->rangeEnd(),
                              double(view()->viewport()->width() - TimelineView::kGutterWidth)};
        const TimeNs under = before.timeAt(at.x() - TimelineView::kGutterWidth);
        QWheelEvent wheel(at, view()->viewport()->mapToGlobal(at), QPoint(), QPoint(0, 240), Qt::NoButton,
                          Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(view()->viewport(), &wheel);
        QVERIFY(zoom()->rangeLength() < before.span());
        const TimeAxis after{zoom()->rangeStart(), zoom()->rangeEnd(), before.width};
        QVERIFY(std::llabs(after.timeAt(at.x() - TimelineView::kGutterWidth) - under) <= TimeNs(after.nsPerPixel()) + 1);
    }

    void searchFindsAndSteps()
    {
        SearchBar *bar = m_window->searchBar();
        bar->activate();
        bar->setPattern(QStringLiteral("kernel")); // both kernels and both cudaLaunchKernel calls
        QCOMPARE(int(bar->result().matches.size()), 4);
        QCOMPARE(bar->statusText(), QStringLiteral("4 match(es)"));
        bar->setPattern(QStringLiteral("^s?gemm|relu"));
        QCOMPARE(int(bar->result().matches.size()), 2);
        bar->setPattern(QStringLiteral("no such op"));
        QVERIFY(bar->result().matches.empty());
        bar->setPattern(QStringLiteral("(unclosed"));
        QVERIFY(!bar->result().ok());

        bar->setPattern(QStringLiteral("kernel"));
        auto *edit = bar->findChild<QLineEdit *>();
        QTest::keyClick(edit, Qt::Key_Return);
        QCOMPARE(view()->selectedEvent(), m_trace.firstLaunch); // earliest match first
        QCOMPARE(bar->statusText(), QStringLiteral("1 of 4"));
        QTest::keyClick(edit, Qt::Key_Return);
        QCOMPARE(view()->selectedEvent(), m_trace.sgemm);
        QTest::keyClick(edit, Qt::Key_Return, Qt::ShiftModifier);
        QTest::keyClick(edit, Qt::Key_Return, Qt::ShiftModifier);
        QCOMPARE(view()->selectedEvent(), m_trace.relu); // wrapped to the last
        QCOMPARE(bar->statusText(), QStringLiteral("4 of 4"));
        QVERIFY(zoom()->rangeStart() <= 8500 && zoom()->rangeEnd() >= 8800); // the match is in view
    }

    void revealingExpandsCollapsedGroups()
    {
        TrackLayout &layout = view()->model()->layout();
        layout.setExpanded(layout.roots()[1], false);
        view()->arrangementChanged();
        QVERIFY(!view()->eventRectInViewport(m_trace.sgemm) || view()->eventRectInViewport(m_trace.sgemm)->height() > 18);
        view()->selectEvent(m_trace.sgemm, true);
        QVERIFY(layout.node(layout.roots()[1]).expanded);
        const auto rect = view()->eventRectInViewport(m_trace.sgemm);
        QVERIFY(rect.has_value());
        QVERIFY(rect->contains(pointOf(view(), m_trace.sgemm)));
    }

    void arrowsForTheSelection()
    {
        const auto model = std::make_shared<TimelineModel>(m_trace.trace);
        RenderOptions options;
        options.size = QSize(1000, 400);
        const QColor arrow = TimelinePalette::light().launchArrow;
        QCOMPARE(countNear(renderTimeline(*model, options), arrow, 30), 0);
        options.selected = m_trace.sgemm;
        QVERIFY(countNear(renderTimeline(*model, options), arrow, 30) > 20);
        options.selected = {};
        options.showAllFlows = true;
        QVERIFY(countNear(renderTimeline(*model, options), QColor(arrow.red(), arrow.green(), arrow.blue()), 120) > 20);
    }

    void mergedRunsTellTheirCountAndZoomIn()
    {
        // 100,000 events of 20 ns every 40 ns: 4 ms on ~1100 px is ~90 events per pixel.
        const auto model = std::make_shared<TimelineModel>(test::denseTrace(100'000, 40, 20));
        view()->setModel(model);
        const LayoutRows rows = model->layout().rows(RowMetrics{}, model->trace().tracks.size());
        const int y = TimelineView::kRulerHeight + rows.rows[std::size_t(rows.rowOfTrack[0])].span.top + 8;
        const QPoint at(TimelineView::kGutterWidth + 400, y);
        const QString tip = view()->toolTipAt(at);
        QVERIFY2(tip.contains(QStringLiteral("events too small to show")), qPrintable(tip));
        const TimeNs before = zoom()->rangeLength();
        QTest::mouseClick(view()->viewport(), Qt::LeftButton, {}, at);
        QVERIFY(zoom()->rangeLength() < before / 10);
        QVERIFY(!view()->selectedEvent().isValid());
    }

    // Chrome instants of scope "p" sit on their process, those of scope "g"
    // (no process) in the "Other" group; both are laid out and drawn.
    void processAndGlobalInstantTracksAreShown()
    {
        TraceBuilder b;
        const std::int32_t process = b.process(42);
        const auto processTrack = b.processTrack(process, TrackKind::Instants, b.intern("Instants"));
        const auto globalTrack = b.processTrack(kNoIndex, TrackKind::Instants, b.intern("Global instants"));
        b.addEvent(processTrack, Event{1000, 0, b.intern("processMark"), kNoArgs, 0, EventKind::Instant});
        b.addEvent(globalTrack, Event{2000, 0, b.intern("globalMark"), kNoArgs, 0, EventKind::Instant});
        const auto trace = b.finish();
        const TrackLayout layout = TrackGrouping::arrange(*trace);
        QCOMPARE(int(layout.roots().size()), 2);
        const TrackNode &processGroup = layout.node(layout.roots()[0]);
        QCOMPARE(processGroup.label, QStringLiteral("Process 42"));
        QCOMPARE(layout.node(processGroup.children.at(0)).track, std::int32_t(processTrack));
        const TrackNode &other = layout.node(layout.roots()[1]);
        QCOMPARE(other.label, QStringLiteral("Other"));
        QCOMPARE(layout.node(other.children.at(0)).label, QStringLiteral("Global instants"));
        const LayoutRows rows = layout.rows(RowMetrics(), trace->tracks.size());
        QVERIFY(rows.rowOfTrack[processTrack] >= 0);
        QVERIFY(rows.rowOfTrack[globalTrack] >= 0);

        const auto model = std::make_shared<TimelineModel>(trace);
        RenderOptions options;
        options.size = QSize(800, 300);
        const QImage image = renderTimeline(*model, options);
        const QColor background = TimelinePalette::light().background;
        QVERIFY(image.width() * image.height() - countNear(image, background, 0) > 0);
        view()->setModel(model);
        QVERIFY(!view()->viewport()->grab().isNull());
    }

    void emptyAndOneEventTracesRender()
    {
        const auto empty = std::make_shared<TimelineModel>(TraceBuilder().finish());
        RenderOptions options;
        options.size = QSize(800, 300);
        const QImage blank = renderTimeline(*empty, options);
        QCOMPARE(blank.size(), QSize(800, 300));
        QCOMPARE(blank.pixelColor(600, 200), TimelinePalette::light().background);
        view()->setModel(empty);
        QVERIFY(!view()->viewport()->grab().isNull());
        QTest::keyClick(view(), Qt::Key_W); // no crash on keys with nothing loaded
        QTest::mouseClick(view()->viewport(), Qt::LeftButton, {}, QPoint(500, 100));

        TraceBuilder b;
        const auto track = b.threadTrack(b.thread(b.process(1), 1), TrackKind::CpuThread);
        b.addEvent(track, Event{1000, 500, b.intern("only_event"), kNoArgs, 0, EventKind::CpuOp});
        const auto one = std::make_shared<TimelineModel>(b.finish());
        const QImage image = renderTimeline(*one, options);
        const QColor expected = QColor::fromRgb(TimelinePalette::light().colorFor("only_event"));
        QVERIFY(countNear(image, expected, 0) > 1000); // one wide box
        options.devicePixelRatio = 2.0;
        const QImage sharp = renderTimeline(*one, options);
        QCOMPARE(sharp.size(), QSize(1600, 600));
        QVERIFY(countNear(sharp, expected, 0) > 4000);
    }
};

TRACELANE_TEST_MAIN(TestTimelineView)
#include "tst_timeline_view.moc"
