#include "collective_facts.h"

#include "collective_kinds.h"

#include "analysis/gpu/gpu_op_class.h"
#include "analysis/operators/iteration_table.h"
#include "analysis/ranks/rank_identity.h"
#include "analysis/ranks/trace_label.h"
#include "model/args.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <charconv>
#include <filesystem>
#include <map>
#include <span>

namespace tracelane {
namespace {

// The arguments Kineto writes on collective kernels and record_param_comms.
enum CommArg : std::size_t { PgName, PgDesc, PgRanks, GroupSize, CollectiveName, InNelems, OutNelems, Dtype, kCommArgs };
constexpr std::array<std::string_view, kCommArgs> kCommArgNames{
    "Process Group Name", "Process Group Description", "Process Group Ranks", "Group size",
    "Collective name",    "In msg nelems",             "Out msg nelems",      "dtype"};

constexpr StringId kCommAbsentKey = 0xFFFFFFFFu;

// "[0, 1, 2]" (or a JSON array) -> its integers; stops at anything else.
std::vector<std::int64_t> commRankList(std::string_view text)
{
    std::vector<std::int64_t> ranks;
    const char *p = text.data();
    const char *end = p + text.size();
    while (p < end) {
        if ((*p >= '0' && *p <= '9') || *p == '-') {
            std::int64_t value = 0;
            const auto [next, error] = std::from_chars(p, end, value);
            if (error != std::errc())
                break;
            ranks.push_back(value);
            p = next;
        } else {
            ++p;
        }
    }
    return ranks;
}

const std::string *commMetadata(const SourceInfo &source, std::string_view key)
{
    for (const auto &[k, value] : source.metadata)
        if (k == key)
            return &value;
    return nullptr;
}

// distributedInfo.pg_config: a list of groups (Kineto 2.1+), or an object of them by name.
std::vector<ProcessGroupInfo> commConfiguredGroups(const SourceInfo &source)
{
    std::vector<ProcessGroupInfo> groups;
    const std::string *text = commMetadata(source, "distributedInfo");
    if (!text)
        return groups;
    const nlohmann::json info = nlohmann::json::parse(*text, nullptr, /*allow_exceptions=*/false);
    if (!info.is_object())
        return groups;
    const auto config = info.find("pg_config");
    if (config == info.end() || !(config->is_array() || config->is_object()))
        return groups;
    for (auto it = config->begin(); it != config->end(); ++it) {
        if (!it->is_object())
            continue;
        ProcessGroupInfo group;
        if (const auto name = it->find("pg_name"); name != it->end())
            group.name = name->is_string() ? name->get<std::string>() : name->dump();
        else if (config->is_object())
            group.name = it.key();
        if (const auto desc = it->find("pg_desc"); desc != it->end() && desc->is_string())
            group.description = desc->get<std::string>();
        if (const auto size = it->find("pg_size"); size != it->end() && size->is_number_integer())
            group.size = size->get<std::int64_t>();
        if (const auto ranks = it->find("ranks"); ranks != it->end())
            group.ranks = commRankList(ranks->is_string() ? ranks->get<std::string>() : ranks->dump());
        if (!group.name.empty())
            groups.push_back(std::move(group));
    }
    return groups;
}

// The CPU ops that wrap a collective on each thread ("nccl:all_reduce",
// "c10d::allreduce_", record_param_comms), to name a kernel without arguments
// and to read the arguments record_param_comms carries.
class CommOpIndex
{
public:
    CommOpIndex(const Trace &trace, std::uint32_t firstTrack, std::uint32_t endTrack) : m_trace(trace)
    {
        for (std::uint32_t t = firstTrack; t < endTrack; ++t) {
            const Track &track = trace.tracks[t];
            if (track.kind != TrackKind::CpuThread)
                continue;
            std::vector<std::uint32_t> ops;
            for (std::uint32_t i = 0; i < track.events.size(); ++i)
                if (isCommOpName(trace.strings.view(track.events[i].name)))
                    ops.push_back(i);
            if (!ops.empty())
                m_byThread.emplace(track.thread, ThreadOps{t, std::move(ops)});
        }
    }

    static bool isCommOpName(std::string_view name)
    {
        return name.starts_with("nccl:") || name.starts_with("c10d::") || name.starts_with("gloo:") ||
               name.starts_with("rccl:") || name == "record_param_comms";
    }

    // The comm ops on `thread` holding time t, innermost first (at most a few:
    // a collective's ops nest two or three deep).
    std::vector<EventRef> around(std::int32_t thread, TimeNs t) const
    {
        std::vector<EventRef> out;
        const auto found = m_byThread.find(thread);
        if (found == m_byThread.end())
            return out;
        const ThreadOps &ops = found->second;
        const std::vector<Event> &events = m_trace.tracks[ops.track].events;
        auto after = std::upper_bound(ops.events.begin(), ops.events.end(), t,
                                      [&](TimeNs time, std::uint32_t i) { return time < events[i].start; });
        // Look back a bounded number of ops: nothing a profiler writes nests collectives deeper.
        for (int looked = 0; after != ops.events.begin() && looked < 8; ++looked) {
            --after;
            const Event &e = events[*after];
            if (e.start <= t && t <= e.end())
                out.push_back({ops.track, *after});
        }
        return out;
    }

private:
    struct ThreadOps
    {
        std::uint32_t track;
        std::vector<std::uint32_t> events; // comm ops, by start
    };
    const Trace &m_trace;
    std::map<std::int32_t, ThreadOps> m_byThread;
};

class CommArgReader
{
public:
    explicit CommArgReader(const Trace &trace) : m_trace(trace)
    {
        for (std::size_t k = 0; k < kCommArgs; ++k)
            m_keys[k] = trace.strings.find(kCommArgNames[k]).value_or(kCommAbsentKey);
    }

    // Values of the comm arguments of `ref`; all empty when it has none.
    std::array<std::optional<ArgValue>, kCommArgs> read(EventRef ref) const
    {
        std::array<std::optional<ArgValue>, kCommArgs> values;
        const Track &track = m_trace.tracks[ref.track];
        findArgs(m_trace.argSchemas, track.argBlob, track.events[ref.index].args, m_keys, values);
        return values;
    }

    std::string text(const std::optional<ArgValue> &value) const
    {
        return value ? value->toText(m_trace.strings) : std::string();
    }

private:
    const Trace &m_trace;
    std::array<StringId, kCommArgs> m_keys{};
};

struct CommPartScope
{
    std::uint32_t firstTrack = 0, endTrack = 0;
    const SourceInfo *source = nullptr;
};

class CollectiveFactsReader
{
public:
    CollectiveFactsReader(const Trace &trace, CommPartScope scope, const std::vector<const Iteration *> &iterations)
        : m_trace(trace), m_scope(scope), m_comms(trace, scope.firstTrack, scope.endTrack), m_args(trace),
          m_classify(trace.strings)
    {
        for (const Iteration *it : iterations)
            m_facts.iterations.push_back({it->number, it->start, it->cpuTime()});
        std::sort(m_facts.iterations.begin(), m_facts.iterations.end(),
                  [](const IterationSpan &a, const IterationSpan &b) { return a.start < b.start; });
        for (ProcessGroupInfo &group : commConfiguredGroups(*scope.source))
            m_groups.emplace(group.name, std::move(group));
    }

    RankCollectiveFacts read()
    {
        for (std::uint32_t t = m_scope.firstTrack; t < m_scope.endTrack; ++t) {
            const Track &track = m_trace.tracks[t];
            if (track.kind != TrackKind::GpuStream)
                continue;
            for (std::uint32_t i = 0; i < track.events.size(); ++i) {
                const Event &e = track.events[i];
                if (e.kind == EventKind::Kernel && m_classify(e) == GpuOpClass::Communication)
                    addCall({t, i}, track);
            }
        }
        std::stable_sort(m_facts.calls.begin(), m_facts.calls.end(),
                         [](const CollectiveCall &a, const CollectiveCall &b) { return a.start < b.start; });
        for (auto &[name, group] : m_groups)
            m_facts.groups.push_back(std::move(group));
        return std::move(m_facts);
    }

private:
    void addCall(EventRef ref, const Track &track)
    {
        const Event &kernel = m_trace.event(ref);
        CollectiveCall call;
        call.event = ref;
        call.start = kernel.start;
        call.duration = kernel.duration;

        auto args = m_args.read(ref);
        const EventRef launch = launchOf(ref);
        std::vector<EventRef> ops;
        if (launch.isValid()) {
            const Event &callEvent = m_trace.event(launch);
            ops = m_comms.around(m_trace.tracks[launch.track].thread, callEvent.start);
        }
        if (!args[CollectiveName]) // older Kineto: the arguments sit on record_param_comms only
            for (const EventRef op : ops)
                if (auto opArgs = m_args.read(op); opArgs[CollectiveName]) {
                    args = opArgs;
                    break;
                }

        call.collective = canonicalCollective(m_args.text(args[CollectiveName]));
        for (const EventRef op : ops) // "nccl:all_to_all" names what the kernel does better than SendRecv
            if (call.collective.empty() && m_trace.name(op) != "record_param_comms")
                call.collective = canonicalCollective(m_trace.name(op));
        if (call.collective.empty())
            call.collective = collectiveOfKernel(m_trace.strings.view(kernel.name));
        if (call.collective.empty())
            call.collective = "unknown";

        if (args[PgName]) {
            call.group = m_args.text(args[PgName]);
            ProcessGroupInfo &group = m_groups[call.group];
            group.name = call.group;
            if (group.description.empty())
                group.description = m_args.text(args[PgDesc]);
            if (group.ranks.empty() && args[PgRanks])
                group.ranks = commRankList(m_args.text(args[PgRanks]));
            if (group.size == 0 && args[GroupSize])
                group.size = args[GroupSize]->asInt().value_or(0);
        } else {
            const std::int32_t stream = track.stream;
            const std::int64_t id = stream >= 0 ? m_trace.streams[std::size_t(stream)].streamId : -1;
            call.group = "stream " + std::to_string(id);
            call.streamGroup = true;
        }

        call.dtype = m_args.text(args[Dtype]);
        const auto in = args[InNelems] ? args[InNelems]->asInt() : std::nullopt;
        const auto out = args[OutNelems] ? args[OutNelems]->asInt() : std::nullopt;
        const auto element = dtypeBytes(call.dtype);
        if ((in || out) && element) {
            const std::int64_t nelems = std::max(in.value_or(0), out.value_or(0));
            if (nelems >= 0 && std::uint64_t(nelems) <= UINT64_MAX / *element)
                call.bytes = std::uint64_t(nelems) * *element;
        }

        call.iteration = iterationAt(launch.isValid() ? m_trace.event(launch).start : kernel.start);
        m_facts.calls.push_back(std::move(call));
    }

    EventRef launchOf(EventRef kernel) const
    {
        for (const Flow *flow : m_trace.flowsTo(kernel))
            if (flow->kind == FlowKind::Launch)
                return flow->from;
        return {};
    }

    std::int64_t iterationAt(TimeNs t) const
    {
        const auto &spans = m_facts.iterations;
        auto after = std::upper_bound(spans.begin(), spans.end(), t,
                                      [](TimeNs time, const IterationSpan &s) { return time < s.start; });
        if (after == spans.begin())
            return kNoIteration;
        const IterationSpan &span = *std::prev(after);
        return t < span.start + span.duration ? span.number : kNoIteration;
    }

    const Trace &m_trace;
    CommPartScope m_scope;
    CommOpIndex m_comms;
    CommArgReader m_args;
    GpuOpClassifier m_classify;
    std::map<std::string, ProcessGroupInfo> m_groups;
    RankCollectiveFacts m_facts;
};

std::vector<const Iteration *> commIterationsIn(const IterationTable &table, std::uint32_t first, std::uint32_t end)
{
    std::vector<const Iteration *> out;
    for (const Iteration &it : table.iterations)
        if (it.ref.track >= first && it.ref.track < end)
            out.push_back(&it);
    return out;
}

IterationTable commIterations(const Trace &trace)
{
    IterationOptions options;
    options.scope = LaunchScope::Thread; // only the steps' times are needed here
    return detectIterations(trace, options);
}

} // namespace

RankCollectiveFacts collectiveFacts(const Trace &trace, const std::string &file)
{
    const IterationTable iterations = commIterations(trace);
    const CommPartScope scope{0, std::uint32_t(trace.tracks.size()), &trace.source};
    RankCollectiveFacts facts =
        CollectiveFactsReader(trace, scope, commIterationsIn(iterations, scope.firstTrack, scope.endTrack)).read();
    const TraceLabel label = traceLabel(trace, file);
    facts.rank = label.rank;
    facts.file = label.file;
    facts.worldSize = distributedInfo(trace).worldSize;
    facts.clockOffset = epochOffset(trace);
    facts.traceStart = trace.startNs;
    return facts;
}

std::vector<RankCollectiveFacts> collectiveFactsOfParts(const Trace &merged)
{
    std::vector<RankCollectiveFacts> out;
    const IterationTable iterations = commIterations(merged);
    for (const TracePart &part : merged.parts) {
        const CommPartScope scope{part.firstTrack, part.endTrack, &part.source};
        RankCollectiveFacts facts =
            CollectiveFactsReader(merged, scope, commIterationsIn(iterations, part.firstTrack, part.endTrack)).read();
        facts.rank = part.rank;
        facts.file = part.source.path.empty() ? part.label
                                              : std::filesystem::path(part.source.path).filename().string();
        facts.worldSize = distributedInfo(part.source).worldSize;
        facts.clockOffset = 0; // already on the merged trace's common time base
        TimeNs start = merged.endNs;
        for (std::uint32_t t = part.firstTrack; t < part.endTrack; ++t)
            if (!merged.tracks[t].events.empty())
                start = std::min(start, merged.tracks[t].events.front().start);
        facts.traceStart = start;
        out.push_back(std::move(facts));
    }
    return out;
}

} // namespace tracelane
