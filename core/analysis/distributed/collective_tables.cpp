#include "collective_tables.h"

#include "collective_kinds.h"

#include "model/time_math.h"

#include <algorithm>
#include <map>
#include <set>

namespace tracelane {
namespace {

struct KindTotals
{
    std::string collective;
    std::string group;
    std::size_t count = 0;
    std::uint64_t bytes = 0;
    bool anySize = false;
    TimeNs transfer = 0, wait = 0, skew = 0;
    TimeNs sizedTransfer = 0; // of the instances with a size
    double busBytes = 0.0;    // bytes x bus factor, over those
    bool busKnown = false;
    std::set<std::int64_t> participants; // rank numbers it ran on
};

// Bytes per nanosecond is GB/s; empty without a size or a time.
Cell bandwidthCell(double bytes, TimeNs time, bool known)
{
    return known && time > 0 ? Cell::fixed(bytes / double(time), 2) : Cell::empty();
}

Cell bandwidthCell(std::optional<double> bandwidth)
{
    return bandwidth ? Cell::fixed(*bandwidth, 2) : Cell::empty();
}

// Each group's recorded members as text, by name (empty when not recorded).
std::map<std::string, std::string> groupRanksTexts(const CollectiveAnalysis &analysis)
{
    std::map<std::string, std::string> texts;
    for (const ProcessGroupInfo &g : analysis.groups)
        texts.emplace(g.name, rankRangesText(g.ranks));
    return texts;
}

// The ranks it ran on, when the group's members are not recorded.
std::string participantsText(const CollectiveAnalysis &analysis, const MatchedCollective &c)
{
    std::vector<std::int64_t> numbers;
    for (const CollectiveParticipant &p : c.participants)
        if (const auto rank = analysis.ranks[p.rank].rank)
            numbers.push_back(*rank);
    return rankRangesText(std::move(numbers));
}

std::vector<Cell> collectiveCells(const std::string &collective, const std::string &group, const std::string &ranks,
                                  std::size_t count, std::optional<std::uint64_t> bytes, TimeNs transfer, TimeNs wait,
                                  TimeNs skew, Cell algorithm, Cell bus)
{
    return {Cell::text(collective),
            Cell::text(group),
            Cell::text(ranks),
            Cell::integer(std::int64_t(count)),
            bytes ? Cell::integer(std::int64_t(std::min<std::uint64_t>(*bytes, INT64_MAX))) : Cell::empty(),
            Cell::integer(transfer),
            Cell::integer(wait),
            Cell::integer(skew),
            std::move(algorithm),
            std::move(bus)};
}

const std::vector<std::string> kCollectiveColumns{"Collective",    "Process Group", "Ranks",     "Count",
                                                  "Size (B)",      "Transfer (ns)", "Wait (ns)", "Skew (ns)",
                                                  "Algorithm BW (GB/s)", "Bus BW (GB/s)"};

} // namespace

std::string rankRangesText(std::vector<std::int64_t> ranks)
{
    std::sort(ranks.begin(), ranks.end());
    ranks.erase(std::unique(ranks.begin(), ranks.end()), ranks.end());
    std::string out;
    for (std::size_t i = 0; i < ranks.size();) {
        std::size_t j = i;
        while (j + 1 < ranks.size() && ranks[j + 1] == ranks[j] + 1)
            ++j;
        out += (out.empty() ? "" : ",") + std::to_string(ranks[i]);
        if (j > i)
            out += "-" + std::to_string(ranks[j]);
        i = j + 1;
    }
    return out;
}

Table collectiveKindTable(const CollectiveAnalysis &analysis)
{
    std::map<std::pair<std::string, std::string>, KindTotals> kinds;
    for (const MatchedCollective &c : analysis.collectives) {
        KindTotals &k = kinds[{c.collective, c.group}];
        k.collective = c.collective;
        k.group = c.group;
        ++k.count;
        for (const CollectiveParticipant &p : c.participants)
            if (const auto rank = analysis.ranks[p.rank].rank)
                k.participants.insert(*rank);
        k.transfer = saturatingAdd(k.transfer, c.transfer);
        k.wait = saturatingAdd(k.wait, c.waitSum);
        k.skew = saturatingAdd(k.skew, c.skew);
        if (c.bytes) {
            k.bytes = *c.bytes > UINT64_MAX - k.bytes ? UINT64_MAX : k.bytes + *c.bytes;
            k.anySize = true;
            k.sizedTransfer = saturatingAdd(k.sizedTransfer, c.transfer);
            if (const auto factor = busBandwidthFactor(c.collective, c.groupSize)) {
                k.busBytes += double(*c.bytes) * *factor;
                k.busKnown = true;
            }
        }
    }
    std::vector<const KindTotals *> order;
    for (const auto &[key, k] : kinds)
        order.push_back(&k);
    std::stable_sort(order.begin(), order.end(), [](const KindTotals *a, const KindTotals *b) {
        return saturatingAdd(a->transfer, a->wait) > saturatingAdd(b->transfer, b->wait);
    });
    std::map<std::string, std::string> groupTexts = groupRanksTexts(analysis);
    Table table;
    table.columns = kCollectiveColumns;
    for (const KindTotals *k : order) {
        std::string ranks = groupTexts[k->group];
        if (ranks.empty()) // members not recorded: every rank that ran one
            ranks = rankRangesText({k->participants.begin(), k->participants.end()});
        table.rows.push_back(collectiveCells(k->collective, k->group, ranks, k->count,
                                             k->anySize ? std::optional<std::uint64_t>(k->bytes) : std::nullopt,
                                             k->transfer, k->wait, k->skew,
                                             bandwidthCell(double(k->bytes), k->sizedTransfer, k->anySize),
                                             bandwidthCell(k->busBytes, k->sizedTransfer, k->busKnown)));
    }
    return table;
}

Table collectiveInstanceTable(const CollectiveAnalysis &analysis)
{
    std::map<std::string, std::string> groupTexts = groupRanksTexts(analysis);
    Table table;
    table.columns = kCollectiveColumns;
    for (const char *extra : {"Iteration", "Index", "Found On", "Last Rank"})
        table.columns.push_back(extra);
    for (const MatchedCollective &c : analysis.collectives) {
        std::string ranks = groupTexts[c.group];
        if (ranks.empty())
            ranks = participantsText(analysis, c);
        std::vector<Cell> row = collectiveCells(c.collective, c.group, ranks, 1, c.bytes, c.transfer, c.waitSum,
                                                c.skew, bandwidthCell(c.algorithmBandwidth()),
                                                bandwidthCell(c.busBandwidth()));
        row.push_back(c.iteration == kNoIteration ? Cell::empty() : Cell::integer(c.iteration));
        row.push_back(Cell::integer(std::int64_t(c.ordinal)));
        row.push_back(Cell::text(std::to_string(c.participants.size()) + "/" + std::to_string(c.expected)));
        row.push_back(Cell::text(analysis.ranks[c.participants[c.lastArrival].rank].label()));
        table.rows.push_back(std::move(row));
    }
    return table;
}

Table collectiveRankTable(const CollectiveAnalysis &analysis)
{
    Table table;
    table.columns = {"Rank", "Communication (ns)", "Transfer (ns)", "Wait (ns)",        "Wait (%)",
                     "File", "Collectives",        "Last Arrivals", "Wait Caused (ns)", "Straggler"};
    for (const RankCommunication &r : analysis.ranks)
        table.rows.push_back({r.rank ? Cell::integer(*r.rank) : Cell::empty(), Cell::integer(r.communication),
                              Cell::integer(r.transfer), Cell::integer(r.wait),
                              r.communication > 0 ? Cell::percentOf(r.wait, r.communication) : Cell::empty(),
                              Cell::text(r.file), Cell::integer(std::int64_t(r.calls)),
                              Cell::integer(std::int64_t(r.lastArrivals)), Cell::integer(r.waitCaused),
                              r.straggler ? Cell::text("yes") : Cell::empty()});
    return table;
}

} // namespace tracelane
