// NVTX markers of an nvprof database. A range is two rows of
// CUPTI_ACTIVITY_KIND_MARKER with the same id: flags 2 (start, carrying the
// name, domain and thread) and flags 4 (end). Flags 1 is an instant marker.
// Rows are paired by id, not by order, so a table written out of order still pairs.
#include "nvprof_reader.h"

#include "nvprof_object_id.h"

#include "model/time_math.h"

#include <unordered_map>
#include <vector>

namespace tracelane::nvprof {
namespace {

constexpr std::int64_t kInstant = 1;
constexpr std::int64_t kRangeStart = 2;
constexpr std::int64_t kRangeEnd = 4;

struct MarkerRow
{
    TimeNs time = 0;
    std::int64_t pid = 0, tid = 0;
    std::int64_t name = 0, domain = 0;
    std::int64_t row = 0; // ordinal in the table; a range's is its start row's
};

} // namespace

void Reader::readMarkers()
{
    auto q = select("CUPTI_ACTIVITY_KIND_MARKER", {"flags", "timestamp", "id", "objectKind", "objectId", "name", "domain"},
                    3);
    if (!q)
        return;
    std::unordered_map<std::int64_t, MarkerRow> starts;
    std::vector<std::pair<std::int64_t, TimeNs>> ends; // id, time
    std::vector<MarkerRow> instants;
    std::uint64_t otherFlags = 0, noThread = 0;
    std::int64_t rowNumber = 0;
    while (q->step()) {
        const std::int64_t flags = q->int64(0);
        MarkerRow row;
        row.time = q->int64(1);
        row.row = rowNumber++;
        const std::string_view blob = q->text(4);
        const auto pid = objectIdField(blob, 0);
        const auto tid = objectIdField(blob, 1);
        const auto kind = static_cast<ObjectKind>(q->int64(3));
        if (pid && (kind == ObjectKind::Thread || kind == ObjectKind::Process)) {
            row.pid = *pid;
            row.tid = kind == ObjectKind::Thread && tid ? *tid : 0;
        } else if (flags != kRangeEnd) {
            ++noThread;
        }
        row.name = q->int64(5);
        row.domain = q->int64(6);
        if (flags == kRangeStart)
            starts[q->int64(2)] = row;
        else if (flags == kRangeEnd)
            ends.emplace_back(q->int64(2), row.time);
        else if (flags == kInstant)
            instants.push_back(row);
        else
            ++otherFlags;
        rowDone();
    }

    const StringId nvtxTrackName = m_builder.intern("NVTX");
    auto place = [&](const MarkerRow &row, TimeNs end, EventKind kind) {
        // String id 0 is nvprof's placeholder for "no string" ("-- null --").
        const StringId domain = row.domain > 0 ? stringAt(row.domain) : 0;
        const std::uint32_t track = m_builder.threadTrack(threadOf(row.pid, row.tid), TrackKind::ThreadRanges, domain);
        if (domain == 0)
            m_builder.trackAt(track).name = nvtxTrackName;
        Event e;
        e.start = row.time;
        e.duration = saturatingSub(end, row.time);
        e.name = row.name > 0 ? stringAt(row.name) : 0;
        e.kind = kind;
        m_builder.addEvent(track, e, row.row);
    };
    std::uint64_t endWithoutStart = 0, endBeforeStart = 0;
    for (const auto &[id, time] : ends) {
        const auto start = starts.find(id);
        if (start == starts.end()) {
            ++endWithoutStart;
            continue;
        }
        if (time < start->second.time)
            ++endBeforeStart;
        else
            place(start->second, time, EventKind::Range);
        starts.erase(start);
    }
    for (const MarkerRow &row : instants)
        place(row, row.time, EventKind::Instant);

    Diagnostics &d = m_builder.diagnostics();
    if (!starts.empty())
        d.add("nvprof-marker-without-end", "NVTX ranges that never ended were left out", {}, starts.size());
    if (endWithoutStart)
        d.add("nvprof-marker-without-start", "NVTX range ends without a start were skipped", {}, endWithoutStart);
    if (endBeforeStart)
        d.add("nvprof-marker-end-before-start", "NVTX ranges ending before they start were skipped", {},
              endBeforeStart);
    if (otherFlags)
        d.add("nvprof-marker-other", "markers of other kinds (synchronization markers) were skipped", {}, otherFlags);
    if (noThread)
        d.add("nvprof-marker-no-thread", "markers without a process or thread were placed on process 0", {},
              noThread);
}

} // namespace tracelane::nvprof
