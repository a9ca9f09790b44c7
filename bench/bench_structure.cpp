// Structure benchmark: "Where the time goes by structure" on a large trace.
//   bench_structure TRACE
// Loads TRACE, then times each structure tree (modules, stacks, ranges, ops)
// of the whole trace, as `tracelane-cli tree` and the Tree dock build them,
// the ops tree with kernels as leaves (what the GPU flame graph draws), and
// the flame graph of the Python stacks: tree, layout and paint into a
// 1920x1080 image, as `tracelane-cli chart --kind flame` does.
//   QT_QPA_PLATFORM=offscreen bench_structure TRACE
// Prints one JSON line with the median of 3 runs of each; budget: tree, flame
// graph and pivot of a 5-million-event trace each under 1 s.
#include "bench_measure.h"

#include "analysis/structure/structure_tree.h"
#include "import/importer.h"
#include "panels/structure/flame_graph_view.h"

#include <QApplication>
#include <QImage>
#include <QPainter>

#include <cstdio>
#include <functional>

using namespace tracelane;
using namespace tracelane::bench;

namespace {

double medianMs(const std::function<void()> &work)
{
    std::vector<double> runs;
    for (int i = 0; i < 3; ++i) {
        const auto start = Clock::now();
        work();
        runs.push_back(milliseconds(start));
    }
    return median(runs);
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    if (argc != 2) {
        std::fprintf(stderr, "usage: bench_structure TRACE\n");
        return 2;
    }
    const auto loadStart = Clock::now();
    const ImportResult result = loadTrace(argv[1]);
    if (!result.trace) {
        std::fprintf(stderr, "bench_structure: %s\n", result.error.c_str());
        return 3;
    }
    const double loadS = seconds(loadStart);
    const Trace &trace = *result.trace;
    std::printf("{\"trace\":\"%s\",\"events\":%llu,\"load_s\":%.1f", argv[1],
                static_cast<unsigned long long>(trace.eventCount()), loadS);
    for (TreeLevels levels : {TreeLevels::Modules, TreeLevels::Stacks, TreeLevels::Ranges, TreeLevels::Ops}) {
        TreeOptions options;
        options.levels = levels;
        std::size_t nodes = 0;
        std::uint64_t levelEvents = 0;
        const double ms = medianMs([&] {
            const StructureTree tree = buildStructureTree(trace, options);
            nodes = tree.nodes.size();
            levelEvents = tree.levelEvents;
        });
        std::printf(",\"%s\":{\"ms\":%.0f,\"level_events\":%llu,\"nodes\":%zu}", std::string(treeLevelsName(levels)).c_str(),
                    ms, static_cast<unsigned long long>(levelEvents), nodes);
    }
    TreeOptions flame;
    flame.levels = TreeLevels::Ops;
    flame.gpuLeaves = true;
    flame.keepInstances = true; // as the Tree dock keeps them, to outline and list a node's instances
    std::size_t nodes = 0;
    const double flameMs = medianMs([&] { nodes = buildStructureTree(trace, flame).nodes.size(); });
    std::printf(",\"ops_with_kernels_and_instances\":{\"ms\":%.0f,\"nodes\":%zu}", flameMs, nodes);
    const double chartMs = medianMs([&] {
        TreeOptions stacks;
        stacks.levels = TreeLevels::Stacks;
        stacks.gpuLeaves = true;
        FlameGraphView view;
        view.resize(1920, 1080);
        view.setTree(std::make_shared<const StructureTree>(buildStructureTree(trace, stacks)));
        view.setMetric(TreeMetric::Gpu);
        QImage image(1920, 1080, QImage::Format_ARGB32_Premultiplied);
        QPainter painter(&image);
        view.render(painter, image.size());
    });
    std::printf(",\"flame_graph_stacks_gpu_1920x1080\":{\"ms\":%.0f},\"peak_rss_mb\":%ld}\n", chartMs, peakRssKb() / 1024);
    return 0;
}
