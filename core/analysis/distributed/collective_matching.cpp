#include "collective_matching.h"

#include "collective_kinds.h"

#include "analysis/ranks/trace_label.h"
#include "model/time_math.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>
#include <unordered_map>

namespace tracelane {
namespace {

struct MatchKey
{
    std::size_t group = 0;
    std::int64_t iteration = kNoIteration;
    std::size_t ordinal = 0;
    friend auto operator<=>(const MatchKey &, const MatchKey &) = default;
};

struct GroupFacts
{
    std::string name;
    std::string display; // what tables show, when not the name
    std::string description;
    std::vector<std::int64_t> ranks;
    std::int64_t size = 0;
};

class CollectiveMatcher
{
public:
    explicit CollectiveMatcher(std::vector<RankCollectiveFacts> ranks)
    {
        std::vector<TraceLabel> labels;
        for (const RankCollectiveFacts &r : ranks)
            labels.push_back({r.rank, r.file});
        for (const std::size_t i : rankOrder(labels))
            m_ranks.push_back(std::move(ranks[i]));
        m_result.sharedClock = !m_ranks.empty() && std::all_of(m_ranks.begin(), m_ranks.end(), [](const auto &r) {
            return r.clockOffset.has_value();
        });
    }

    CollectiveAnalysis run()
    {
        for (std::size_t r = 0; r < m_ranks.size(); ++r) {
            noteGroups(m_ranks[r]);
            addRank(r);
        }
        finishCollectives();
        summariseRanks();
        for (const GroupFacts &g : m_groups)
            if (g.display.empty())
                m_result.groups.push_back({g.name, g.description, g.ranks, g.size});
        return std::move(m_result);
    }

private:
    std::size_t groupId(const std::string &name)
    {
        const auto [it, inserted] = m_groupIds.try_emplace(name, m_groups.size());
        if (inserted)
            m_groups.push_back({name, {}, {}, {}, 0});
        return it->second;
    }

    std::size_t streamGroupId(const CollectiveCall &call)
    {
        const std::size_t id = groupId(call.group + '\n' + call.collective);
        m_groups[id].display = call.group;
        return id;
    }

    void noteGroups(const RankCollectiveFacts &facts)
    {
        for (const ProcessGroupInfo &g : facts.groups) {
            GroupFacts &group = m_groups[groupId(g.name)];
            if (group.ranks.empty())
                group.ranks = g.ranks;
            if (group.description.empty())
                group.description = g.description;
            if (group.size == 0)
                group.size = g.size;
        }
    }

    TimeNs shiftOf(const RankCollectiveFacts &facts) const
    {
        return m_result.sharedClock ? *facts.clockOffset : -facts.traceStart;
    }

    void addRank(std::size_t r)
    {
        const RankCollectiveFacts &facts = m_ranks[r];
        const TimeNs shift = shiftOf(facts);
        std::map<std::pair<std::size_t, std::int64_t>, std::size_t> seen; // (group, iteration) -> calls so far
        std::set<std::size_t> groupsCalled;
        if (facts.rank)
            m_loadedRanks.insert(*facts.rank);
        for (const CollectiveCall &call : facts.calls) {
            // Kernels without a process group share their stream's "group":
            // a separate order per collective keeps groups apart (collective_facts.h).
            const std::size_t group = call.streamGroup ? streamGroupId(call) : groupId(call.group);
            if (groupsCalled.insert(group).second)
                ++m_callers[group];
            std::size_t &ordinal = seen[{group, call.iteration}];
            const MatchKey key{group, call.iteration, ordinal++};
            const auto [it, inserted] = m_index.try_emplace(key, m_pending.size());
            if (inserted)
                m_pending.push_back({key, {}});
            m_pending[it->second].calls.push_back({r, &call, saturatingAdd(call.start, shift)});
        }
    }

    struct PendingCall
    {
        std::size_t rank;
        const CollectiveCall *call;
        TimeNs start;
    };
    struct Pending
    {
        MatchKey key;
        std::vector<PendingCall> calls; // by rank (ranks are added in order)
    };

    // Loaded ranks that belong to the group: its recorded members among the
    // loaded rank numbers, else the loaded ranks that called it at all.
    std::size_t expectedRanks(std::size_t group) const
    {
        const GroupFacts &g = m_groups[group];
        const auto called = m_callers.find(group);
        const std::size_t callers = called == m_callers.end() ? 0 : called->second;
        if (g.ranks.empty() || m_loadedRanks.empty())
            return callers;
        const std::set<std::int64_t> members(g.ranks.begin(), g.ranks.end());
        std::size_t loaded = 0;
        for (const std::int64_t member : members)
            loaded += m_loadedRanks.count(member);
        return loaded;
    }

    void finishCollectives()
    {
        std::vector<std::size_t> expected;
        for (std::size_t g = 0; g < m_groups.size(); ++g)
            expected.push_back(expectedRanks(g));
        for (Pending &pending : m_pending) {
            MatchedCollective c;
            const GroupFacts &group = m_groups[pending.key.group];
            c.group = group.display.empty() ? group.name : group.display;
            c.iteration = pending.key.iteration;
            c.ordinal = pending.key.ordinal;
            c.expected = std::max(expected[pending.key.group], pending.calls.size());
            std::map<std::string, std::size_t> names;
            TimeNs firstStart = pending.calls.front().start, lastStart = firstStart;
            TimeNs firstEnd = saturatingAdd(firstStart, pending.calls.front().call->duration);
            c.transfer = pending.calls.front().call->duration;
            for (const PendingCall &p : pending.calls) {
                ++names[p.call->collective];
                c.participants.push_back({p.rank, p.start, p.call->duration, 0, p.call->event});
                if (p.call->bytes)
                    c.bytes = std::max(c.bytes.value_or(0), *p.call->bytes);
                firstStart = std::min(firstStart, p.start);
                lastStart = std::max(lastStart, p.start);
                firstEnd = std::min(firstEnd, saturatingAdd(p.start, p.call->duration));
                c.transfer = std::min(c.transfer, p.call->duration);
            }
            c.skew = saturatingSub(lastStart, firstStart);
            c.disjoint = lastStart > firstEnd;
            for (std::size_t i = 0; i < c.participants.size(); ++i) {
                CollectiveParticipant &p = c.participants[i];
                p.wait = p.duration - c.transfer;
                c.waitSum = saturatingAdd(c.waitSum, p.wait);
                if (p.duration < c.participants[c.lastArrival].duration)
                    c.lastArrival = i;
            }
            // A send on one rank and a recv on another are one exchange.
            const bool exchange = names.size() == 2 && names.count("send") && names.count("recv");
            // Else the most common name; ties to the first in name order.
            c.collective = exchange ? "send_recv"
                                    : std::max_element(names.begin(), names.end(), [](const auto &a, const auto &b) {
                                          return a.second < b.second;
                                      })->first;
            c.mixedNames = names.size() > 1 && !exchange;
            c.groupSize = group.size > 0 ? group.size
                          : !group.ranks.empty() ? std::int64_t(group.ranks.size())
                                                 : std::int64_t(c.expected);
            if (c.partial())
                ++m_result.partialCollectives;
            if (c.mixedNames)
                ++m_result.mixedCollectives;
            if (c.disjoint)
                ++m_result.disjointCollectives;
            m_result.collectives.push_back(std::move(c));
        }
        // In the order they ran: by the first rank's start, then group and position.
        std::stable_sort(m_result.collectives.begin(), m_result.collectives.end(),
                         [](const MatchedCollective &a, const MatchedCollective &b) {
                             const TimeNs sa = a.participants.front().start, sb = b.participants.front().start;
                             return std::tie(sa, a.group, a.ordinal) < std::tie(sb, b.group, b.ordinal);
                         });
        if (m_result.partialCollectives > 0)
            m_result.notes.push_back(std::to_string(m_result.partialCollectives) +
                                     " collectives were found on fewer ranks than belong to their process group");
        if (m_result.disjointCollectives > 0)
            m_result.notes.push_back(std::to_string(m_result.disjointCollectives) +
                                     " collectives ran on some ranks only after they had ended on others (not "
                                     "synchronising, or clocks that disagree): their skew and last arrival say little");
        if (m_result.mixedCollectives > 0)
            m_result.notes.push_back(std::to_string(m_result.mixedCollectives) +
                                     " collectives were named differently on different ranks");
    }

    void summariseRanks()
    {
        for (const RankCollectiveFacts &facts : m_ranks) {
            RankCommunication row;
            row.rank = facts.rank;
            row.file = facts.file;
            m_result.ranks.push_back(std::move(row));
        }
        for (const MatchedCollective &c : m_result.collectives) {
            for (const CollectiveParticipant &p : c.participants) {
                RankCommunication &row = m_result.ranks[p.rank];
                ++row.calls;
                row.communication = saturatingAdd(row.communication, p.duration);
                row.transfer = saturatingAdd(row.transfer, c.transfer);
                row.wait = saturatingAdd(row.wait, p.wait);
            }
            if (c.participants.size() < 2)
                continue;
            RankCommunication &last = m_result.ranks[c.participants[c.lastArrival].rank];
            ++last.lastArrivals;
            last.waitCaused = saturatingAdd(last.waitCaused, c.waitSum);
        }
        auto slowest = std::max_element(m_result.ranks.begin(), m_result.ranks.end(),
                                        [](const RankCommunication &a, const RankCommunication &b) {
                                            return a.waitCaused < b.waitCaused;
                                        });
        if (slowest != m_result.ranks.end() && slowest->waitCaused > 0)
            slowest->straggler = true;
    }

    std::vector<RankCollectiveFacts> m_ranks;
    std::vector<GroupFacts> m_groups;
    std::unordered_map<std::string, std::size_t> m_groupIds;
    std::map<MatchKey, std::size_t> m_index;
    std::vector<Pending> m_pending;
    std::map<std::size_t, std::size_t> m_callers; // group -> ranks that called it
    std::set<std::int64_t> m_loadedRanks;
    CollectiveAnalysis m_result;
};

} // namespace

std::optional<double> MatchedCollective::algorithmBandwidth() const
{
    if (!bytes || transfer <= 0)
        return std::nullopt;
    return double(*bytes) / double(transfer); // bytes per ns = GB/s
}

std::optional<double> MatchedCollective::busBandwidth() const
{
    const auto algorithm = algorithmBandwidth();
    const auto factor = busBandwidthFactor(collective, groupSize);
    if (!algorithm || !factor)
        return std::nullopt;
    return *algorithm * *factor;
}

std::string RankCommunication::label() const
{
    return TraceLabel{rank, file}.label();
}

CollectiveAnalysis matchCollectives(std::vector<RankCollectiveFacts> ranks)
{
    return CollectiveMatcher(std::move(ranks)).run();
}

} // namespace tracelane
