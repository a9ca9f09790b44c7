// tracelane-cli range: the GPU work one range (or CPU op) launched, with its totals.
#include "command_support.h"

#include "analysis/ranges/range_kernels_table.h"

#include <sstream>

namespace tracelane::cli {
namespace {

constexpr const char
    *kRangeUsage = "range TRACE --name NAME [--instance K] [--overlapping] [--all-threads] [--format table|csv|json]";

struct Total
{
    const char *key;   // JSON field
    const char *label; // table footer
    std::int64_t value;
};

std::vector<Total> totalsOf(const RangeKernels &k, std::size_t listed, bool overlapping)
{
    const GpuWorkTotals &t = k.totals;
    return {{"cpu_duration_ns", "CPU duration (ns)", k.cpuDuration()},
            {"gpu_projected_start_ns", "GPU projected start (ns)", t.projectedStart},
            {"gpu_projected_duration_ns", "GPU projected span (ns)", t.projectedDuration()},
            {"gpu_time_ns", "GPU time, summed (ns)", t.summedTime},
            {"gpu_busy_ns", "GPU busy time (ns)", t.busyTime},
            {"gpu_ops", "GPU operations launched", t.ops},
            {"launching_calls", "API calls with GPU work", t.launchingCalls},
            {"overlapping_ops", "GPU operations overlapping in time", static_cast<std::int64_t>(k.overlapping.size())},
            {overlapping ? "listed_overlapping" : "listed_launched", "rows listed", static_cast<std::int64_t>(listed)}};
}

int runRange(const std::vector<std::string> &argv, CommandIo &io)
{
    const CliArgs args(argv, {"--format", "--name", "--instance"}, {"--overlapping", "--all-threads"});
    if (!args.error().empty())
        return usageError("range", kRangeUsage, args.error(), io);
    if (args.positional().size() != 1)
        return usageError("range", kRangeUsage, "expected one TRACE", io);
    const auto name = args.value("--name");
    if (!name || name->empty())
        return usageError("range", kRangeUsage, "--name NAME is required", io);
    long long instance = 1;
    try {
        std::size_t used = 0;
        instance = std::stoll(args.value("--instance", "1"), &used);
        if (used != args.value("--instance", "1").size() || instance < 1)
            throw std::invalid_argument("instance");
    } catch (const std::exception &) {
        return usageError("range", kRangeUsage, "--instance takes a number from 1", io);
    }
    const auto format = formatOption(args, "range", kRangeUsage, io);
    if (!format)
        return kExitUsage;
    const auto trace = loadOrReport(args.positional()[0], io);
    if (!trace)
        return kExitBadInput;

    const std::vector<EventRef> found = findRangesNamed(*trace, *name);
    if (found.empty()) {
        io.err << "tracelane-cli range: no range or CPU op named '" << *name << "' in " << args.positional()[0] << '\n';
        return kExitBadInput;
    }
    if (static_cast<std::size_t>(instance) > found.size()) {
        io.err << "tracelane-cli range: '" << *name << "' occurs " << found.size() << " times; --instance " << instance
               << " is out of range\n";
        return kExitUsage;
    }
    const EventRef ref = found[static_cast<std::size_t>(instance - 1)];
    const RangeKernelLookup lookup(*trace);
    const RangeKernels kernels = lookup.find(ref,
                                             args.flag("--all-threads") ? LaunchScope::Process : LaunchScope::Thread);
    const bool overlapping = args.flag("--overlapping");
    const Table table = overlapping ? gpuOpsTable(*trace, kernels.overlapping) : launchedTable(*trace, kernels);
    const auto totals = totalsOf(kernels, table.rows.size(), overlapping);

    switch (*format) {
    case TableFormat::Csv: writeCsv(io.out, table); break;
    case TableFormat::Json: {
        io.out << "{\"name\":" << jsonString(trace->name(ref)) << ",\"instance\":" << instance
               << ",\"instances\":" << found.size() << ",\"start_ns\":" << kernels.start;
        for (const Total &t : totals)
            io.out << ",\"" << t.key << "\":" << t.value;
        std::ostringstream rows;
        writeJson(rows, table);
        std::string text = rows.str();
        while (!text.empty() && (text.back() == '\n' || text.back() == ' '))
            text.pop_back();
        io.out << ",\"ops\":" << text << "}\n";
        break;
    }
    case TableFormat::Text:
        writeText(io.out, table);
        io.out << '\n' << trace->name(ref) << " (instance " << instance << " of " << found.size() << ")\n";
        for (const Total &t : totals)
            io.out << "  " << t.label << ": " << t.value << '\n';
        break;
    }
    return kExitOk;
}

} // namespace

extern const Command kRangeCommand{"range", kRangeUsage,
                                   "GPU work one range or CPU op launched (or, --overlapping, overlapped), with totals",
                                   runRange};

} // namespace tracelane::cli
