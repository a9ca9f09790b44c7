// tracelane-cli pivot: the events grouped by an ordered list of dimensions
// (name, kind, thread, ... arg:KEY), with count, total, self, mean, min and
// max per group, depth-first (docs/ANALYSIS_PIVOT.md).
#include "command_support.h"

#include "analysis/pivot/pivot_export.h"
#include "analysis/pivot/pivot_table.h"

#include <charconv>

namespace tracelane::cli {
namespace {

constexpr const char *kPivotUsage =
    "pivot TRACE --by DIM[,DIM...] [--kind KIND[,KIND...]] [--from NS --to NS] [--tracks ID,ID,...]\n"
    "      [--format table|csv|json]\n"
    "  DIM: name, kind, thread, stream, device, category, range, module, arg:KEY\n"
    "  KIND: as SQL's event.kind (cpu_op, kernel, api_call, ...); NS from the trace start";

constexpr EventKind kPivotKinds[] = {
    EventKind::Slice,  EventKind::CpuOp,  EventKind::PythonFunction, EventKind::Range,   EventKind::GpuRange,
    EventKind::ApiCall, EventKind::Kernel, EventKind::Memcpy,        EventKind::Memset,  EventKind::Sync,
    EventKind::Instant, EventKind::CounterSample, EventKind::Async,
};

// "kernel,memcpy" -> kinds; the bad word in `bad` otherwise.
std::optional<std::vector<EventKind>> parsePivotKinds(const std::string &text, std::string &bad)
{
    std::vector<EventKind> kinds;
    std::size_t at = 0;
    while (at <= text.size()) {
        const std::size_t comma = std::min(text.find(',', at), text.size());
        const std::string word = text.substr(at, comma - at);
        bool known = false;
        for (EventKind kind : kPivotKinds)
            if (eventKindName(kind) == word) {
                kinds.push_back(kind);
                known = true;
            }
        if (!known) {
            bad = word;
            return std::nullopt;
        }
        at = comma + 1;
    }
    return kinds;
}


int runPivot(const std::vector<std::string> &argv, CommandIo &io)
{
    const CliArgs args(argv, {"--format", "--by", "--kind", "--from", "--to", "--tracks"}, {});
    if (!args.error().empty())
        return usageError("pivot", kPivotUsage, args.error(), io);
    if (args.positional().size() != 1)
        return usageError("pivot", kPivotUsage, "expected one TRACE", io);
    if (!args.value("--by"))
        return usageError("pivot", kPivotUsage, "--by DIM[,DIM...] is required", io);
    PivotOptions options;
    std::string error;
    const auto dims = parsePivotByList(*args.value("--by"), error);
    if (!dims)
        return usageError("pivot", kPivotUsage, error, io);
    options.dimensions = *dims;
    if (const auto text = args.value("--kind")) {
        std::string bad;
        const auto kinds = parsePivotKinds(*text, bad);
        if (!kinds)
            return usageError("pivot", kPivotUsage, "unknown kind '" + bad + "'", io);
        options.filter.kinds = *kinds;
    }
    if (args.value("--from").has_value() != args.value("--to").has_value())
        return usageError("pivot", kPivotUsage, "--from and --to go together", io);
    std::optional<TimeNs> from, to;
    if (args.value("--from")) {
        from = nanosecondsTextToNs(*args.value("--from"));
        to = nanosecondsTextToNs(*args.value("--to"));
        if (!from || !to)
            return usageError("pivot", kPivotUsage, "--from and --to take nanoseconds", io);
        if (*to <= *from)
            return usageError("pivot", kPivotUsage, "--to must be greater than --from", io);
    }
    if (const auto text = args.value("--tracks")) {
        const auto ids = parseTrackIds(*text);
        if (!ids)
            return usageError("pivot", kPivotUsage, "--tracks takes track ids separated by commas (see `tracks`)", io);
        options.filter.tracks = *ids;
    }
    const auto format = formatOption(args, "pivot", kPivotUsage, io);
    if (!format)
        return kExitUsage;
    const auto trace = loadOrReport(args.positional()[0], io);
    if (!trace)
        return kExitBadInput;
    for (std::uint32_t t : options.filter.tracks)
        if (t >= trace->tracks.size())
            return usageError(
                "pivot", kPivotUsage,
                "no track " + std::to_string(t) + " (the trace has " + std::to_string(trace->tracks.size()) + ")", io);
    if (from) {
        options.filter.from = trace->startNs + *from;
        options.filter.to = trace->startNs + *to;
    }
    const PivotResult result = computePivot(*trace, options);
    if (!result.error.empty())
        return usageError("pivot", kPivotUsage, result.error, io);
    writeTable(io.out, pivotTable(result), *format);
    if (*format == TableFormat::Text && result.root().count == 0)
        io.out << "\nNo events match.\n";
    return kExitOk;
}

} // namespace

extern const Command kPivotCommand{"pivot", kPivotUsage,
                                   "events grouped by name, kind, thread, range, module, argument...: count and times",
                                   runPivot};

} // namespace tracelane::cli
