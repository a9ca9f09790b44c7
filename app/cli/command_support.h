#pragma once
// What most commands do first: parse options, load the trace, report errors as
// one line on stderr.

#include "cli_args.h"
#include "commands.h"
#include "export/table.h"
#include "import/importer.h"

#include <memory>
#include <optional>

namespace tracelane::cli {

// Loads `path`; on failure prints "tracelane-cli: <message>" and returns null.
std::shared_ptr<const Trace> loadOrReport(const std::string &path, CommandIo &io);

// Prints "tracelane-cli <command>: <message>" plus usage and returns kExitUsage.
int usageError(const char *command, const char *usage, const std::string &message, CommandIo &io);

// Reads --format (default table); nullopt after reporting a bad value.
std::optional<TableFormat> formatOption(const CliArgs &args, const char *command, const char *usage,
                                        CommandIo &io);

} // namespace tracelane::cli
