// Active memory chart benchmark: what showing a memory snapshot's chart costs.
//   bench_active_memory SNAPSHOT
// Loads SNAPSHOT (a torch.cuda.memory._dump_snapshot pickle), then times, each
// the median of 5 runs, in the offscreen platform:
//  - setTrace: the allocations, the capped timeline of the first device, the
//    curves and the first replot (what opening the snapshot costs the chart);
//  - replot: drawing the plot again at 1600x900 into a pixmap;
//  - hover: the band and tooltip under 200 points across the plot;
//  - export: the chart written to a 1600x900 PNG.
// Prints one JSON line. Make a large snapshot with
// tests/data/snapshot/make_snapshots.py --large STEPS --out DIR.
#include "qcustomplot_include.h" // first: see there

#include "active_memory_chart.h"

#include "import/importer.h"

#include <QApplication>
#include <QTemporaryDir>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <vector>

using namespace tracelane;

namespace {

using Clock = std::chrono::steady_clock;

// Median milliseconds of five runs of `work`.
double timed(const std::function<void()> &work)
{
    std::vector<double> ms;
    for (int run = 0; run < 5; ++run) {
        const auto start = Clock::now();
        work();
        ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
    }
    std::sort(ms.begin(), ms.end());
    return ms[ms.size() / 2];
}

} // namespace

int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    if (argc != 2) {
        std::fprintf(stderr, "usage: bench_active_memory SNAPSHOT\n");
        return 2;
    }
    const auto loadStart = Clock::now();
    const ImportResult loaded = loadTrace(argv[1]);
    const double loadMs = std::chrono::duration<double, std::milli>(Clock::now() - loadStart).count();
    if (!loaded.ok() || !loaded.trace->memorySnapshot) {
        std::fprintf(stderr, "bench_active_memory: %s\n",
                     loaded.ok() ? "not a memory snapshot" : loaded.error.c_str());
        return 3;
    }
    charts::ActiveMemoryChart chart;
    chart.resize(1600, 900);
    const double setTraceMs = timed([&] { chart.setTrace(loaded.trace); });
    QCustomPlot *plot = chart.plot();
    plot->resize(1600, 900);
    plot->replot();
    const double replotMs = timed([&] { plot->toPixmap(1600, 900); });
    std::size_t hits = 0;
    const QRect rect = plot->axisRect()->rect();
    const double hoverMs = timed([&] {
        hits = 0;
        for (int i = 0; i < 200; ++i) {
            const QPoint at(rect.left() + rect.width() * i / 200, rect.top() + rect.height() * (i % 20 + 1) / 21);
            hits += !chart.toolTipAt(at).isEmpty();
        }
    }) / 200.0;
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("active_memory.png"));
    const double exportMs = timed([&] { chart.exportTo(png, QSize(1600, 900)); });
    std::size_t pieces = 0;
    for (const TimelineBand &band : chart.timeline().bands)
        pieces += band.pieces.size();
    std::printf("{\"allocations\":%zu,\"bands\":%zu,\"pieces\":%zu,\"summarized_allocations\":%zu,"
                "\"summarized_steps\":%zu,\"load_ms\":%.1f,\"set_trace_ms\":%.1f,\"replot_ms\":%.1f,"
                "\"hover_ms\":%.3f,\"hover_hits\":%zu,\"export_png_ms\":%.1f}\n",
                chart.allocations().allocations.size(), chart.timeline().bands.size(), pieces,
                chart.timeline().summarizedAllocations, chart.timeline().summarized.size(), loadMs, setTraceMs,
                replotMs, hoverMs, hits, exportMs);
    return 0;
}
