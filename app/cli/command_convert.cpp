// tracelane-cli convert: any trace Tracelane reads, written as a Chrome Trace
// Event JSON file (gzipped when the name ends in .gz) for Perfetto UI and
// chrome://tracing. See docs/EXPORT.md for what is kept.
#include "command_support.h"

#include "export/chrome_trace_writer.h"

#include <chrono>
#include <ctime>
#include <iomanip>
#include <ostream>

namespace tracelane::cli {
namespace {

constexpr const char *kConvertUsage = "convert TRACE -o OUT.json[.gz]";

// The writer runs on this thread: its CPU time, which other jobs on a shared
// machine inflate less than the wall time.
double threadCpuSeconds()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) / 1e9;
}

int runConvert(const std::vector<std::string> &argv, CommandIo &io)
{
    std::vector<std::string> translated = argv;
    for (std::string &arg : translated)
        if (arg == "-o")
            arg = "--output";
    const CliArgs args(translated, {"--output"}, {});
    if (!args.error().empty())
        return usageError("convert", kConvertUsage, args.error(), io);
    if (args.positional().size() != 1)
        return usageError("convert", kConvertUsage, "expected one TRACE", io);
    const auto output = args.value("--output");
    if (!output || output->empty())
        return usageError("convert", kConvertUsage, "expected -o OUT.json or -o OUT.json.gz", io);

    const auto trace = loadOrReport(args.positional()[0], io);
    if (!trace)
        return kExitBadInput;
    const auto started = std::chrono::steady_clock::now();
    const double cpuStarted = threadCpuSeconds();
    const ChromeTraceFileResult result = writeChromeTraceFile(*trace, *output);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    const double cpuSeconds = threadCpuSeconds() - cpuStarted;
    if (!result.ok()) {
        io.err << "tracelane-cli convert: " << result.error << '\n';
        return kExitBadInput;
    }
    io.out << *output << ": " << result.stats.events << " events, " << result.stats.flows << " flows";
    if (result.stats.flowsLeftOut)
        io.out << " (" << result.stats.flowsLeftOut << " flows on lanes Chrome traces cannot bind left out)";
    io.out << "; read in " << std::fixed << std::setprecision(2) << trace->source.loadSeconds << " s, written in "
           << seconds << " s (" << cpuSeconds << " s CPU)\n";
    return kExitOk;
}

} // namespace

extern const Command kConvertCommand{
    "convert", kConvertUsage, "write the trace as Chrome Trace Event JSON (Perfetto UI, chrome://tracing)", runConvert};

} // namespace tracelane::cli
