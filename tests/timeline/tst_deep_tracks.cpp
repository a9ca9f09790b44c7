// Deep lanes on the ResNet-50 trace recorded with Python stacks
// (tests/data/chrome/python_stacks): the GPU stream is on screen at first
// open, a deep lane's handle unfolds and folds it, pinned lanes stay in view,
// Hide Python Frames lifts the operators, and zooming leaves rows alone.
#include "main_window.h"

#include "timeline/timeline_model.h"
#include "timeline/timeline_view.h"
#include "timeline/track_tree.h"
#include "timeline/zoom_control.h"

#include "test_registry.h"

#include <QAction>
#include <QScrollBar>
#include <QSignalSpy>
#include <QtTest>

using namespace tracelane;

namespace {

QString fixture()
{
    return QStringLiteral(TRACELANE_TEST_DATA "/chrome/python_stacks/resnet50_with_stack.json.gz");
}

// Python frames enclosing events[i] by time, counted by brute force.
int pythonFramesAbove(const Track &track, std::uint32_t i)
{
    int frames = 0;
    const Event &e = track.events[i];
    for (std::uint32_t j = 0; j < i; ++j) {
        const Event &o = track.events[j];
        frames += o.kind == EventKind::PythonFunction && o.start <= e.start && e.end() <= o.end();
    }
    return frames;
}

} // namespace

class TestDeepTracks : public QObject
{
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;

    TimelineView *view() const { return m_window->timeline(); }
    const Trace &trace() const { return m_window->model()->trace(); }

    void open(QSize size)
    {
        m_window = std::make_unique<MainWindow>();
        m_window->setErrorReporter([](const QString &, const QString &message) { QFAIL(qPrintable(message)); });
        m_window->resize(size);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        QSignalSpy loaded(m_window.get(), &MainWindow::traceLoaded);
        m_window->openFile(fixture());
        QVERIFY(loaded.wait(20000));
        QCoreApplication::processEvents();
    }

    // The deepest CPU lane (thread 858, under its Python frames).
    std::uint32_t deepCpuTrack() const
    {
        std::uint32_t best = 0;
        for (std::uint32_t t = 0; t < trace().tracks.size(); ++t)
            if (trace().tracks[t].kind == TrackKind::CpuThread && trace().tracks[t].maxDepth > trace().tracks[best].maxDepth)
                best = t;
        return best;
    }

    std::uint32_t gpuStream() const
    {
        for (std::uint32_t t = 0; t < trace().tracks.size(); ++t)
            if (trace().tracks[t].kind == TrackKind::GpuStream && !trace().tracks[t].events.empty())
                return t;
        return 0;
    }

    // The longest kernel of a stream: wide enough to be drawn at the whole-trace zoom.
    EventRef longestKernel(std::uint32_t stream) const
    {
        const auto &events = trace().tracks[stream].events;
        std::uint32_t best = 0;
        for (std::uint32_t i = 0; i < events.size(); ++i)
            if (events[i].kind == EventKind::Kernel && events[i].duration > events[best].duration)
                best = i;
        return EventRef{stream, best};
    }

    const LayoutRow &rowOf(std::uint32_t track)
    {
        const LayoutRows &rows = *view()->currentFrame().rows;
        return rows.rows[std::size_t(rows.rowOfTrack[track])];
    }

    // Scrolls so the deep lane's last shown row is in view and returns its handle.
    QRect scrollToHandle(std::uint32_t track)
    {
        const LayoutRow &row = rowOf(track);
        const int lastRow = row.span.top + (row.levels - 1) * RowMetrics{}.rowHeight;
        view()->verticalScrollBar()->setValue(lastRow - view()->currentFrame().rows->pinnedHeight - 40);
        return view()->expandHandleInViewport(track).value_or(QRect());
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("TracelaneTests"));
    }

    void cleanup() { m_window.reset(); }

    void gpuStreamIsVisibleAtFirstOpen_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::newRow("default window, 1500x900") << MainWindow().size();
        QTest::newRow("1280x720") << QSize(1280, 720);
    }
    void gpuStreamIsVisibleAtFirstOpen()
    {
        QFETCH(QSize, size);
        QCOMPARE(MainWindow().size(), QSize(1500, 900)); // the screenshot's size too
        open(size);
        QCOMPARE(view()->verticalScrollBar()->value(), 0);
        const std::uint32_t stream = gpuStream();
        // Without pinning the stream would start below the deep CPU side.
        QVERIFY(view()->isTrackPinned(stream));
        const auto rect = view()->eventRectInViewport(longestKernel(stream));
        QVERIFY(rect.has_value());
        QVERIFY(rect->top() >= TimelineView::kRulerHeight);
        QVERIFY(rect->bottom() < view()->viewport()->height());
        // The deep CPU lane shows its first rows only.
        const LayoutRow &cpu = rowOf(deepCpuTrack());
        QCOMPARE(cpu.levels, kLaneRowLimit);
        QCOMPARE(cpu.allLevels, int(trace().tracks[deepCpuTrack()].maxDepth) + 1);
        QVERIFY(cpu.allLevels > kLaneRowLimit);
    }

    void expandHandleUnfoldsAndFolds()
    {
        open(QSize(1500, 900));
        const std::uint32_t track = deepCpuTrack();
        const int all = int(trace().tracks[track].maxDepth) + 1;
        // An event on the deepest row is not drawn while the lane is folded.
        const auto &events = trace().tracks[track].events;
        const auto deepest = std::find_if(events.begin(), events.end(), [&](const Event &e) { return e.depth == all - 1; });
        QVERIFY(deepest != events.end());
        const EventRef deep{track, std::uint32_t(deepest - events.begin())};
        QVERIFY(!view()->currentFrame().eventRect(deep));

        QRect handle = scrollToHandle(track);
        QVERIFY(!handle.isEmpty());
        const int laneTop = view()->currentFrame().rows->screenY(rowOf(track).span.top, view()->verticalScrollBar()->value());
        QTest::mouseClick(view()->viewport(), Qt::LeftButton, Qt::NoModifier, handle.center());
        QCOMPARE(rowOf(track).levels, all);
        QCOMPARE(rowOf(track).span.height, all * RowMetrics{}.rowHeight + RowMetrics{}.trackGap);
        QVERIFY(view()->isLaneExpanded(track));
        QVERIFY(view()->currentFrame().eventRect(deep));
        // The lane did not move on screen.
        QCOMPARE(view()->currentFrame().rows->screenY(rowOf(track).span.top, view()->verticalScrollBar()->value()),
                 laneTop);

        handle = scrollToHandle(track);
        QVERIFY(!handle.isEmpty());
        QTest::mouseClick(view()->viewport(), Qt::LeftButton, Qt::NoModifier, handle.center());
        QCOMPARE(rowOf(track).levels, kLaneRowLimit);
        QCOMPARE(rowOf(track).span.height, kLaneRowLimit * RowMetrics{}.rowHeight + RowMetrics{}.trackGap);
        QVERIFY(!view()->isLaneExpanded(track));
        QVERIFY(!view()->currentFrame().eventRect(deep));
    }

    void pinnedLaneStaysInView()
    {
        open(QSize(1500, 760)); // short enough that the unpinned stream starts below the view
        const std::uint32_t stream = gpuStream();
        const EventRef kernel = longestKernel(stream);
        QScrollBar *bar = view()->verticalScrollBar();

        view()->setTrackPinned(stream, false);
        QVERIFY(!view()->isTrackPinned(stream));
        QCOMPARE(view()->currentFrame().rows->pinnedHeight, 0);
        bar->setValue(0);
        QVERIFY(!view()->eventRectInViewport(kernel)); // below the deep CPU side

        view()->setTrackPinned(stream, true);
        bar->setValue(bar->maximum());
        QVERIFY(bar->value() > 0);
        const auto rect = view()->eventRectInViewport(kernel);
        QVERIFY(rect.has_value());
        QVERIFY(rect->bottom() < TimelineView::kRulerHeight + view()->currentFrame().rows->pinnedHeight);

        // The track tree's Unpin does the same as the API.
        auto *tree = m_window->findChild<TrackTree *>();
        QVERIFY(tree);
        for (QTreeWidgetItemIterator it(tree); *it; ++it)
            if ((*it)->data(0, Qt::UserRole).toInt() == m_window->model()->layout().nodeOfTrack(std::int32_t(stream)))
                tree->setCurrentItem(*it);
        auto *pin = tree->findChild<QAction *>(QStringLiteral("pinTrack"));
        QVERIFY(pin);
        QCOMPARE(pin->text(), QStringLiteral("Unpin"));
        pin->trigger();
        QVERIFY(!view()->isTrackPinned(stream));
        QCOMPARE(view()->currentFrame().rows->pinnedHeight, 0);
    }

    void hidePythonFramesLiftsOperators()
    {
        open(QSize(1500, 900));
        const std::uint32_t track = deepCpuTrack();
        const Track &t = trace().tracks[track];
        // A long CPU op under Python frames: drawn wide enough once zoomed to it.
        std::uint32_t op = 0;
        for (std::uint32_t i = 0; i < t.events.size(); ++i)
            if (t.events[i].kind == EventKind::CpuOp && t.events[i].depth >= 8
                && (t.events[op].kind != EventKind::CpuOp || t.events[i].duration > t.events[op].duration))
                op = i;
        const EventRef ref{track, op};
        const int d = t.events[op].depth;
        const int k = pythonFramesAbove(t, op);
        QVERIFY(k > 0);
        QVERIFY(d < kLaneRowLimit);
        view()->zoomControl()->fit(t.events[op].start, t.events[op].end(), 0.2);

        QAction *hide = m_window->findChild<QAction *>(QStringLiteral("hidePythonFrames"));
        QVERIFY(hide);
        QVERIFY(hide->isEnabled());
        QVERIFY(!hide->isChecked()); // off by default
        hide->trigger();
        QVERIFY(view()->pythonFramesHidden());
        const int row = rowOf(track).span.top;
        view()->verticalScrollBar()->setValue(row - view()->currentFrame().rows->pinnedHeight);
        const int laneTop = TimelineView::kRulerHeight
                            + view()->currentFrame().rows->screenY(row, view()->verticalScrollBar()->value());
        const auto rect = view()->eventRectInViewport(ref);
        QVERIFY(rect.has_value());
        QCOMPARE(rect->top(), laneTop + (d - k) * RowMetrics{}.rowHeight);
        // The frame above it is not drawn, and the lane is no deeper than its operators.
        std::uint32_t frame = op;
        while (frame > 0 && t.events[frame].kind != EventKind::PythonFunction)
            --frame;
        QVERIFY(!view()->currentFrame().eventRect(EventRef{track, frame}));
        QVERIFY(rowOf(track).allLevels < int(t.maxDepth) + 1);

        hide->trigger();
        QVERIFY(!view()->pythonFramesHidden());
        const int laneTopAfter = TimelineView::kRulerHeight
                                 + view()->currentFrame().rows->screenY(rowOf(track).span.top,
                                                                       view()->verticalScrollBar()->value());
        const auto shown = view()->eventRectInViewport(ref);
        QVERIFY(shown.has_value());
        QCOMPARE(shown->top(), laneTopAfter + d * RowMetrics{}.rowHeight);
    }

    void zoomingKeepsTheVerticalLayout()
    {
        open(QSize(1500, 900));
        QScrollBar *bar = view()->verticalScrollBar();
        bar->setValue(bar->maximum() / 2);
        const int scroll = bar->value();
        QVERIFY(scroll > 0);
        const auto spansOf = [this] {
            std::vector<std::pair<int, int>> spans;
            for (const LayoutRow &row : view()->currentFrame().rows->rows)
                spans.emplace_back(row.span.top, row.span.height);
            return spans;
        };
        const auto spans = spansOf();
        const TimeNs length = view()->zoomControl()->rangeLength();
        const QPoint at(TimelineView::kGutterWidth + 300, 200);
        QWheelEvent wheel(at, view()->viewport()->mapToGlobal(at), QPoint(), QPoint(0, 360), Qt::NoButton,
                          Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(view()->viewport(), &wheel);
        view()->setFocus();
        QTest::keyClick(view(), Qt::Key_W);
        QTest::keyClick(view(), Qt::Key_D);
        QVERIFY(view()->zoomControl()->rangeLength() < length / 2);
        QCOMPARE(bar->value(), scroll);
        QVERIFY(spans == spansOf());
        QTest::keyClick(view(), Qt::Key_Home);
        QCOMPARE(bar->value(), scroll);
        QVERIFY(spans == spansOf());
    }
};

TRACELANE_TEST_MAIN(TestDeepTracks)
#include "tst_deep_tracks.moc"
