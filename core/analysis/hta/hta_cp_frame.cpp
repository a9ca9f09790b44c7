#include "hta_cp_frame.h"

#include "hta_events.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <unordered_set>

namespace tracelane::htacp {
namespace {

constexpr std::uint16_t kKnown = 1 << 15;       // the name's flags are worked out
constexpr std::uint16_t kProfilerStep = 1 << 14; // ^ProfilerStep#\d+

bool contains(std::string_view text, std::string_view part) { return text.find(part) != std::string_view::npos; }

Cat catOf(std::string_view category)
{
    if (category == "cpu_op")
        return Cat::CpuOp;
    if (category == "cuda_runtime")
        return Cat::CudaRuntime;
    if (category == "cuda_driver")
        return Cat::CudaDriver;
    if (category == "user_annotation")
        return Cat::UserAnnotation;
    if (category == "cuda_sync")
        return Cat::CudaSync;
    return Cat::Other;
}

bool isGpuLane(TrackKind kind) { return kind == TrackKind::GpuStream || kind == TrackKind::GpuRanges; }

} // namespace

// Reads events as HTA's rows, with the answers HTA's name tests give cached per name.
struct Frame::Reader
{
    Frame &frame;
    std::array<StringId, 4> keys{};
    std::array<std::optional<ArgValue>, 4> values;

    // Per category: 0 not read yet, 1 not a row (no category, or "Trace"), else 2 + Cat.
    std::vector<std::uint8_t> categoryKind;

    explicit Reader(Frame &f) : frame(f), categoryKind(f.trace.categories.size() + 1, 0)
    {
        constexpr StringId kAbsent = 0xFFFFFFFFu; // a key no string has: never found
        const StringTable &s = f.trace.strings;
        keys = {s.find("stream").value_or(kAbsent), s.find("correlation").value_or(kAbsent),
                s.find("wait_on_stream").value_or(kAbsent),
                s.find("wait_on_cuda_event_record_corr_id").value_or(kAbsent)};
    }

    std::uint16_t flags(StringId name)
    {
        std::uint16_t &f = frame.m_flags[name];
        if (f & kKnown)
            return f;
        const std::string_view n = frame.trace.strings.view(name);
        f = kKnown;
        // HTA looks annotations up among its symbols: every name containing the text.
        if (contains(n, frame.m_annotation))
            f |= kAnnotation;
        static constexpr std::array<std::string_view, 12> kLaunchNames = {
            "cudaLaunchKernel", "cudaLaunchKernelExC", "cuLaunchKernel", "cuLaunchKernelEx",
            "cudaMemcpyAsync", "cudaMemsetAsync", "runFunction - job_prep_and_submit_for_execution",
            "hipLaunchKernel", "hipExtModuleLaunchKernel", "hipMemsetAsync", "hipMemcpyAsync", "hipMemcpyWithStream"};
        if (std::find(kLaunchNames.begin(), kLaunchNames.end(), n) != kLaunchNames.end())
            f |= kLaunch;
        if (n == "cudaHostAlloc" || n == "cudaLaunchKernel" || n == "cudaMemcpyAsync")
            f |= kRuntimeLock;
        static constexpr std::array<std::string_view, 6> kBlockingNames = {
            "cudaDeviceSynchronize", "cudaStreamSynchronize", "cudaEventQuery", "cudaEventSynchronize",
            "cudaMemcpy", "cudaMemcpyAsync"};
        if (std::find(kBlockingNames.begin(), kBlockingNames.end(), n) != kBlockingNames.end())
            f |= kBlocking;
        // HTA escapes the data loading patterns for this test: plain text, found anywhere.
        for (const std::string &pattern : frame.m_dataLoadEvents)
            if (contains(n, pattern))
                f |= kDataLoad;
        if (contains(n, "forward"))
            f |= kForward;
        if (contains(n, "autograd"))
            f |= kAutograd;
        if (n == "Event Sync" || n == "Context Sync")
            f |= kDeviceSync;
        if (n == "Context Sync")
            f |= kContextSync;
        if (n == "Stream Sync")
            f |= kStreamSync;
        if (n == "Stream Wait Event")
            f |= kStreamWait;
        if (n == "cudaEventRecord")
            f |= kEventRecord;
        if (n == "cudaStreamWaitEvent")
            f |= kStreamWaitCall;
        if (htaIsProfilerStep(n))
            f |= kProfilerStep;
        return f;
    }

    // The row of an event HTA parses (a span with a category other than "Trace"), unaligned.
    std::optional<Row> row(EventRef ref)
    {
        const Track &track = frame.trace.tracks[ref.track];
        const Event &e = track.events[ref.index];
        if (e.kind == EventKind::Instant || e.kind == EventKind::CounterSample || e.kind == EventKind::Async)
            return std::nullopt;
        std::uint8_t &kind = categoryKind[std::min<std::size_t>(e.category, categoryKind.size() - 1)];
        if (!kind) {
            const std::string_view category = frame.trace.category(e);
            kind = category.empty() || category == "Trace" ? 1 : static_cast<std::uint8_t>(2 + int(catOf(category)));
        }
        if (kind == 1)
            return std::nullopt;
        Row r;
        r.ref = ref;
        r.index = ref.index < track.sourceRecords.size() ? track.sourceRecords[ref.index] : kNoSourceRecord;
        r.name = e.name;
        r.cat = static_cast<Cat>(kind - 2);
        r.group = static_cast<std::int32_t>(frame.m_groupOfTrack[ref.track]);
        findArgs(frame.trace.argSchemas, track.argBlob, e.args, keys, values);
        r.stream = htaNumericArg(values[0]);
        r.correlation = htaNumericArg(values[1]);
        r.waitOnStream = htaNumericArg(values[2]);
        r.waitOnRecordCorrelation = htaNumericArg(values[3]);
        r.gpuFiltered = (r.stream >= 0 && r.correlation >= 0) || (flags(e.name) & kDeviceSync);
        const double start = htaMicroseconds(e.start);
        if (frame.rounded) {
            r.ts = std::ceil(start);
            r.dur = std::floor(start + htaMicroseconds(e.duration)) - r.ts;
        } else {
            r.ts = start;
            r.dur = htaMicroseconds(e.duration);
        }
        return r;
    }

    // What the whole-trace frame keeps: rows that can be linked, GPU rows and the annotations.
    bool heldForWholeTrace(const Row &r) { return r.gpuFiltered || r.correlation != -1 || (flags(r.name) & kAnnotation); }
};

Frame::Frame(const Trace &t, std::string_view annotation, const std::vector<std::string> &dataLoadEvents)
    : trace(t), m_annotation(annotation), m_dataLoadEvents(dataLoadEvents), m_flags(t.strings.size(), 0)
{
    if (!trace.parts.empty()) {
        error = "HTA's critical path reads one trace at a time";
        return;
    }
    rounded = htaRoundsTimes(trace);
    // (pid, tid) of each track, as the file names them.
    std::map<std::pair<std::int64_t, std::int64_t>, std::uint32_t> groupIds;
    m_groupOfTrack.resize(trace.tracks.size(), 0);
    for (std::uint32_t i = 0; i < trace.tracks.size(); ++i) {
        const Track &track = trace.tracks[i];
        PidTid id;
        if (isGpuLane(track.kind) && track.stream >= 0) {
            const Stream &s = trace.streams[track.stream];
            id = {s.device >= 0 ? trace.devices[s.device].id : 0, s.streamId};
        } else if (track.thread >= 0) {
            const Thread &th = trace.threads[track.thread];
            id = {th.process >= 0 ? trace.processes[th.process].pid : 0, th.tid};
        } else if (track.process >= 0) {
            id = {trace.processes[track.process].pid, trace.processes[track.process].pid};
        }
        auto [it, inserted] = groupIds.try_emplace({id.pid, id.tid}, static_cast<std::uint32_t>(groups.size()));
        if (inserted)
            groups.push_back(id);
        m_groupOfTrack[i] = it->second;
    }
    Reader reader(*this);
    std::vector<Row> parsed;
    parsed.reserve(trace.eventCount()); // virtual until filled: nothing is copied as it grows
    std::unordered_set<StringId> stepNames;
    double minTs = std::numeric_limits<double>::infinity();
    double latestCpuStep = -std::numeric_limits<double>::infinity();
    double earliestCpu = std::numeric_limits<double>::infinity();
    double earliestUncorrelatedCpu = std::numeric_limits<double>::infinity();
    bool anyCpu = false, anyCpuStep = false, waitCalls = false, waitEvents = false;
    for (std::uint32_t t = 0; t < trace.tracks.size() && error.empty(); ++t) {
        for (std::uint32_t i = 0; i < trace.tracks[t].events.size(); ++i) {
            std::optional<Row> r = reader.row({t, i});
            if (!r)
                continue;
            if (r->index == kNoSourceRecord) {
                error = "HTA's critical path needs each event's position in the file (a Chrome/Kineto trace)";
                break;
            }
            const std::uint16_t f = reader.flags(r->name);
            minTs = std::min(minTs, r->ts);
            anyAnnotationName |= (f & kAnnotation) != 0;
            waitCalls |= (f & kStreamWaitCall) != 0;
            waitEvents |= (f & kStreamWait) != 0;
            if (f & kProfilerStep)
                stepNames.insert(r->name);
            if (!r->gpuFiltered) {
                anyCpu = true;
                earliestCpu = std::min(earliestCpu, r->ts);
                if (r->correlation == -1)
                    earliestUncorrelatedCpu = std::min(earliestUncorrelatedCpu, r->ts);
                if (f & kProfilerStep) {
                    anyCpuStep = true;
                    latestCpuStep = std::max(latestCpuStep, r->ts);
                }
            }
            if (reader.heldForWholeTrace(*r))
                parsed.push_back(*r);
        }
    }
    if (!error.empty())
        return;
    streamWaitNames = waitCalls && waitEvents;
    m_minTs = std::isfinite(minTs) ? minTs : 0;
    // With two or more step names, HTA keeps the CPU rows that start before the last step.
    if (stepNames.size() >= 2 && anyCpu)
        m_lastStepStart = anyCpuStep ? latestCpuStep : earliestCpu;
    sortByIndex(parsed);
    std::vector<std::int64_t> correlations;
    correlations.reserve(parsed.size());
    for (const Row &r : parsed)
        if (r.correlation != -1)
            correlations.push_back(r.correlation);
    m_correlations = IntegerKeyIndex(std::move(correlations));
    for (Row &r : parsed)
        r.slot = r.correlation == -1 ? kNoSlot : *m_correlations.find(r.correlation);
    linkCorrelations(parsed);
    if (m_lastStepStart)
        dropLastStep(parsed, earliestUncorrelatedCpu < *m_lastStepStart);
    else
        rows = std::move(parsed);
    for (Row &r : rows)
        r.ts -= m_minTs;
    if (m_lastStepStart)
        *m_lastStepStart -= m_minTs;
    indexRows();
}

// HTA's transform_correlation_to_index: each CPU row with a correlation id links to
// the GPU row of that id and back; where several share one, the last in file order.
void Frame::linkCorrelations(std::vector<Row> &parsed) const
{
    std::vector<std::int64_t> lastCpu(m_correlations.size(), -1), lastGpu(m_correlations.size(), -1);
    for (const Row &r : parsed)
        if (r.slot != kNoSlot)
            (r.gpuFiltered ? lastGpu : lastCpu)[r.slot] = r.index;
    for (Row &r : parsed) {
        r.indexCorrelation = std::min<std::int64_t>(r.correlation, 0);
        if (r.slot != kNoSlot && lastCpu[r.slot] >= 0 && lastGpu[r.slot] >= 0)
            r.indexCorrelation = r.gpuFiltered ? lastCpu[r.slot] : lastGpu[r.slot];
    }
}

// Rows in HTA index order. Indexes are distinct positions in the file: placed by
// index in one pass rather than compared.
void Frame::sortByIndex(std::vector<Row> &parsed)
{
    std::uint32_t maxIndex = 0;
    for (const Row &r : parsed)
        maxIndex = std::max(maxIndex, r.index);
    std::vector<std::int32_t> at(parsed.empty() ? 0 : std::size_t(maxIndex) + 1, -1);
    for (std::uint32_t i = 0; i < parsed.size(); ++i)
        at[parsed[i].index] = static_cast<std::int32_t>(i);
    std::vector<Row> sorted;
    sorted.reserve(parsed.size());
    for (const std::int32_t i : at)
        if (i >= 0)
            sorted.push_back(parsed[i]);
    parsed = std::move(sorted);
}

// HTA's _filter_irrelevant_gpu_kernels: CPU rows before the last step's start, then
// GPU rows whose correlation id a kept CPU row has, GPU rows first (grouped by
// correlation id in order of first appearance, as pandas' inner merge leaves them).
//
// A GPU row without a correlation id (a device-wide sync) stays when some CPU row
// without one does, which only the whole trace tells: the frame holds none of them.
// HTA repeats it once per such CPU row; the copies change nothing the critical
// path reads (it never links a row without correlation id), so it is kept once.
void Frame::dropLastStep(std::vector<Row> &parsed, bool uncorrelatedKept)
{
    const double lastStart = *m_lastStepStart;
    constexpr std::uint32_t kUnseen = 0xFFFFFFFFu;
    std::vector<std::uint32_t> keptCpu(m_correlations.size(), 0);
    for (const Row &r : parsed)
        if (!r.gpuFiltered && r.ts < lastStart && r.slot != kNoSlot)
            ++keptCpu[r.slot];
    std::vector<std::uint32_t> firstSeen(m_correlations.size(), kUnseen); // rank of a correlation id among GPU rows
    std::uint32_t ranks = 0, uncorrelatedRank = kUnseen;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> gpu; // (rank of its correlation id, position)
    for (std::uint32_t i = 0; i < parsed.size(); ++i) {
        const Row &r = parsed[i];
        if (!r.gpuFiltered)
            continue;
        std::uint32_t &rank = r.slot == kNoSlot ? uncorrelatedRank : firstSeen[r.slot];
        if (rank == kUnseen)
            rank = ranks++;
        if (r.slot == kNoSlot) {
            if (uncorrelatedKept)
                gpu.push_back({rank, i});
            continue;
        }
        if (keptCpu[r.slot] == 0)
            continue;
        if (keptCpu[r.slot] > 1) {
            error = "HTA would repeat a GPU row for each of several CPU rows sharing its correlation id; not reproduced";
            return;
        }
        gpu.push_back({rank, i});
    }
    std::stable_sort(gpu.begin(), gpu.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    rows.clear();
    rows.reserve(parsed.size());
    for (const auto &[rank, i] : gpu)
        rows.push_back(parsed[i]);
    for (const Row &r : parsed)
        if (!r.gpuFiltered && r.ts < lastStart)
            rows.push_back(r);
}

void Frame::indexRows()
{
    std::uint32_t maxIndex = 0;
    for (const Row &r : rows)
        maxIndex = std::max(maxIndex, r.index);
    m_rowOfIndex.assign(rows.empty() ? 0 : std::size_t(maxIndex) + 1, -1);
    for (std::uint32_t i = 0; i < rows.size(); ++i)
        m_rowOfIndex[rows[i].index] = static_cast<std::int32_t>(i);
}

const Row *Frame::byIndex(std::int64_t index) const
{
    if (index < 0 || static_cast<std::uint64_t>(index) >= m_rowOfIndex.size() || m_rowOfIndex[index] < 0)
        return nullptr;
    return &rows[m_rowOfIndex[index]];
}

std::vector<std::uint32_t> Frame::annotationRows() const
{
    std::vector<std::uint32_t> found;
    for (std::uint32_t i = 0; i < rows.size(); ++i)
        if (has(rows[i].name, kAnnotation))
            found.push_back(i);
    return found;
}

void Frame::addWindowRows(double start, double end)
{
    Reader reader(*this);
    // Tracks are sorted by start in ns; HTA's µs are within a µs of it (rounding), plus the alignment.
    const auto toNs = [&](double us) { return static_cast<TimeNs>(std::floor((us + m_minTs) * 1000.0)); };
    const TimeNs from = toNs(start - 2), to = toNs(end + 2);
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
        const std::vector<Event> &events = trace.tracks[t].events;
        auto it = std::lower_bound(events.begin(), events.end(), from,
                                   [](const Event &e, TimeNs value) { return e.start < value; });
        for (; it != events.end() && it->start <= to; ++it) {
            std::optional<Row> r = reader.row({t, static_cast<std::uint32_t>(it - events.begin())});
            if (!r || r->index == kNoSourceRecord || r->gpuFiltered || r->correlation != -1 || r->stream != -1)
                continue;
            if (m_flags[r->name] & kAnnotation)
                continue; // held already
            r->ts -= m_minTs;
            r->indexCorrelation = -1;
            r->slot = kNoSlot;
            if (m_lastStepStart && !(r->ts < *m_lastStepStart))
                continue;
            if (r->ts < start || r->ts > end || !(r->dur > 0))
                continue;
            rows.push_back(*r);
        }
    }
    indexRows();
}

} // namespace tracelane::htacp
