// tracelane-cli tracks: one row per track, with its place in the timeline.
#include "command_support.h"
#include "trace_rows.h"

#include "timeline/track_grouping.h"

#include <functional>

namespace tracelane::cli {
namespace {

constexpr const char *kTracksUsage = "tracks TRACE [--format csv|json]";

// Position of each track in the timeline's default arrangement (TrackGrouping:
// processes, their threads and lanes, then GPUs and streams), -1 for tracks the
// timeline leaves out (empty ones).
std::vector<std::int64_t> displayOrder(const Trace &trace)
{
    std::vector<std::int64_t> order(trace.tracks.size(), -1);
    const TrackLayout layout = TrackGrouping::arrange(trace);
    std::int64_t next = 0;
    std::function<void(int)> visit = [&](int node) {
        const TrackNode &n = layout.node(node);
        if (n.track >= 0 && std::size_t(n.track) < order.size() && order[std::size_t(n.track)] < 0)
            order[std::size_t(n.track)] = next++;
        for (int child : layout.childrenOf(node))
            visit(child);
    };
    for (int root : layout.roots())
        visit(root);
    return order;
}

int runTracks(const std::vector<std::string> &argv, CommandIo &io)
{
    const CliArgs args(argv, {"--format"}, {});
    if (!args.error().empty())
        return usageError("tracks", kTracksUsage, args.error(), io);
    if (args.positional().size() != 1)
        return usageError("tracks", kTracksUsage, "expected one TRACE", io);
    const auto format = rowFormatOption(args, "tracks", kTracksUsage, io);
    if (!format)
        return kExitUsage;
    const auto trace = loadOrReport(args.positional()[0], io);
    if (!trace)
        return kExitBadInput;

    std::vector<std::string> columns = {"id", "kind", "name"};
    columns.insert(columns.end(), ownerColumns().begin(), ownerColumns().end());
    columns.insert(columns.end(), {"domain", "events", "max_depth", "display_order"});
    RowStream rows(io.out, *format, columns);
    const std::vector<std::int64_t> order = displayOrder(*trace);
    for (std::uint32_t t = 0; t < trace->tracks.size(); ++t) {
        const Track &track = trace->tracks[t];
        rows.integer(t);
        rows.text(trackKindName(track.kind));
        rows.text(trace->strings.view(track.name));
        writeOwner(rows, *trace, track);
        rows.text(trace->strings.view(track.domain));
        rows.unsignedInteger(track.events.size());
        rows.integer(track.maxDepth);
        if (order[t] >= 0)
            rows.integer(order[t]);
        else
            rows.empty();
        rows.endRow();
    }
    rows.finish();
    return kExitOk;
}

} // namespace

extern const Command kTracksCommand{"tracks", kTracksUsage,
                                    "every track (swimlane): kind, owner, timeline order (CSV or JSON)", runTracks};

} // namespace tracelane::cli
