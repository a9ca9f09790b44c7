// tracelane-cli window: what lies inside a time window (the GUI's area
// selection): per kind and name, count and time clipped to the window, and how
// long the GPU was busy in it.
#include "command_support.h"

#include "analysis/window/window_summary.h"

#include <charconv>
#include <sstream>

namespace tracelane::cli {
namespace {

constexpr const char *kWindowUsage =
    "window TRACE --from NS --to NS [--tracks ID,ID,...] [--format table|csv|json]   (ns from the trace start)";


void writeGpuTotals(std::ostream &out, const WindowSummary &s)
{
    if (s.gpuStreams == 0) {
        out << "  GPU busy / idle: no GPU streams in this trace\n";
        return;
    }
    const double length = double(std::max<TimeNs>(1, s.window.length()));
    out << "  GPU busy (ns): " << s.gpuBusy << " (" << Cell::fixed(100.0 * double(s.gpuBusy) / length).toString()
        << " %)\n"
        << "  GPU idle (ns): " << s.gpuIdle << '\n';
}

int runWindow(const std::vector<std::string> &argv, CommandIo &io)
{
    const CliArgs args(argv, {"--format", "--from", "--to", "--tracks"}, {});
    if (!args.error().empty())
        return usageError("window", kWindowUsage, args.error(), io);
    if (args.positional().size() != 1)
        return usageError("window", kWindowUsage, "expected one TRACE", io);
    if (!args.value("--from") || !args.value("--to"))
        return usageError("window", kWindowUsage, "--from NS and --to NS are required", io);
    const auto from = nanosecondsTextToNs(*args.value("--from"));
    const auto to = nanosecondsTextToNs(*args.value("--to"));
    if (!from || !to)
        return usageError("window", kWindowUsage, "--from and --to take nanoseconds", io);
    if (*from < 0)
        return usageError("window", kWindowUsage, "--from must not be negative", io);
    if (*to <= *from)
        return usageError("window", kWindowUsage, "--to must be greater than --from", io);
    std::vector<std::uint32_t> tracks;
    if (const auto text = args.value("--tracks")) {
        const auto ids = parseTrackIds(*text);
        if (!ids)
            return usageError("window", kWindowUsage, "--tracks takes track ids separated by commas (see `tracks`)",
                              io);
        tracks = *ids;
    }
    const auto format = formatOption(args, "window", kWindowUsage, io);
    if (!format)
        return kExitUsage;
    const auto trace = loadOrReport(args.positional()[0], io);
    if (!trace)
        return kExitBadInput;

    const TimeNs length = trace->endNs - trace->startNs;
    if (*to > length) {
        std::ostringstream message;
        message << "--to " << *to << " is past the trace's end (" << length << " ns from its start)";
        return usageError("window", kWindowUsage, message.str(), io);
    }
    for (std::uint32_t t : tracks)
        if (t >= trace->tracks.size())
            return usageError(
                "window", kWindowUsage,
                "no track " + std::to_string(t) + " (the trace has " + std::to_string(trace->tracks.size()) + ")", io);

    const DepthIndex index(*trace);
    const TimeWindow window{trace->startNs + *from, trace->startNs + *to};
    const WindowSummary summary = summarizeWindow(*trace, index, window, tracks);
    const Table table = windowSummaryTable(*trace, summary);
    switch (*format) {
    case TableFormat::Csv: writeCsv(io.out, table); break;
    case TableFormat::Json: {
        io.out << "{\"from_ns\":" << *from << ",\"to_ns\":" << *to << ",\"length_ns\":" << window.length()
               << ",\"tracks\":" << summary.trackCount << ",\"gpu_streams\":" << summary.gpuStreams
               << ",\"gpu_busy_ns\":" << summary.gpuBusy << ",\"gpu_idle_ns\":" << summary.gpuIdle;
        std::ostringstream rows;
        writeJson(rows, table);
        std::string text = rows.str();
        while (!text.empty() && (text.back() == '\n' || text.back() == ' '))
            text.pop_back();
        io.out << ",\"rows\":" << text << "}\n";
        break;
    }
    case TableFormat::Text:
        writeText(io.out, table);
        io.out << "\nWindow " << *from << " - " << *to << " ns from the trace start (" << window.length() << " ns), "
               << summary.trackCount << " tracks\n";
        writeGpuTotals(io.out, summary);
        break;
    }
    return kExitOk;
}

} // namespace

extern const Command kWindowCommand{
    "window", kWindowUsage, "per kind and name, the events inside a time window, clipped to it, and GPU busy time",
    runWindow};

} // namespace tracelane::cli
