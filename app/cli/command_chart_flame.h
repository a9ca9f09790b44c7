#pragma once
// tracelane-cli chart --kind flame: the flame graph of a structure tree, drawn
// as the Tree dock draws it.

#include "cli_args.h"
#include "commands.h"

#include "analysis/structure/structure_tree.h"

#include <QSize>
#include <QString>

#include <optional>

namespace tracelane::cli {

struct FlameChoice
{
    TreeLevels levels = TreeLevels::Ops;
    TreeMetric metric = TreeMetric::Cpu;
    std::optional<std::int64_t> iteration;
    bool kernels = false;
    bool anyThread = false;
};

// --by (default ops), --metric cpu|gpu, --iteration N, --kernels, --all-threads; nullopt after a usage message.
std::optional<FlameChoice> parseFlameChoice(const CliArgs &args, CommandIo &io);

int exportFlameGraph(const Trace &trace, const FlameChoice &choice, const QString &path, QSize size, CommandIo &io);

} // namespace tracelane::cli
