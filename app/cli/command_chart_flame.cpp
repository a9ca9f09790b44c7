#include "command_chart_flame.h"

#include "command_support.h"

#include "panels/structure/flame_graph_view.h"

#include <memory>

namespace tracelane::cli {

std::optional<FlameChoice> parseFlameChoice(const CliArgs &args, CommandIo &io)
{
    FlameChoice choice;
    const auto levels = parseTreeLevels(args.value("--by", "ops"));
    if (!levels) {
        io.err << "tracelane-cli chart: --by must be modules, stacks, ranges or ops\n";
        return std::nullopt;
    }
    choice.levels = *levels;
    choice.metric = args.value("--metric", "cpu") == "gpu" ? TreeMetric::Gpu : TreeMetric::Cpu;
    choice.kernels = args.flag("--kernels");
    choice.anyThread = args.flag("--all-threads");
    if (const auto text = args.value("--iteration")) {
        choice.iteration = parseInteger(*text);
        if (!choice.iteration) {
            io.err << "tracelane-cli chart: --iteration takes a whole number\n";
            return std::nullopt;
        }
    }
    return choice;
}

int exportFlameGraph(const Trace &trace, const FlameChoice &choice, const QString &path, QSize size, CommandIo &io)
{
    TreeOptions options;
    options.levels = choice.levels;
    options.gpuLeaves = choice.kernels;
    options.anyThread = choice.anyThread;
    if (choice.iteration)
        if (const std::string error = limitTreeToIteration(trace, *choice.iteration, options); !error.empty()) {
            io.err << "tracelane-cli chart: " << error << '\n';
            return kExitBadInput;
        }
    auto tree = std::make_shared<const StructureTree>(buildStructureTree(trace, options));
    if (tree->levelEvents == 0)
        io.err << "tracelane-cli chart: no " << treeLevelsName(choice.levels)
               << " in the trace (see tracelane-cli tree); the flame graph is empty\n";
    FlameGraphView view;
    view.resize(size);
    view.setTree(std::move(tree));
    view.setMetric(choice.metric);
    QString error;
    if (!view.exportTo(path, size, &error)) {
        io.err << "tracelane-cli chart: " << error.toStdString() << '\n';
        return kExitBadInput;
    }
    return kExitOk;
}

} // namespace tracelane::cli
