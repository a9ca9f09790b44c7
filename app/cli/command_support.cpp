#include "command_support.h"

#include <ostream>

namespace tracelane::cli {

std::shared_ptr<const Trace> loadOrReport(const std::string &path, CommandIo &io)
{
    ImportResult result = loadTrace(path);
    if (!result.ok()) {
        io.err << "tracelane-cli: " << result.error << '\n';
        return nullptr;
    }
    return result.trace;
}

int usageError(const char *command, const char *usage, const std::string &message, CommandIo &io)
{
    io.err << "tracelane-cli " << command << ": " << message << "\nusage: tracelane-cli " << usage << '\n';
    return kExitUsage;
}

std::optional<TableFormat> formatOption(const CliArgs &args, const char *command, const char *usage,
                                        CommandIo &io)
{
    TableFormat format = TableFormat::Text;
    const std::string text = args.value("--format", "table");
    if (!parseTableFormat(text, format)) {
        usageError(command, usage, "unknown format '" + text + "' (use table, csv or json)", io);
        return std::nullopt;
    }
    return format;
}

} // namespace tracelane::cli
