#pragma once
// What most commands do first: parse options, load the trace, report errors as
// one line on stderr.

#include "cli_args.h"
#include "commands.h"
#include "export/table.h"
#include "import/importer.h"

#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace tracelane::cli {

// Loads `path`; on failure prints "tracelane-cli: <message>" and returns null.
std::shared_ptr<const Trace> loadOrReport(const std::string &path, CommandIo &io);

// Loads several traces at once, one thread each; reports failures as
// loadOrReport does, in the order given. Empty unless all of them loaded.
std::vector<std::shared_ptr<const Trace>> loadAllOrReport(const std::vector<std::string> &paths, CommandIo &io);

// The paths with each folder replaced by its trace files (trace_group.h), as
// the GUI opens a folder of ranks; nullopt after naming a folder without any.
std::optional<std::vector<std::string>> expandTraceFolders(const std::vector<std::string> &paths, CommandIo &io);

// Prints "tracelane-cli <command>: <message>" plus usage and returns kExitUsage.
int usageError(const char *command, const char *usage, const std::string &message, CommandIo &io);

// Reads --format (default table); nullopt after reporting a bad value.
std::optional<TableFormat> formatOption(const CliArgs &args, const char *command, const char *usage,
                                        CommandIo &io);

// The whole of a command that prints one table of a trace:
//   NAME TRACE [--format table|csv|json]
int runTableCommand(const char *command, const char *usage, const std::vector<std::string> &argv, CommandIo &io,
                    const std::function<Table(const Trace &)> &makeTable);

// The same with options of its own besides --format.
struct TableCommand
{
    const char *command;
    const char *usage;
    std::set<std::string> valueOptions; // besides --format
    std::set<std::string> flags;
    // Checked before the trace loads: a usage error message, or empty. May be unset.
    std::function<std::string(const CliArgs &)> check;
    std::function<Table(const Trace &, const CliArgs &)> makeTable;
};
int runTableCommand(const TableCommand &command, const std::vector<std::string> &argv, CommandIo &io);

} // namespace tracelane::cli
