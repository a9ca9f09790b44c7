#include "event_order.h"

#include "event_columns.h"

#include <algorithm>
#include <limits>
#include <optional>

namespace tracelane::sql {
namespace {

constexpr std::int64_t kNullKey = std::numeric_limits<std::int64_t>::min(); // NULL sorts first

// Kinds by the text of their names, for a real ORDER BY kind.
std::int64_t kindRank(EventKind kind)
{
    static const auto ranks = [] {
        constexpr unsigned count = static_cast<unsigned>(EventKind::Async) + 1;
        std::vector<unsigned> byName(count);
        for (unsigned k = 0; k < count; ++k)
            byName[k] = k;
        std::sort(byName.begin(), byName.end(),
                  [](unsigned a, unsigned b) { return eventKindName(EventKind(a)) < eventKindName(EventKind(b)); });
        std::vector<std::int64_t> rank(count);
        for (unsigned r = 0; r < count; ++r)
            rank[byName[r]] = r;
        return rank;
    }();
    return ranks[static_cast<unsigned>(kind)];
}

class KeyReader
{
public:
    explicit KeyReader(const TraceIndex &index)
        : m_trace(index.trace())
        , m_ranks(index.stringRanks())
    {
    }

    std::int64_t key(EventRef ref, int column) const
    {
        const Track &track = m_trace.tracks[ref.track];
        const Event &e = track.events[ref.index];
        switch (column) {
        case Id: return static_cast<std::int64_t>((std::uint64_t(ref.track) << 32) | ref.index);
        case TrackColumn: return ref.track;
        case Kind: return kindRank(e.kind);
        case Name: return e.name < m_ranks.size() ? m_ranks[e.name] : 0;
        case Ts: return e.start;
        case Dur: return e.duration;
        case End: return e.end();
        case Depth: return e.depth;
        case Correlation: return e.correlation ? std::int64_t(e.correlation) : kNullKey;
        case ThreadColumn: return track.thread >= 0 ? track.thread : kNullKey;
        case ProcessColumn: return track.process >= 0 ? track.process : kNullKey;
        case Pid:
            return track.process >= 0 && std::size_t(track.process) < m_trace.processes.size()
                       ? m_trace.processes[std::size_t(track.process)].pid
                       : kNullKey;
        case Tid:
            return track.thread >= 0 && std::size_t(track.thread) < m_trace.threads.size()
                       ? m_trace.threads[std::size_t(track.thread)].tid
                       : kNullKey;
        case Device:
        case StreamColumn: {
            if (track.stream < 0 || std::size_t(track.stream) >= m_trace.streams.size())
                return kNullKey;
            const Stream &stream = m_trace.streams[std::size_t(track.stream)];
            if (column == StreamColumn)
                return stream.streamId;
            return stream.device >= 0 && std::size_t(stream.device) < m_trace.devices.size()
                       ? m_trace.devices[std::size_t(stream.device)].id
                       : kNullKey;
        }
        default: return 0;
        }
    }

private:
    const Trace &m_trace;
    const std::vector<std::uint32_t> &m_ranks;
};

} // namespace

bool canOrderBy(int column)
{
    return column != LaunchId && column != Value && column >= Id && column <= StreamColumn;
}

std::string EventOrder::encode() const
{
    std::string text("o");
    for (const OrderTerm &term : terms)
        text += std::to_string(term.column) + (term.descending ? "-" : "+");
    return text;
}

EventOrder EventOrder::decode(const char *text)
{
    EventOrder order;
    if (!text || *text++ != 'o')
        return order;
    int column = 0;
    for (; *text; ++text) {
        if (*text >= '0' && *text <= '9') {
            column = column * 10 + (*text - '0');
        } else {
            order.terms.push_back({column, *text == '-'});
            column = 0;
        }
    }
    return order;
}

namespace {

struct Keyed
{
    std::int64_t key;
    EventRef ref;
};

// A stable counting sort when the keys span a small range (kinds, name ids,
// name ranks, tracks): linear, and rows of one key keep ascending id.
std::optional<std::vector<EventRef>> countingSort(const std::vector<Keyed> &rows, bool descending)
{
    if (rows.empty())
        return std::vector<EventRef>();
    auto [low, high] = std::minmax_element(rows.begin(), rows.end(),
                                           [](const Keyed &a, const Keyed &b) { return a.key < b.key; });
    const std::int64_t min = low->key, max = high->key;
    if (min < 0 || max - min > std::int64_t(4 * rows.size() + 1024))
        return std::nullopt;
    const std::size_t buckets = std::size_t(max - min) + 1;
    std::vector<std::size_t> start(buckets + 1, 0);
    auto bucketOf = [&](std::int64_t key) {
        const std::size_t b = std::size_t(key - min);
        return descending ? buckets - 1 - b : b;
    };
    for (const Keyed &row : rows)
        ++start[bucketOf(row.key) + 1];
    for (std::size_t b = 0; b < buckets; ++b)
        start[b + 1] += start[b];
    std::vector<EventRef> refs(rows.size());
    for (const Keyed &row : rows) // rows arrive in ascending id
        refs[start[bucketOf(row.key)]++] = row.ref;
    return refs;
}

} // namespace

std::vector<EventRef> sortedEvents(const TraceIndex &index, EventScan &scan, const EventOrder &order)
{
    const KeyReader reader(index);
    const OrderTerm first = order.terms.front();
    std::vector<Keyed> rows;
    for (; !scan.atEnd(); scan.next())
        rows.push_back({reader.key(scan.current(), first.column), scan.current()});
    if (order.terms.size() == 1)
        if (auto sorted = countingSort(rows, first.descending))
            return *sorted;
    auto before = [](std::int64_t a, std::int64_t b, bool descending) { return descending ? b < a : a < b; };
    std::sort(rows.begin(), rows.end(), [&](const Keyed &a, const Keyed &b) {
        if (a.key != b.key)
            return before(a.key, b.key, first.descending);
        for (std::size_t t = 1; t < order.terms.size(); ++t) {
            const std::int64_t ka = reader.key(a.ref, order.terms[t].column);
            const std::int64_t kb = reader.key(b.ref, order.terms[t].column);
            if (ka != kb)
                return before(ka, kb, order.terms[t].descending);
        }
        return a.ref < b.ref;
    });
    std::vector<EventRef> refs(rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i)
        refs[i] = rows[i].ref;
    return refs;
}

} // namespace tracelane::sql
