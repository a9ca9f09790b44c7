// tracelane-cli counters: one row per counter sample.
#include "command_support.h"
#include "trace_rows.h"

namespace tracelane::cli {
namespace {

constexpr const char *kCountersUsage = "counters TRACE [--format csv|json]";

int runCounters(const std::vector<std::string> &argv, CommandIo &io)
{
    const CliArgs args(argv, {"--format"}, {});
    if (!args.error().empty())
        return usageError("counters", kCountersUsage, args.error(), io);
    if (args.positional().size() != 1)
        return usageError("counters", kCountersUsage, "expected one TRACE", io);
    const auto format = rowFormatOption(args, "counters", kCountersUsage, io);
    if (!format)
        return kExitUsage;
    const auto trace = loadOrReport(args.positional()[0], io);
    if (!trace)
        return kExitBadInput;
    RowStream rows(io.out, *format, {"track", "name", "ts", "value"});
    for (std::uint32_t t = 0; t < trace->tracks.size(); ++t) {
        const Track &track = trace->tracks[t];
        if (track.kind != TrackKind::Counter)
            continue;
        const std::string_view name = trace->strings.view(track.name);
        for (std::size_t i = 0; i < track.events.size() && i < track.counterValues.size(); ++i) {
            rows.integer(t);
            rows.text(name);
            rows.integer(track.events[i].start);
            rows.number(track.counterValues[i]);
            rows.endRow();
        }
    }
    rows.finish();
    return kExitOk;
}

} // namespace

extern const Command kCountersCommand{"counters", kCountersUsage,
                                      "every counter sample: track, time, value (CSV or JSON)", runCounters};

} // namespace tracelane::cli
