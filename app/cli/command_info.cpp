// tracelane-cli info: what the file is and what it holds.
#include "command_support.h"

#include <iomanip>
#include <ostream>
#include <sstream>

namespace tracelane::cli {
namespace {

constexpr const char *kInfoUsage = "info TRACE [--format table|json]";

// Warnings and information (what every file of the format holds) are listed apart.
void printJsonDiagnostics(const Diagnostics &diagnostics, bool information, std::ostream &out)
{
    bool first = true;
    out << "[";
    for (const Diagnostic &d : diagnostics.entries()) {
        if (d.information != information)
            continue;
        out << (first ? "\n" : ",\n") << "    {\"code\": " << jsonString(d.code) << ", \"count\": " << d.count
            << ", \"message\": " << jsonString(d.message) << "}";
        first = false;
    }
    out << (first ? "]" : "\n  ]");
}

void printTextDiagnostics(const Diagnostics &diagnostics, bool information, const char *heading, std::ostream &out)
{
    bool first = true;
    for (const Diagnostic &d : diagnostics.entries()) {
        if (d.information != information)
            continue;
        if (first)
            out << heading << '\n';
        first = false;
        out << "  " << d.message;
        if (d.count)
            out << " (" << d.count << ")";
        for (std::size_t i = 0; i < d.examples.size(); ++i)
            out << (i ? ", " : "; first at ") << d.examples[i];
        out << '\n';
    }
}

void printJson(const Trace &trace, std::ostream &out)
{
    const EventCounts c = trace.counts();
    out << "{\n"
        << "  \"path\": " << jsonString(trace.source.path) << ",\n"
        << "  \"format\": " << jsonString(trace.source.format) << ",\n"
        << "  \"format_name\": " << jsonString(trace.source.formatName) << ",\n"
        << "  \"file_bytes\": " << trace.source.fileBytes << ",\n"
        << "  \"load_seconds\": " << std::fixed << std::setprecision(3) << trace.source.loadSeconds << ",\n"
        << "  \"events\": " << c.events << ",\n"
        << "  \"cpu_ops\": " << c.cpuOps << ",\n"
        << "  \"ranges\": " << c.ranges << ",\n"
        << "  \"api_calls\": " << c.apiCalls << ",\n"
        << "  \"kernels\": " << c.kernels << ",\n"
        << "  \"memcpys\": " << c.memcpys << ",\n"
        << "  \"memsets\": " << c.memsets << ",\n"
        << "  \"flows\": " << c.flows << ",\n"
        << "  \"threads\": " << c.threads << ",\n"
        << "  \"streams\": " << c.streams << ",\n"
        << "  \"start_ns\": " << trace.startNs << ",\n"
        << "  \"end_ns\": " << trace.endNs << ",\n"
        << "  \"duration_ns\": " << (trace.endNs - trace.startNs) << ",\n"
        << "  \"warnings\": ";
    printJsonDiagnostics(trace.diagnostics, false, out);
    out << ",\n  \"information\": ";
    printJsonDiagnostics(trace.diagnostics, true, out);
    out << "\n}\n";
}

std::string formatDuration(TimeNs ns)
{
    std::ostringstream out;
    out << std::fixed << std::setprecision(3);
    if (ns >= 1'000'000'000)
        out << double(ns) / 1e9 << " s";
    else if (ns >= 1'000'000)
        out << double(ns) / 1e6 << " ms";
    else if (ns >= 1'000)
        out << double(ns) / 1e3 << " us";
    else
        out << ns << " ns";
    return out.str();
}

void printText(const Trace &trace, std::ostream &out)
{
    const EventCounts c = trace.counts();
    auto row = [&out](const char *label, const auto &value) {
        out << std::left << std::setw(12) << label << value << '\n';
    };
    row("File", trace.source.path);
    row("Format", trace.source.formatName);
    row("Loaded in", formatDuration(TimeNs(trace.source.loadSeconds * 1e9)));
    row("Span",
        formatDuration(trace.endNs - trace.startNs) + " (" + std::to_string(trace.startNs) + " .. "
            + std::to_string(trace.endNs) + " ns)");
    row("Events", c.events);
    row("CPU ops", c.cpuOps);
    row("Ranges", c.ranges);
    row("API calls", c.apiCalls);
    row("Kernels", c.kernels);
    row("Memcpys", c.memcpys);
    row("Memsets", c.memsets);
    row("Flows", c.flows);
    row("Threads", c.threads);
    row("GPU streams", c.streams);
    for (const auto &[key, value] : trace.source.metadata)
        row((key + ":").c_str(), value);
    printTextDiagnostics(trace.diagnostics, false, "Import warnings:", out);
    printTextDiagnostics(trace.diagnostics, true, "Information:", out);
}

int runInfo(const std::vector<std::string> &argv, CommandIo &io)
{
    const CliArgs args(argv, {"--format"}, {});
    if (!args.error().empty())
        return usageError("info", kInfoUsage, args.error(), io);
    if (args.positional().size() != 1)
        return usageError("info", kInfoUsage, "expected one TRACE", io);
    const std::string format = args.value("--format", "table");
    if (format != "table" && format != "json")
        return usageError("info", kInfoUsage, "unknown format '" + format + "' (use table or json)", io);
    const auto trace = loadOrReport(args.positional()[0], io);
    if (!trace)
        return kExitBadInput;
    if (format == "json")
        printJson(*trace, io.out);
    else
        printText(*trace, io.out);
    return kExitOk;
}

} // namespace

extern const Command kInfoCommand{"info", kInfoUsage, "format, event counts, time span and import warnings", runInfo};

} // namespace tracelane::cli
