#pragma once
// A summary command over one or several traces:
//   NAME TRACE... [--per-trace] [--format table|csv|json]
// One TRACE prints the trace's table. Several print one table over all of them
// together; with --per-trace, each trace's own rows instead, after a leading
// `Trace` column (its rank, else its file name), in rank order.

#include "command_support.h"

#include <functional>
#include <set>
#include <string>
#include <vector>

namespace tracelane::cli {

struct SummaryCommand
{
    const char *command;
    const char *usage;
    std::function<Table(const Trace &, const CliArgs &)> single;
    std::function<Table(const std::vector<const Trace *> &, const CliArgs &)> merged;
    std::set<std::string> flags; // besides --per-trace
    // Checked before the traces load: a usage error message, or empty. May be unset.
    std::function<std::string(const CliArgs &)> check;
};

int runSummaryCommand(const SummaryCommand &command, const std::vector<std::string> &argv, CommandIo &io);

} // namespace tracelane::cli
