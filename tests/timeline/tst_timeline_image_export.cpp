// File > Export > Timeline as Image: the PNG the window writes for its visible
// range equals, pixel for pixel, what `tracelane-cli render --from --to --size`
// draws (its renderTimeline, called in-process with the options the command
// builds); hidden lanes stay out; markers are drawn; SVG and PDF are valid.
#include "main_window.h"

#include "cli_run.h"

#include "timeline/marker_set.h"
#include "timeline/timeline_image.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_view.h"
#include "timeline/zoom_control.h"

#include "test_registry.h"

#include <QFile>
#include <QSettings>
#include <QSignalSpy>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QtTest>

using namespace tracelane;

namespace {

constexpr int kWidth = 1200;

// What `render TRACE --from F --to T --size WxH` sets up, F and T in ns from the trace start.
RenderOptions cliOptions(const Trace &trace, TimeNs from, TimeNs to, QSize size)
{
    RenderOptions options;
    options.size = size;
    options.from = trace.startNs + from;
    options.to = trace.startNs + to;
    return options;
}

} // namespace

class TestTimelineImageExport : public QObject
{
    Q_OBJECT

    struct Report
    {
        QString title, message;
    };

    std::unique_ptr<MainWindow> m_window;
    QList<Report> m_reports;
    QTemporaryDir m_dir;

    TimelineView *view() const { return m_window->timeline(); }
    const Trace &trace() const { return m_window->model()->trace(); }
    // The height of the ruler and every lane the arrangement shows.
    int lanesHeight() const
    {
        const TimelineModel &model = *m_window->model();
        return TimelineView::kRulerHeight + model.layout().rows(RowMetrics{}, trace().tracks.size()).totalHeight;
    }
    QImage exported(const QString &name)
    {
        const QString path = m_dir.filePath(name);
        if (!m_window->exportTimelineImage(path, kWidth))
            return {};
        return QImage(path).convertToFormat(QImage::Format_RGB32);
    }
    QImage rendered(const RenderOptions &options) const
    {
        return renderTimeline(*m_window->model(), options).convertToFormat(QImage::Format_RGB32);
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("TracelaneTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_timeline_image_export"));
        QSettings().clear(); // default view options: no shading, no queue lanes
        QVERIFY(m_dir.isValid());
    }

    void init()
    {
        m_reports.clear();
        QSettings().remove(QStringLiteral("markers")); // none saved by an earlier test comes back
        m_window = std::make_unique<MainWindow>();
        m_window->setErrorReporter([this](const QString &title, const QString &message) {
            m_reports.append({title, message});
        });
        m_window->resize(1400, 800);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        QSignalSpy loaded(m_window.get(), &MainWindow::traceLoaded);
        m_window->openFile(QStringLiteral(TRACELANE_SHARED_TRACES "/kineto/compiled_mlp_train.json.gz"));
        QVERIFY(loaded.wait(30000));
        view()->setDarkPalette(false);
        // A part of the trace, zoomed and panned with the keys.
        view()->setFocus();
        QTest::keyClick(view(), Qt::Key_W);
        QTest::keyClick(view(), Qt::Key_W);
        QTest::keyClick(view(), Qt::Key_D);
    }

    void cleanup() { m_window.reset(); }

    void pngEqualsTheRenderCommand()
    {
        const ZoomControl *zoom = view()->zoomControl();
        QVERIFY(zoom->rangeLength() < trace().endNs - trace().startNs);
        const TimeNs from = zoom->rangeStart() - trace().startNs, to = zoom->rangeEnd() - trace().startNs;
        const QImage image = exported(QStringLiteral("view.png"));
        QCOMPARE(image.size(), QSize(kWidth, lanesHeight()));
        QCOMPARE(image, rendered(cliOptions(trace(), from, to, image.size())));
        // Not trivially equal: another range draws something else.
        QVERIFY(image != rendered(cliOptions(trace(), from + (to - from) / 2, to, image.size())));
        QVERIFY(m_reports.isEmpty());
    }

    // The command itself, run as a user would, draws the same picture.
    void pngEqualsTheCommandsFile()
    {
        const ZoomControl *zoom = view()->zoomControl();
        const QImage image = exported(QStringLiteral("view.png"));
        const QString out = m_dir.filePath(QStringLiteral("cli.png"));
        const test::CliRun run = test::runCli(
            {QStringLiteral("render"), QString::fromStdString(trace().source.path), QStringLiteral("-o"), out,
             QStringLiteral("--from"), QString::number(zoom->rangeStart() - trace().startNs), QStringLiteral("--to"),
             QString::number(zoom->rangeEnd() - trace().startNs), QStringLiteral("--size"),
             QStringLiteral("%1x%2").arg(image.width()).arg(image.height())});
        QVERIFY2(run.finished && run.exitCode == 0, qPrintable(run.err));
        QCOMPARE(image, QImage(out).convertToFormat(QImage::Format_RGB32));
    }

    void hiddenLanesStayOut()
    {
        TimelineModel &model = *m_window->model();
        const int before = lanesHeight();
        // Hide the first GPU stream's lane, as unticking it in the Tracks dock does.
        int node = -1;
        for (std::uint32_t t = 0; t < trace().tracks.size() && node < 0; ++t)
            if (trace().tracks[t].kind == TrackKind::GpuStream)
                node = model.layout().nodeOfTrack(std::int32_t(t));
        QVERIFY(node >= 0);
        model.layout().setVisible(node, false);
        view()->arrangementChanged();
        QVERIFY(lanesHeight() < before);

        const TimeNs from = view()->zoomControl()->rangeStart() - trace().startNs;
        const TimeNs to = view()->zoomControl()->rangeEnd() - trace().startNs;
        const QImage image = exported(QStringLiteral("hidden.png"));
        QCOMPARE(image.height(), lanesHeight());
        QCOMPARE(image, rendered(cliOptions(trace(), from, to, image.size())));
    }

    void markersAreDrawn()
    {
        const ZoomControl *zoom = view()->zoomControl();
        const TimeNs at = zoom->rangeStart() + zoom->rangeLength() / 3;
        const QColor color(0x12, 0x34, 0xd6);
        QVERIFY(view()->markers()->add({at, std::nullopt, QStringLiteral("here"), color}) >= 0);
        const QImage image = exported(QStringLiteral("marked.png"));
        RenderOptions options = cliOptions(trace(), zoom->rangeStart() - trace().startNs,
                                           zoom->rangeEnd() - trace().startNs, image.size());
        QVERIFY(image != rendered(options)); // the command draws no markers
        options.markers = view()->markers()->markers();
        QCOMPARE(image, rendered(options));
        // The marker's line runs down the lanes at its time.
        const TimeAxis axis{zoom->rangeStart(), zoom->rangeEnd(), double(kWidth - TimelineView::kGutterWidth)};
        const int x = TimelineView::kGutterWidth + int(std::floor(axis.xOf(at)));
        for (int y : {TimelineView::kRulerHeight + 5, image.height() / 2, image.height() - 2})
            QCOMPARE(QColor(image.pixel(x, y)), color);
    }

    void svgAndPdf()
    {
        const QString svg = m_dir.filePath(QStringLiteral("view.svg"));
        QVERIFY(m_window->exportTimelineImage(svg, kWidth));
        QSvgRenderer renderer(svg);
        QVERIFY(renderer.isValid());
        QCOMPARE(renderer.viewBox(), QRect(0, 0, kWidth, lanesHeight()));
        const QSize size = renderer.defaultSize(); // from the size in mm: may round by a pixel
        QVERIFY2(std::abs(size.width() - kWidth) <= 1 && std::abs(size.height() - lanesHeight()) <= 1,
                 qPrintable(QStringLiteral("%1x%2").arg(size.width()).arg(size.height())));
        QFile svgFile(svg);
        QVERIFY(svgFile.open(QIODevice::ReadOnly));
        QVERIFY(svgFile.readAll().contains("<rect")); // lanes were drawn, not an empty page

        const QString pdf = m_dir.filePath(QStringLiteral("view.pdf"));
        QVERIFY(m_window->exportTimelineImage(pdf, kWidth));
        QFile pdfFile(pdf);
        QVERIFY(pdfFile.open(QIODevice::ReadOnly));
        const QByteArray bytes = pdfFile.readAll();
        QVERIFY(bytes.startsWith("%PDF"));
        QVERIFY(bytes.size() > 2000);
        QVERIFY(m_reports.isEmpty());
    }

    void badTargetsAreReported()
    {
        QVERIFY(!m_window->exportTimelineImage(m_dir.filePath(QStringLiteral("view.bmp")), kWidth));
        QCOMPARE(m_reports.size(), 1);
        QVERIFY(m_reports[0].message.contains(QStringLiteral("view.bmp")));
        QVERIFY(!m_window->exportTimelineImage(m_dir.filePath(QStringLiteral("no/such/dir/view.png")), kWidth));
        QCOMPARE(m_reports.size(), 2);
        QVERIFY(m_reports[1].message.contains(QStringLiteral("no/such/dir")));
    }
};

TRACELANE_TEST_MAIN(TestTimelineImageExport)
#include "tst_timeline_image_export.moc"
