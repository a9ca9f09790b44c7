#include "hta_cp_launches.h"

#include "hta_numpy_sort.h"

#include <algorithm>
#include <limits>
#include <map>
#include <tuple>
#include <unordered_set>

namespace tracelane::htacp {
namespace {

// One row of HTA's table of launch calls (_get_cuda_runtime_calls_df): sorted by
// time, each joined with the GPU row it launched; the position is its launch id.
struct LaunchCall
{
    std::uint32_t row = 0;
    std::int64_t stream = -1; // the launched GPU row's stream
    std::int64_t gpu = 0;     // the launched GPU row's pid
};

// The launches onto a stream, in numpy's time order; `order` holds positions into
// `rows` (the frame's row positions), sorted as numpy sorts their times.
std::vector<std::uint32_t> numpyOrderOf(const Frame &frame, const std::vector<std::uint32_t> &rows)
{
    std::vector<double> ts(rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i)
        ts[i] = frame.rows[rows[i]].ts;
    std::vector<std::uint32_t> sorted;
    sorted.reserve(rows.size());
    for (const std::uint32_t k : numpyQuicksortOrder(ts))
        sorted.push_back(rows[k]);
    return sorted;
}

bool isLinkedGpuRow(const Row *r) { return r && r->stream != -1 && r->indexCorrelation > 0; }

std::vector<LaunchCall> launchCalls(const Frame &frame)
{
    std::vector<std::uint32_t> calls;
    for (std::uint32_t i = 0; i < frame.rows.size(); ++i)
        if (frame.has(frame.rows[i].name, kLaunch) && frame.rows[i].indexCorrelation > 0)
            calls.push_back(i);
    std::vector<LaunchCall> out;
    for (const std::uint32_t row : numpyOrderOf(frame, calls)) {
        const Row *gpu = frame.byIndex(frame.rows[row].indexCorrelation);
        if (isLinkedGpuRow(gpu))
            out.push_back({row, gpu->stream, frame.groups[gpu->group].pid});
    }
    return out;
}

// TraceCounters._get_queue_length_time_series_for_rank: +1 at each launch call
// (on the stream of every GPU row of its correlation id), -1 at each GPU row
// that a launch call has the correlation id of, summed per stream in time order.
void queueLengths(const Frame &frame, Launches &out)
{
    const std::vector<Row> &rows = frame.rows;
    // The GPU rows of each correlation id, in frame order (by slot, as offsets into one array).
    std::vector<std::uint32_t> firstGpu(frame.correlationSlots() + 1, 0);
    for (const Row &r : rows)
        if (r.stream != -1 && r.slot != kNoSlot)
            ++firstGpu[r.slot + 1];
    for (std::size_t k = 1; k < firstGpu.size(); ++k)
        firstGpu[k] += firstGpu[k - 1];
    std::vector<std::uint32_t> gpuRows(firstGpu.back());
    {
        std::vector<std::uint32_t> filled(firstGpu.begin(), firstGpu.end() - 1);
        for (std::uint32_t i = 0; i < rows.size(); ++i)
            if (rows[i].stream != -1 && rows[i].slot != kNoSlot)
                gpuRows[filled[rows[i].slot]++] = i;
    }
    struct Entry
    {
        std::uint32_t row;
        std::optional<std::int64_t> stream;
        int delta;
    };
    std::vector<Entry> entries;
    std::vector<std::uint8_t> launched(frame.correlationSlots(), 0);
    for (std::uint32_t i = 0; i < rows.size(); ++i) {
        const Row &r = rows[i];
        if (!frame.has(r.name, kLaunch) || r.indexCorrelation <= 0 || r.slot == kNoSlot)
            continue;
        launched[r.slot] = 1;
        if (firstGpu[r.slot] == firstGpu[r.slot + 1])
            entries.push_back({i, std::nullopt, 1});
        else
            for (std::uint32_t g = firstGpu[r.slot]; g < firstGpu[r.slot + 1]; ++g)
                entries.push_back({i, rows[gpuRows[g]].stream, 1});
    }
    const std::size_t callEntries = entries.size();
    for (std::uint32_t i = 0; i < rows.size(); ++i)
        if (rows[i].stream != -1 && rows[i].slot != kNoSlot && launched[rows[i].slot])
            entries.push_back({i, rows[i].stream, -1});
    if (entries.size() - callEntries != callEntries) {
        out.error = "HTA 0.6 fails: its queue length needs exactly one GPU row per launch call "
                    "(AssertionError in TraceCounters)";
        return;
    }
    std::vector<double> ts(entries.size());
    for (std::size_t i = 0; i < entries.size(); ++i)
        ts[i] = rows[entries[i].row].ts;
    std::unordered_map<std::int64_t, std::int64_t> length;
    out.queueLength.assign(rows.size(), std::nullopt);
    for (const std::uint32_t k : numpyQuicksortOrder(ts)) {
        const Entry &e = entries[k];
        if (!e.stream)
            continue; // a call that launched nothing the trace holds: pandas groups drop it
        std::optional<std::int64_t> &q = out.queueLength[e.row];
        if (q) {
            out.error = "HTA would count a launch call once per GPU row of its correlation id; not reproduced";
            return;
        }
        q = (length[*e.stream] += e.delta);
    }
}

// _get_cuda_event_record_df: for each cudaEventRecord that a sync row waits on, the
// last launch onto the recorded stream (of the waiting GPU) before it, in numpy's
// time order of launches and records together.
void launchesBeforeRecords(const Frame &frame, const std::vector<LaunchCall> &calls, Launches &out)
{
    const std::vector<Row> &rows = frame.rows;
    std::map<std::int64_t, std::pair<std::int64_t, std::int64_t>> recordedOn; // correlation -> (stream, gpu)
    for (const Row &r : rows) {
        if (r.waitOnStream <= -1)
            continue;
        const std::pair<std::int64_t, std::int64_t> on{r.waitOnStream, frame.groups[r.group].pid};
        const auto [it, inserted] = recordedOn.try_emplace(r.waitOnRecordCorrelation, on);
        if (!inserted && it->second != on) {
            out.error = "HTA 0.6 fails: one cudaEventRecord is waited on for two streams (pandas MergeError)";
            return;
        }
    }
    std::vector<std::uint32_t> records;
    for (std::uint32_t i = 0; i < rows.size(); ++i)
        if (frame.has(rows[i].name, kEventRecord))
            records.push_back(i);
    records = numpyOrderOf(frame, records);
    std::unordered_set<std::int64_t> seen;
    std::vector<std::uint32_t> waited;
    for (const std::uint32_t r : records) {
        if (!seen.insert(rows[r].correlation).second) {
            out.error = "HTA 0.6 fails: two cudaEventRecord calls share a correlation id (pandas MergeError)";
            return;
        }
        if (recordedOn.count(rows[r].correlation))
            waited.push_back(r);
    }
    if (waited.empty())
        return; // HTA's table is None
    // Launches, then records, sorted together by time; each record takes the greatest
    // launch id seen so far among those of its (gpu, stream).
    std::vector<double> ts;
    for (const LaunchCall &c : calls)
        ts.push_back(rows[c.row].ts);
    for (const std::uint32_t r : waited)
        ts.push_back(rows[r].ts);
    std::map<std::pair<std::int64_t, std::int64_t>, std::int64_t> latest; // (gpu, stream) -> launch id
    auto &found = out.launchBeforeRecord.emplace();
    for (const std::uint32_t k : numpyQuicksortOrder(ts)) {
        if (k < calls.size()) {
            std::int64_t &id = latest.try_emplace({calls[k].gpu, calls[k].stream}, -1).first->second;
            id = std::max<std::int64_t>(id, k);
        } else {
            const Row &record = rows[waited[k - calls.size()]];
            const auto &[stream, gpu] = recordedOn.at(record.correlation);
            const auto it = latest.find({gpu, stream});
            const std::int64_t id = it == latest.end() ? -1 : it->second;
            found[record.correlation] = id < 0 ? -1 : rows[calls[id].row].index;
        }
    }
}

// _get_cuda_stream_wait_event_df: for each cudaStreamWaitEvent call linked to a GPU
// Stream Wait Event, the first launch at or after it from the same (pid, tid) onto
// the waiting stream, in numpy's time order of launches and waits together.
void launchesAfterWaits(const Frame &frame, const std::vector<LaunchCall> &calls, Launches &out)
{
    if (!frame.streamWaitNames)
        return; // HTA's table is None
    const std::vector<Row> &rows = frame.rows;
    std::vector<std::uint32_t> waits;
    for (std::uint32_t i = 0; i < rows.size(); ++i)
        if (frame.has(rows[i].name, kStreamWaitCall) && rows[i].indexCorrelation > 0)
            waits.push_back(i);
    struct Wait
    {
        std::uint32_t row;
        std::int64_t stream;
    };
    std::vector<Wait> linked;
    for (const std::uint32_t w : numpyOrderOf(frame, waits)) {
        const Row *gpu = frame.byIndex(rows[w].indexCorrelation);
        if (isLinkedGpuRow(gpu))
            linked.push_back({w, gpu->stream});
    }
    if (linked.empty()) {
        out.error = "HTA 0.6 fails: no cudaStreamWaitEvent call is linked to a GPU row (pandas: No objects to "
                    "concatenate)";
        return;
    }
    using Key = std::tuple<std::int64_t, std::int64_t, std::int64_t>; // pid, tid, stream
    const auto keyOf = [&](std::uint32_t row, std::int64_t stream) {
        const PidTid &g = frame.groups[rows[row].group];
        return Key{g.pid, g.tid, stream};
    };
    std::map<Key, std::vector<std::uint32_t>> perKey; // positions into the joint order
    for (const Wait &w : linked)
        perKey[keyOf(w.row, w.stream)];
    std::vector<double> ts;
    for (const LaunchCall &c : calls)
        ts.push_back(rows[c.row].ts);
    for (const Wait &w : linked)
        ts.push_back(rows[w.row].ts);
    for (const std::uint32_t k : numpyQuicksortOrder(ts)) {
        const Key key = k < calls.size() ? keyOf(calls[k].row, calls[k].stream)
                                         : keyOf(linked[k - calls.size()].row, linked[k - calls.size()].stream);
        if (auto it = perKey.find(key); it != perKey.end())
            it->second.push_back(k);
    }
    auto &found = out.launchAfterWait.emplace();
    for (const auto &[key, order] : perKey) {
        // The smallest launch id at or after each position (waits count as none).
        constexpr std::int64_t kNone = std::numeric_limits<std::int64_t>::max();
        std::int64_t next = kNone;
        for (auto it = order.rbegin(); it != order.rend(); ++it) {
            if (*it < calls.size())
                next = std::min<std::int64_t>(next, *it);
            else {
                const Row &wait = rows[linked[*it - calls.size()].row];
                found[wait.index] = next == kNone ? -1 : rows[calls[next].row].index;
            }
        }
    }
}

} // namespace

Launches launches(const Frame &frame)
{
    Launches out;
    queueLengths(frame, out);
    if (!out.error.empty())
        return out;
    const std::vector<LaunchCall> calls = launchCalls(frame);
    launchesBeforeRecords(frame, calls, out);
    if (!out.error.empty())
        return out;
    launchesAfterWaits(frame, calls, out);
    return out;
}

} // namespace tracelane::htacp
