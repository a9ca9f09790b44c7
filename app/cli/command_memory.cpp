// tracelane-cli memory: each device's memory peak, allocations and frees, and
// what was never freed, from a profile_memory=True PyTorch profiler trace.
#include "command_support.h"

#include "analysis/memory/memory_summary.h"
#include "analysis/memory/op_memory.h"

#include <ostream>

namespace tracelane::cli {
namespace {

constexpr const char
    *kMemoryUsage = "memory TRACE [--by-op | --peak | --never-freed | --timeline] [--format table|csv|json]";

int runMemory(const std::vector<std::string> &argv, CommandIo &io)
{
    const CliArgs args(argv, {"--format"}, {"--by-op", "--peak", "--never-freed", "--timeline"});
    if (!args.error().empty())
        return usageError("memory", kMemoryUsage, args.error(), io);
    if (args.positional().size() != 1)
        return usageError("memory", kMemoryUsage, "expected one TRACE", io);
    const auto format = formatOption(args, "memory", kMemoryUsage, io);
    if (!format)
        return kExitUsage;
    const auto trace = loadOrReport(args.positional()[0], io);
    if (!trace)
        return kExitBadInput;
    const MemoryEvents events = collectMemoryEvents(*trace);
    const MemorySummary summary = summarizeMemory(events);
    if (int(args.flag("--by-op")) + int(args.flag("--peak")) + int(args.flag("--never-freed"))
            + int(args.flag("--timeline"))
        > 1)
        return usageError("memory", kMemoryUsage, "give one of --by-op, --peak, --never-freed, --timeline", io);
    if (args.flag("--by-op"))
        writeTable(io.out, opMemoryTable(memoryByOp(*trace, events)), *format);
    else if (args.flag("--peak"))
        writeTable(io.out, peakTable(*trace, events, summary, allocatingOps(*trace, events)), *format);
    else if (args.flag("--never-freed"))
        writeTable(io.out, neverFreedTable(*trace, events, summary, allocatingOps(*trace, events)), *format);
    else if (args.flag("--timeline"))
        writeTable(io.out, memoryTimelineTable(events), *format);
    else
        writeTable(io.out, memoryTable(summary), *format);
    if (events.events.empty()) {
        io.err << "tracelane-cli memory: " << args.positional()[0] << " has no memory records";
        if (trace->source.format.rfind("nsys", 0) == 0)
            io.err << ": the export has no CUDA memory usage records (table CUDA_GPU_MEMORY_USAGE_EVENTS); record "
                      "them with nsys profile --cuda-memory-usage=true, then export with nsys export --type sqlite\n";
        else
            io.err << "; record them with torch.profiler.profile(profile_memory=True), or save a memory snapshot "
                      "with torch.cuda.memory._dump_snapshot()\n";
    }
    if (events.malformed)
        io.err << "tracelane-cli memory: " << events.malformed << " [memory] events without a readable Bytes skipped\n";
    if (summary.unpairedFrees)
        io.err << "tracelane-cli memory: " << summary.unpairedFrees
               << " frees of addresses not allocated in the trace\n";
    if (summary.reusedBeforeFree)
        io.err << "tracelane-cli memory: " << summary.reusedBeforeFree
               << " allocations at addresses still held (the earlier counted as never freed)\n";
    return kExitOk;
}

} // namespace

extern const Command kMemoryCommand{
    "memory", kMemoryUsage,
    "memory per device: peak allocated and reserved, allocations, frees, never freed; --by-op per operator", runMemory};

} // namespace tracelane::cli
