// tracelane-cli tree: the call tree of modules, Python stacks, ranges or CPU
// ops with calls, CPU self/total and the GPU time of the work each launched.
#include "command_support.h"

#include "analysis/structure/structure_table.h"

#include <cmath>

namespace tracelane::cli {
namespace {

constexpr const char *kTreeUsage = "tree TRACE --by modules|stacks|ranges|ops [--iteration N] [--min-share P] "
                                   "[--order cpu|gpu] [--kernels] [--all-threads] [--format table|csv|json]";

std::string missingLevelsHint(TreeLevels levels)
{
    switch (levels) {
    case TreeLevels::Modules:
        return "the trace has no nn.Module frames (record with torch.profiler.profile(with_modules=True) or with_stack=True)";
    case TreeLevels::Stacks: return "the trace has no Python frames (record with torch.profiler.profile(with_stack=True))";
    case TreeLevels::Ranges: return "the trace has no ranges (NVTX ranges or record_function annotations)";
    case TreeLevels::Ops: return "the trace has no CPU ops";
    }
    return {};
}

int runTree(const std::vector<std::string> &argv, CommandIo &io)
{
    const CliArgs args(argv, {"--format", "--by", "--iteration", "--min-share", "--order"}, {"--kernels", "--all-threads"});
    if (!args.error().empty())
        return usageError("tree", kTreeUsage, args.error(), io);
    if (args.positional().size() != 1)
        return usageError("tree", kTreeUsage, "expected one TRACE", io);
    const auto levels = parseTreeLevels(args.value("--by", ""));
    if (!levels)
        return usageError("tree", kTreeUsage, "--by must be modules, stacks, ranges or ops", io);
    TreeTableOptions tableOptions;
    if (const auto share = args.value("--min-share")) {
        char *end = nullptr;
        tableOptions.minSharePercent = std::strtod(share->c_str(), &end);
        if (share->empty() || *end != '\0' || !std::isfinite(tableOptions.minSharePercent)
            || tableOptions.minSharePercent < 0 || tableOptions.minSharePercent > 100)
            return usageError("tree", kTreeUsage, "--min-share takes a percentage from 0 to 100", io);
    }
    const std::string order = args.value("--order", "cpu");
    if (order != "cpu" && order != "gpu")
        return usageError("tree", kTreeUsage, "--order must be cpu or gpu", io);
    tableOptions.order = order == "gpu" ? TreeMetric::Gpu : TreeMetric::Cpu;
    std::optional<std::int64_t> iteration;
    if (const auto text = args.value("--iteration")) {
        iteration = parseInteger(*text);
        if (!iteration)
            return usageError("tree", kTreeUsage, "--iteration takes a whole number", io);
    }
    const auto format = formatOption(args, "tree", kTreeUsage, io);
    if (!format)
        return kExitUsage;
    const auto trace = loadOrReport(args.positional()[0], io);
    if (!trace)
        return kExitBadInput;

    TreeOptions options;
    options.levels = *levels;
    options.gpuLeaves = args.flag("--kernels");
    options.anyThread = args.flag("--all-threads");
    if (iteration)
        if (const std::string error = limitTreeToIteration(*trace, *iteration, options); !error.empty()) {
            io.err << "tracelane-cli tree: " << error << '\n';
            return kExitBadInput;
        }
    const StructureTree tree = buildStructureTree(*trace, options);
    if (tree.levelEvents == 0)
        io.err << "tracelane-cli tree: " << missingLevelsHint(*levels) << '\n';
    if (tree.clippedEvents > 0)
        io.err << "tracelane-cli tree: " << tree.clippedEvents
               << " events ran past the end of the event around them; self times count them up to that end\n";
    writeTable(io.out, asTable(tree, tableOptions), *format);
    return kExitOk;
}

} // namespace

extern const Command kTreeCommand{
    "tree", kTreeUsage,
    "the call tree of nn.Modules, Python stacks, ranges or CPU ops: calls, CPU self and total time, and the GPU "
    "time of the work launched inside each node (self, and with its children); paths merge across steps and threads; "
    "--kernels adds the GPU operations as leaves; --all-threads counts work launched outside every node of its thread "
    "(the autograd thread's) to the node open on another thread of the process",
    runTree};

} // namespace tracelane::cli
