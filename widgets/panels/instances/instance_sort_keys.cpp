#include "panels/instances/instance_sort_keys.h"

#include "trace_text.h"

#include <algorithm>
#include <numeric>
#include <string>
#include <unordered_map>

namespace tracelane {
namespace {

// Ranks of distinct values: `less` orders the values, equal ones share a rank.
template <typename Value, typename Less>
std::unordered_map<Value, std::int64_t> ranksOf(std::vector<Value> values, Less less)
{
    std::sort(values.begin(), values.end(), less);
    std::unordered_map<Value, std::int64_t> rank;
    rank.reserve(values.size());
    for (std::size_t i = 0; i < values.size(); ++i)
        rank.emplace(values[i], std::int64_t(i));
    return rank;
}

// Name ids ordered by their text: case-insensitive first, so "aten::Add" sits by "aten::add".
std::unordered_map<StringId, std::int64_t> rankNames(const Trace &trace, std::vector<StringId> ids)
{
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    std::vector<QString> texts(ids.size());
    for (std::size_t i = 0; i < ids.size(); ++i)
        texts[i] = fromView(trace.strings.view(ids[i]));
    std::vector<std::size_t> order(ids.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&texts](std::size_t a, std::size_t b) {
        const int c = texts[a].compare(texts[b], Qt::CaseInsensitive);
        return c != 0 ? c < 0 : texts[a] < texts[b];
    });
    std::unordered_map<StringId, std::int64_t> rank;
    rank.reserve(ids.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        rank.emplace(ids[order[i]], std::int64_t(i));
    return rank;
}

} // namespace

bool naturalLess(std::string_view a, std::string_view b)
{
    std::size_t i = 0, j = 0;
    auto digit = [](char c) { return c >= '0' && c <= '9'; };
    while (i < a.size() && j < b.size()) {
        if (digit(a[i]) && digit(b[j])) {
            // Compare the runs as numbers of any length: skip leading zeros, then longer is larger.
            std::size_t ie = i, je = j;
            while (ie < a.size() && digit(a[ie]))
                ++ie;
            while (je < b.size() && digit(b[je]))
                ++je;
            std::string_view x = a.substr(i, ie - i), y = b.substr(j, je - j);
            x.remove_prefix(std::min(x.find_first_not_of('0'), x.size()));
            y.remove_prefix(std::min(y.find_first_not_of('0'), y.size()));
            if (x.size() != y.size())
                return x.size() < y.size();
            if (x != y)
                return x < y;
            i = ie;
            j = je;
            continue;
        }
        if (a[i] != b[j])
            return a[i] < b[j];
        ++i;
        ++j;
    }
    return a.size() - i < b.size() - j;
}

EventRef launchingCall(const Trace &trace, EventRef ref)
{
    if (!isGpuWork(trace.event(ref).kind))
        return {};
    EventRef best;
    for (const Flow *flow : trace.flowsTo(ref)) {
        if (flow->kind == FlowKind::Launch
            && (!best.isValid() || trace.event(flow->from).start < trace.event(best).start))
            best = flow->from;
    }
    return best;
}

std::vector<std::int64_t> nameRanks(const Trace &trace, const std::vector<EventRef> &events)
{
    std::vector<StringId> ids;
    ids.reserve(events.size());
    for (EventRef ref : events)
        ids.push_back(trace.event(ref).name);
    const auto rank = rankNames(trace, ids);
    std::vector<std::int64_t> keys(events.size());
    for (std::size_t i = 0; i < events.size(); ++i)
        keys[i] = rank.at(ids[i]);
    return keys;
}

std::vector<std::int64_t> laneRanks(const std::vector<EventRef> &events, const std::vector<QString> &laneLabels)
{
    std::vector<std::uint32_t> tracks;
    for (EventRef ref : events)
        tracks.push_back(ref.track);
    std::sort(tracks.begin(), tracks.end());
    tracks.erase(std::unique(tracks.begin(), tracks.end()), tracks.end());
    const auto rank = ranksOf(std::move(tracks), [&laneLabels](std::uint32_t a, std::uint32_t b) {
        const int c = laneLabels[a].compare(laneLabels[b], Qt::CaseInsensitive);
        return c != 0 ? c < 0 : a < b;
    });
    std::vector<std::int64_t> keys(events.size());
    for (std::size_t i = 0; i < events.size(); ++i)
        keys[i] = rank.at(events[i].track);
    return keys;
}

std::vector<std::int64_t> argRanks(const Trace &trace, const std::vector<EventRef> &events, std::string_view key)
{
    const auto keyId = trace.strings.find(key);
    std::vector<std::string> texts(events.size());
    std::vector<std::string> distinct;
    if (keyId) {
        for (std::size_t i = 0; i < events.size(); ++i) {
            const Track &track = trace.tracks[events[i].track];
            const auto value = findArg(trace.argSchemas, track.argBlob, track.events[events[i].index].args, *keyId);
            if (value)
                texts[i] = value->toText(trace.strings);
        }
        distinct = texts;
        std::sort(distinct.begin(), distinct.end());
        distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
    }
    const auto rank = ranksOf(std::move(distinct), [](const std::string &a, const std::string &b) {
        return naturalLess(a, b) || (!naturalLess(b, a) && a < b);
    });
    std::vector<std::int64_t> keys(events.size(), kNoSortKey);
    for (std::size_t i = 0; i < events.size(); ++i) {
        if (!texts[i].empty())
            keys[i] = rank.at(texts[i]);
    }
    return keys;
}

std::vector<std::int64_t> launcherRanks(const Trace &trace, const std::vector<EventRef> &events)
{
    std::vector<StringId> ids(events.size(), 0);
    std::vector<StringId> present;
    for (std::size_t i = 0; i < events.size(); ++i) {
        const EventRef call = launchingCall(trace, events[i]);
        if (call.isValid()) {
            ids[i] = trace.event(call).name;
            present.push_back(ids[i]);
        }
    }
    const auto rank = rankNames(trace, std::move(present));
    std::vector<std::int64_t> keys(events.size(), kNoSortKey);
    for (std::size_t i = 0; i < events.size(); ++i) {
        if (auto it = rank.find(ids[i]); it != rank.end() && ids[i] != 0)
            keys[i] = it->second;
    }
    return keys;
}

} // namespace tracelane
