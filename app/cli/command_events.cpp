// tracelane-cli events: every imported event as one row, streamed (see docs/CLI.md).
#include "command_support.h"
#include "trace_rows.h"

#include "export/args_json.h"
#include "model/parent_walk.h"
#include "model/time_math.h"

#include <algorithm>
#include <array>
#include <limits>
#include <sstream>

namespace tracelane::cli {
namespace {

constexpr const char
    *kEventsUsage = "events TRACE [--kind K[,K...]] [--from NS] [--to NS] [--track ID] [--format csv|json]\n"
                    "       (--from/--to: ns from the trace start; events overlapping the window)";

constexpr std::array kKinds{
    EventKind::Slice,   EventKind::CpuOp,         EventKind::PythonFunction, EventKind::Range,  EventKind::GpuRange,
    EventKind::ApiCall, EventKind::Kernel,        EventKind::Memcpy,         EventKind::Memset, EventKind::Sync,
    EventKind::Instant, EventKind::CounterSample, EventKind::Async};

struct Filter
{
    std::array<bool, kKinds.size()> kinds{};
    TimeNs from = std::numeric_limits<TimeNs>::min(); // absolute, inclusive
    TimeNs to = std::numeric_limits<TimeNs>::max();
    std::optional<std::uint64_t> track;
};

std::string parseKinds(const std::string &list, Filter &filter)
{
    std::stringstream in(list);
    std::string name;
    while (std::getline(in, name, ',')) {
        bool known = false;
        for (std::size_t k = 0; k < kKinds.size(); ++k) {
            if (eventKindName(kKinds[k]) == name) {
                filter.kinds[std::size_t(kKinds[k])] = true;
                known = true;
            }
        }
        if (!known) {
            std::string all;
            for (EventKind kind : kKinds)
                all += (all.empty() ? "" : ", ") + std::string(eventKindName(kind));
            return "unknown kind '" + name + "' (use " + all + ")";
        }
    }
    return {};
}

const std::vector<std::string> &columns()
{
    static const std::vector<std::string> all = [] {
        std::vector<std::string> c = {"id", "kind", "name", "category", "start", "duration"};
        c.insert(c.end(), ownerColumns().begin(), ownerColumns().end());
        c.insert(c.end(), {"track", "depth", "parent", "correlation", "args", "source_record"});
        return c;
    }();
    return all;
}

void writeEvent(RowStream &rows, const Trace &trace, std::uint32_t t, std::uint32_t i, std::uint32_t parent,
                std::string &args)
{
    const Track &track = trace.tracks[t];
    const Event &e = track.events[i];
    rows.unsignedInteger(eventId(t, i));
    rows.text(eventKindName(e.kind));
    rows.text(trace.strings.view(e.name));
    rows.text(trace.category(e));
    rows.integer(e.start);
    if (e.unclosed)
        rows.empty();
    else
        rows.integer(e.duration);
    writeOwner(rows, trace, track);
    rows.integer(t);
    rows.integer(e.depth);
    if (parent == kNoParent)
        rows.empty();
    else
        rows.unsignedInteger(eventId(t, parent));
    if (e.correlation)
        rows.integer(e.correlation);
    else
        rows.empty();
    args.clear();
    appendArgsJson(args, trace, track, e);
    rows.json(args);
    const std::uint32_t source = i < track.sourceRecords.size() ? track.sourceRecords[i] : kNoSourceRecord;
    if (source == kNoSourceRecord)
        rows.empty();
    else
        rows.integer(source);
    rows.endRow();
}

// Walks every event from the track's start up to the window's end, since an
// event's parent may start long before the window; rows are made only for the
// events that pass the filter.
void writeTrack(RowStream &rows, const Trace &trace, std::uint32_t t, const Filter &filter, bool anyKind,
                std::string &args)
{
    const Track &track = trace.tracks[t];
    const auto &events = track.events;
    const auto last = std::upper_bound(events.begin(), events.end(), filter.to,
                                       [](TimeNs to, const Event &e) { return to < e.start; });
    const auto count = std::uint32_t(last - events.begin());
    ParentWalk parents(track);
    for (std::uint32_t i = 0; i < count; ++i) {
        const std::uint32_t parent = parents.next(i);
        const Event &e = events[i];
        if (e.end() < filter.from)
            continue;
        if (anyKind && !filter.kinds[std::size_t(e.kind)])
            continue;
        writeEvent(rows, trace, t, i, parent, args);
    }
}

int runEvents(const std::vector<std::string> &argv, CommandIo &io)
{
    const CliArgs args(argv, {"--kind", "--from", "--to", "--track", "--format"}, {});
    if (!args.error().empty())
        return usageError("events", kEventsUsage, args.error(), io);
    if (args.positional().size() != 1)
        return usageError("events", kEventsUsage, "expected one TRACE", io);
    const auto format = rowFormatOption(args, "events", kEventsUsage, io);
    if (!format)
        return kExitUsage;
    Filter filter;
    if (auto kinds = args.value("--kind"))
        if (const std::string problem = parseKinds(*kinds, filter); !problem.empty())
            return usageError("events", kEventsUsage, problem, io);
    std::optional<TimeNs> from, to;
    for (const auto &[option, value] : {std::pair{"--from", &from}, std::pair{"--to", &to}}) {
        if (auto text = args.value(option)) {
            *value = nanosecondsTextToNs(*text);
            if (!*value)
                return usageError("events", kEventsUsage,
                                  std::string(option) + " takes nanoseconds from the trace start", io);
        }
    }
    if (from && to && *to < *from)
        return usageError("events", kEventsUsage, "--to is before --from", io);
    if (auto track = args.value("--track")) {
        const auto n = parseCount(*track);
        if (!n)
            return usageError("events", kEventsUsage, "--track takes a track id (see tracelane-cli tracks)", io);
        filter.track = std::uint64_t(*n);
    }
    const auto trace = loadOrReport(args.positional()[0], io);
    if (!trace)
        return kExitBadInput;
    if (filter.track && *filter.track >= trace->tracks.size())
        return usageError("events", kEventsUsage,
                          "no track " + std::to_string(*filter.track) + " (the trace has "
                              + std::to_string(trace->tracks.size()) + ")",
                          io);
    if (from)
        filter.from = saturatingAdd(trace->startNs, *from);
    if (to)
        filter.to = saturatingAdd(trace->startNs, *to);
    const bool anyKind = std::find(filter.kinds.begin(), filter.kinds.end(), true) != filter.kinds.end();

    RowStream rows(io.out, *format, columns());
    std::string argsText;
    for (std::uint32_t t = 0; t < trace->tracks.size(); ++t)
        if (!filter.track || *filter.track == t)
            writeTrack(rows, *trace, t, filter, anyKind, argsText);
    rows.finish();
    return kExitOk;
}

} // namespace

extern const Command kEventsCommand{"events", kEventsUsage,
                                    "every event as one row: times, owner, parent, args (CSV or JSON)", runEvents};

} // namespace tracelane::cli
