#include "snapshot_timeline.h"

#include <algorithm>
#include <numeric>

namespace tracelane {
namespace {

// Counts over stacking ranks: how many bands live above a freed one.
class Fenwick
{
public:
    explicit Fenwick(std::size_t n) : m_tree(n + 1, 0) {}
    void add(std::size_t i, int delta)
    {
        for (++i; i < m_tree.size(); i += i & (~i + 1))
            m_tree[i] += delta;
    }
    std::int64_t prefix(std::size_t i) const // ranks [0, i)
    {
        std::int64_t sum = 0;
        for (; i > 0; i -= i & (~i + 1))
            sum += m_tree[i];
        return sum;
    }

private:
    std::vector<std::int64_t> m_tree;
};

struct Change
{
    std::size_t entry;  // into the device's trace
    std::size_t rank;   // into the selected allocations
    bool alloc;
};

} // namespace

SnapshotTimeline snapshotTimeline(const MemorySnapshot &snapshot, const SnapshotAllocations &allocations,
                                  std::int32_t device, std::optional<std::int64_t> stream, std::size_t maxPieces)
{
    SnapshotTimeline timeline;
    timeline.device = device;
    timeline.stream = stream;
    const std::size_t d = std::size_t(device);
    const std::size_t entryCount = d < snapshot.deviceTraces.size() ? snapshot.deviceTraces[d].size() : 0;
    if (entryCount > 0) {
        timeline.start = snapshot.entryTime(d, 0);
        timeline.end = snapshot.entryTime(d, entryCount - 1);
    }
    std::vector<std::size_t> selected; // rank -> allocation
    for (std::size_t a = 0; a < allocations.allocations.size(); ++a) {
        const SnapshotAllocation &x = allocations.allocations[a];
        if (x.device == device && (!stream || x.stream == *stream))
            selected.push_back(a);
    }
    const std::size_t n = selected.size();
    auto sizeOf = [&](std::size_t rank) { return allocations.allocations[selected[rank]].size; };
    std::vector<Change> changes;
    std::vector<std::size_t> before; // ranks alive before the trace
    for (std::size_t r = 0; r < n; ++r) {
        const SnapshotAllocation &x = allocations.allocations[selected[r]];
        if (x.allocEntry == kNoSnapshotEntry)
            before.push_back(r);
        else
            changes.push_back({x.allocEntry, r, true});
        if (x.freeEntry != kNoSnapshotEntry)
            changes.push_back({x.freeEntry, r, false});
    }
    std::sort(changes.begin(), changes.end(), [](const Change &a, const Change &b) { return a.entry < b.entry; });

    // Which ranks get a band: the largest `drawn` of them.
    std::vector<std::size_t> bySize(n);
    std::iota(bySize.begin(), bySize.end(), std::size_t(0));
    std::stable_sort(bySize.begin(), bySize.end(), [&](std::size_t a, std::size_t b) { return sizeOf(a) > sizeOf(b); });
    std::vector<char> banded(n, 0);
    auto piecesFor = [&](std::size_t drawn) {
        std::fill(banded.begin(), banded.end(), 0);
        for (std::size_t k = 0; k < drawn; ++k)
            banded[bySize[k]] = 1;
        Fenwick live(n);
        std::uint64_t pieces = drawn;
        for (const std::size_t r : before)
            if (banded[r])
                live.add(r, 1);
        for (const Change &c : changes) {
            if (!banded[c.rank])
                continue;
            if (c.alloc) {
                live.add(c.rank, 1);
            } else {
                live.add(c.rank, -1);
                pieces += std::uint64_t(live.prefix(n) - live.prefix(c.rank + 1));
            }
        }
        return pieces;
    };
    std::size_t drawn = n;
    while (drawn > 0 && piecesFor(drawn) > maxPieces)
        drawn /= 2;
    if (drawn != n)
        piecesFor(drawn); // leaves `banded` for the chosen number
    timeline.summarizedAllocations = n - drawn;

    std::vector<std::size_t> bandOf(n, std::size_t(-1));
    for (std::size_t r = 0; r < n; ++r)
        if (banded[r]) {
            bandOf[r] = timeline.bands.size();
            timeline.bands.push_back({selected[r], {}});
        }
    std::vector<std::size_t> live; // banded ranks alive, in stacking order
    std::int64_t bandBytes = 0, otherBytes = 0;
    auto recordTotals = [&](TimeNs time) {
        timeline.peak = std::max(timeline.peak, bandBytes + otherBytes);
        if (timeline.summarizedAllocations == 0)
            return;
        if (!timeline.summarized.empty() && timeline.summarized.back().time == time)
            timeline.summarized.back() = {time, bandBytes, otherBytes};
        else
            timeline.summarized.push_back({time, bandBytes, otherBytes});
    };
    auto open = [&](std::size_t r, TimeNs time) {
        if (!banded[r]) {
            otherBytes += sizeOf(r);
            return;
        }
        timeline.bands[bandOf[r]].pieces.push_back({time, time, bandBytes});
        live.push_back(r);
        bandBytes += sizeOf(r);
    };
    auto close = [&](std::size_t r, TimeNs time) {
        const std::int64_t size = sizeOf(r);
        if (!banded[r]) {
            otherBytes -= size;
            return;
        }
        const auto at = std::lower_bound(live.begin(), live.end(), r);
        for (auto above = at + 1; above != live.end(); ++above) {
            std::vector<TimelinePiece> &pieces = timeline.bands[bandOf[*above]].pieces;
            if (pieces.back().from == time) {
                pieces.back().offset -= size;
            } else {
                pieces.back().to = time;
                pieces.push_back({time, time, pieces.back().offset - size});
            }
        }
        timeline.bands[bandOf[r]].pieces.back().to = time;
        live.erase(at);
        bandBytes -= size;
    };
    for (const std::size_t r : before)
        open(r, timeline.start);
    recordTotals(timeline.start);
    for (const Change &c : changes) {
        const TimeNs time = snapshot.entryTime(d, c.entry);
        if (c.alloc)
            open(c.rank, time);
        else
            close(c.rank, time);
        recordTotals(time);
    }
    for (const std::size_t r : live)
        timeline.bands[bandOf[r]].pieces.back().to = timeline.end;
    return timeline;
}

Table snapshotTimelineTable(const std::vector<SnapshotTimeline> &timelines, const SnapshotAllocations &allocations)
{
    Table table;
    table.columns = {"Device", "Allocation", "Address", "Size (B)", "From (ns)", "To (ns)", "Offset (B)"};
    for (const SnapshotTimeline &timeline : timelines) {
        const Cell device = Cell::text("GPU " + std::to_string(timeline.device));
        for (const TimelineBand &band : timeline.bands) {
            const SnapshotAllocation &a = allocations.allocations[band.allocation];
            for (const TimelinePiece &piece : band.pieces)
                table.rows.push_back({device, Cell::integer(std::int64_t(band.allocation)),
                                      Cell::text(snapshotAddress(a.address)), Cell::integer(a.size),
                                      Cell::integer(piece.from), Cell::integer(piece.to), Cell::integer(piece.offset)});
        }
        for (std::size_t k = 0; k < timeline.summarized.size(); ++k) {
            const SummarizedStep &step = timeline.summarized[k];
            const TimeNs to = k + 1 < timeline.summarized.size() ? timeline.summarized[k + 1].time : timeline.end;
            table.rows.push_back({device, Cell::text("others"), Cell::empty(), Cell::integer(step.size),
                                  Cell::integer(step.time), Cell::integer(to), Cell::integer(step.offset)});
        }
    }
    return table;
}

} // namespace tracelane
