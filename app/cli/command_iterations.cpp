// tracelane-cli iterations: CPU and GPU time per training iteration and phase.
#include "command_support.h"

#include "analysis/efficiency/step_mfu.h"
#include "analysis/operators/iteration_table.h"

#include <regex>
#include <stdexcept>

namespace tracelane::cli {
namespace {

constexpr const char *kIterationsUsage = "iterations TRACE [--pattern REGEX] [--same-thread] [--mfu] [--format table|csv|json]";

int runIterations(const std::vector<std::string> &argv, CommandIo &io)
{
    const CliArgs args(argv, {"--format", "--pattern"}, {"--same-thread", "--mfu"});
    if (!args.error().empty())
        return usageError("iterations", kIterationsUsage, args.error(), io);
    if (args.positional().size() != 1)
        return usageError("iterations", kIterationsUsage, "expected one TRACE", io);
    const auto format = formatOption(args, "iterations", kIterationsUsage, io);
    if (!format)
        return kExitUsage;
    IterationOptions options;
    options.pattern = args.value("--pattern", "");
    options.scope = args.flag("--same-thread") ? LaunchScope::Thread : LaunchScope::Process;
    if (!options.pattern.empty()) { // check the pattern before loading a large trace
        try {
            detectIterations(Trace{}, options);
        } catch (const std::regex_error &e) {
            return usageError("iterations", kIterationsUsage, "bad --pattern: " + std::string(e.what()), io);
        } catch (const std::invalid_argument &e) {
            return usageError("iterations", kIterationsUsage, e.what(), io);
        }
    }
    const auto trace = loadOrReport(args.positional()[0], io);
    if (!trace)
        return kExitBadInput;
    const IterationTable table = detectIterations(*trace, options);
    if (table.iterations.empty() && *format == TableFormat::Text)
        io.err << "tracelane-cli iterations: no range matches " << patternsTriedText(table) << '\n';
    if (!args.flag("--mfu")) {
        writeTable(io.out, asTable(table), *format);
        return kExitOk;
    }
    const OpFlops flops = opFlops(*trace);
    const MfuDevice device = mfuDevice(*trace);
    if (*format == TableFormat::Text) {
        if (!flops.any)
            io.err << "tracelane-cli iterations: no op has FLOPs (a \"flops\" argument, or Input Dims of an op "
                      "PyTorch counts: record the trace with record_shapes=True)\n";
        else if (device.peak)
            io.err << "tracelane-cli iterations: MFU against " << device.name << " (" << device.peak->model << ", "
                   << device.peak->denseTflops << " TFLOP/s dense BF16/FP16 tensor peak)\n";
        else
            io.err << "tracelane-cli iterations: MFU: unknown device"
                   << (device.name.empty() ? std::string() : " \"" + device.name + "\"") << ", no peak known\n";
    }
    writeTable(io.out, iterationMfuTable(table, flops, device), *format);
    return kExitOk;
}

} // namespace

extern const Command kIterationsCommand{
    "iterations", kIterationsUsage,
    "CPU and GPU time per iteration ('Iteration N', else 'ProfilerStep#N') and per phase; --mfu adds "
    "FLOPs, TFLOP/s and MFU", runIterations};

} // namespace tracelane::cli
