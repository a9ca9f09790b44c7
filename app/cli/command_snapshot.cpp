// tracelane-cli snapshot: a PyTorch CUDA memory snapshot (_dump_snapshot
// pickle): per device summary, its segments, its allocations, the
// active-memory timeline as memory_viz stacks it, or its OOMs.
#include "command_support.h"

#include "analysis/memory/snapshot_allocations.h"
#include "analysis/memory/snapshot_segments.h"
#include "analysis/memory/snapshot_timeline.h"

#include <ostream>
#include <set>

namespace tracelane::cli {
namespace {

constexpr const char *kSnapshotUsage =
    "snapshot FILE [--segments | --allocations | --timeline [--stream ID] | --oom] [--format table|csv|json]";

int runSnapshot(const std::vector<std::string> &argv, CommandIo &io)
{
    const CliArgs args(argv, {"--format", "--stream"}, {"--segments", "--allocations", "--timeline", "--oom"});
    if (!args.error().empty())
        return usageError("snapshot", kSnapshotUsage, args.error(), io);
    if (args.positional().size() != 1)
        return usageError("snapshot", kSnapshotUsage, "expected one FILE", io);
    const auto format = formatOption(args, "snapshot", kSnapshotUsage, io);
    if (!format)
        return kExitUsage;
    const int views = int(args.flag("--segments")) + int(args.flag("--allocations")) + int(args.flag("--timeline"))
                      + int(args.flag("--oom"));
    if (views > 1)
        return usageError("snapshot", kSnapshotUsage, "give one of --segments, --allocations, --timeline, --oom", io);
    std::optional<std::int64_t> stream;
    if (const auto text = args.value("--stream")) {
        if (!args.flag("--timeline"))
            return usageError("snapshot", kSnapshotUsage, "--stream goes with --timeline", io);
        stream = parseInteger(*text);
        if (!stream)
            return usageError("snapshot", kSnapshotUsage, "--stream takes a stream id (an integer)", io);
    }
    const auto trace = loadOrReport(args.positional()[0], io);
    if (!trace)
        return kExitBadInput;
    if (!trace->memorySnapshot) {
        io.err << "tracelane-cli snapshot: " << args.positional()[0] << " is a " << trace->source.formatName
               << ", not a PyTorch memory snapshot (torch.cuda.memory._dump_snapshot); for the memory records of a "
                  "profiler trace use `tracelane-cli memory`\n";
        return kExitBadInput;
    }
    const MemorySnapshot &snapshot = *trace->memorySnapshot;
    if (args.flag("--segments")) {
        writeTable(io.out, snapshotSegmentTable(snapshot), *format);
    } else if (args.flag("--allocations")) {
        writeTable(io.out, snapshotAllocationTable(snapshot, snapshotAllocations(snapshot)), *format);
    } else if (args.flag("--timeline")) {
        const SnapshotAllocations allocations = snapshotAllocations(snapshot);
        std::set<std::int32_t> devices;
        for (const SnapshotAllocation &a : allocations.allocations)
            devices.insert(a.device);
        std::vector<SnapshotTimeline> timelines;
        for (const std::int32_t device : devices) {
            timelines.push_back(snapshotTimeline(snapshot, allocations, device, stream));
            if (timelines.back().summarizedAllocations)
                io.err << "tracelane-cli snapshot: GPU " << device << ": "
                       << timelines.back().summarizedAllocations
                       << " small allocations summed into one band (\"others\") to keep the timeline bounded\n";
        }
        writeTable(io.out, snapshotTimelineTable(timelines, allocations), *format);
    } else if (args.flag("--oom")) {
        const std::vector<SnapshotOom> ooms = snapshotOoms(snapshot);
        writeTable(io.out, snapshotOomTable(snapshot, ooms), *format);
        if (ooms.empty())
            io.err << "tracelane-cli snapshot: " << args.positional()[0] << " records no out-of-memory event\n";
    } else {
        writeTable(io.out, snapshotSummaryTable(snapshot), *format);
        if (!snapshot.timed)
            io.err << "tracelane-cli snapshot: the trace entries have no time_us: times are entry indices (1 ns "
                      "per entry)\n";
    }
    return kExitOk;
}

} // namespace

extern const Command kSnapshotCommand{"snapshot", kSnapshotUsage,
                                      "PyTorch memory snapshot: per device summary; --segments, --allocations, "
                                      "--timeline (memory_viz's stacking) or --oom",
                                      runSnapshot};

} // namespace tracelane::cli
