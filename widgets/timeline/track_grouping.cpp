#include "timeline/track_grouping.h"

#include "timeline/efficiency_lanes.h"

#include <QFileInfo>

#include <algorithm>
#include <limits>
#include <map>
#include <tuple>

namespace tracelane {
namespace {

QString text(const Trace &trace, StringId id)
{
    const std::string_view v = trace.strings.view(id);
    return QString::fromUtf8(v.data(), qsizetype(v.size()));
}

// Within a thread: annotations on top (they enclose the ops), then ops, then API calls.
int threadTrackRank(TrackKind kind)
{
    switch (kind) {
    case TrackKind::ThreadRanges: return 0;
    case TrackKind::CpuThread: return 1;
    case TrackKind::ThreadApi: return 2;
    default: return 3;
    }
}

// A stream's GPU ordinal; -1 for a stream of no known device.
std::int32_t gpuOrdinal(const Trace &trace, std::int32_t stream)
{
    const std::int32_t device = trace.streams[std::size_t(stream)].device;
    return device >= 0 ? trace.devices[std::size_t(device)].id : -1;
}

void addTrack(TrackLayout &layout, int parent, const Trace &trace, std::uint32_t t)
{
    const Track &track = trace.tracks[t];
    const LaneKind lane = track.kind == TrackKind::Counter ? LaneKind::Counter : LaneKind::Events;
    layout.addTrack(parent, TrackGrouping::trackLabel(trace, t), std::int32_t(t), track.maxDepth + 1, lane);
}

} // namespace

// Named pseudo-processes and their threads ("Spans", "PyTorch Profiler") get
// negative synthetic ids: show only their names. Names that already contain the
// id ("thread 858 (python3)") get no second copy.
QString TrackGrouping::processLabel(const Trace &trace, std::int32_t process)
{
    const Process &p = trace.processes[std::size_t(process)];
    const QString name = text(trace, p.name);
    QString label;
    if (name.isEmpty())
        label = tr("Process %1").arg(p.pid);
    else if (p.pid < 0 || name.contains(QString::number(p.pid)))
        label = name;
    else
        label = tr("%1 (%2)").arg(name).arg(p.pid);
    if (p.label)
        label = tr("%1 · %2").arg(label, text(trace, p.label));
    return label;
}

QString TrackGrouping::threadLabel(const Trace &trace, std::int32_t thread)
{
    const Thread &t = trace.threads[std::size_t(thread)];
    const QString name = text(trace, t.name);
    if (name.isEmpty())
        return t.tid < 0 ? tr("Thread") : tr("Thread %1").arg(t.tid);
    if (t.tid < 0 || name.contains(QString::number(t.tid)))
        return name;
    return tr("%1 (%2)").arg(name).arg(t.tid);
}

QString TrackGrouping::gpuLabel(const Trace &trace, std::int32_t device)
{
    if (device < 0)
        return tr("GPU");
    const GpuDevice &d = trace.devices[std::size_t(device)];
    return d.name ? tr("GPU %1 · %2").arg(d.id).arg(text(trace, d.name)) : tr("GPU %1").arg(d.id);
}

QString TrackGrouping::trackLabel(const Trace &trace, std::uint32_t t)
{
    const Track &track = trace.tracks[t];
    // The core names its own lanes in English; the file's names stay as written.
    if (track.kind == TrackKind::CpuThread) // a snapshot's allocator lanes hold its events, no ops
        return trace.memorySnapshot ? tr("Allocator events") : tr("CPU ops");
    if (track.kind == TrackKind::ThreadRanges && !track.domain)
        return tr("Ranges");
    if (track.kind == TrackKind::GpuRanges && track.stream >= 0)
        return tr("Stream %1 annotations").arg(trace.streams[std::size_t(track.stream)].streamId);
    const QString name = text(trace, track.name);
    if (track.derived && track.counterUnit == CounterUnit::Bytes)
        return memoryCounterLabel(name);
    if (track.kind == TrackKind::Instants && name == u"Global instants")
        return tr("Global instants");
    if (track.kind == TrackKind::Instants && name == u"Instants")
        return tr("Instants");
    return name;
}

// The memory counters' names (memory_counters.h): "Allocated" in a GPU's
// group, "CPU allocated" in a process's.
QString TrackGrouping::memoryCounterLabel(const QString &name)
{
    if (name == u"Allocated")
        return tr("Allocated");
    if (name == u"Reserved")
        return tr("Reserved");
    if (name == u"CPU allocated")
        return tr("CPU allocated");
    if (name == u"CPU reserved")
        return tr("CPU reserved");
    return name;
}

QString TrackGrouping::trackPath(const Trace &trace, std::uint32_t t)
{
    const Track &track = trace.tracks[t];
    QStringList parts;
    if (track.stream >= 0) {
        parts << gpuLabel(trace, trace.streams[std::size_t(track.stream)].device);
    } else if (track.device >= 0) {
        parts << gpuLabel(trace, track.device);
    } else {
        if (track.process >= 0)
            parts << processLabel(trace, track.process);
        if (track.thread >= 0)
            parts << threadLabel(trace, track.thread);
    }
    parts << trackLabel(trace, t);
    if (const TracePart *part = trace.partOfTrack(t))
        parts.prepend(partLabel(*part));
    return parts.join(QStringLiteral(" › "));
}

void TrackGrouping::addQueueDepthLanes(TrackLayout &layout, const EfficiencyLanes &lanes)
{
    for (std::uint32_t track : lanes.queueTracks()) {
        const int stream = layout.nodeOfTrack(std::int32_t(track));
        if (stream >= 0)
            layout.addQueueDepthLane(stream, tr("Queue depth"));
    }
}

// Several traces merged into one: a group per trace, in rank order, each
// arranged as if it were alone.
TrackLayout TrackGrouping::arrange(const Trace &trace)
{
    TrackLayout layout;
    if (trace.parts.size() < 2) {
        arrangeTracks(layout, -1, trace, 0, std::uint32_t(trace.tracks.size()));
        return layout;
    }
    for (const TracePart &part : trace.parts)
        arrangeTracks(layout, layout.addGroup(-1, partLabel(part)), trace, part.firstTrack, part.endTrack);
    return layout;
}

QString TrackGrouping::partLabel(const TracePart &part)
{
    const QString file = QFileInfo(QString::fromStdString(part.source.path)).fileName();
    return part.rank ? tr("Rank %1 · %2").arg(*part.rank).arg(file) : file;
}

void TrackGrouping::arrangeTracks(TrackLayout &layout, int parent, const Trace &trace, std::uint32_t firstTrack,
                                  std::uint32_t endTrack)
{
    // Bucket non-empty tracks by owner, each bucket sorted by its natural key.
    std::map<std::int32_t, std::vector<std::uint32_t>> byThread, byProcess, byStream, byDevice;
    std::vector<std::uint32_t> others;
    for (std::uint32_t t = firstTrack; t < endTrack; ++t) {
        const Track &track = trace.tracks[t];
        if (track.events.empty())
            continue;
        if (track.stream >= 0)
            byStream[track.stream].push_back(t);
        else if (track.device >= 0)
            byDevice[track.device].push_back(t);
        else if (track.thread >= 0)
            byThread[track.thread].push_back(t);
        else if (track.process >= 0)
            byProcess[track.process].push_back(t);
        else
            others.push_back(t);
    }

    // Only the processes owning these tracks: a window of many traces arranges
    // each from its own tracks, never from every process of every trace.
    std::map<std::int32_t, std::vector<std::int32_t>> threadsOfProcess;
    for (const auto &[thread, tracks] : byThread)
        threadsOfProcess[trace.threads[std::size_t(thread)].process].push_back(thread);
    std::vector<std::int32_t> processes;
    for (const auto &[p, threads] : threadsOfProcess)
        if (p >= 0)
            processes.push_back(p);
    for (const auto &[p, tracks] : byProcess)
        if (!threadsOfProcess.count(p))
            processes.push_back(p);
    std::sort(processes.begin(), processes.end(), [&trace](std::int32_t a, std::int32_t b) {
        const Process &pa = trace.processes[std::size_t(a)], &pb = trace.processes[std::size_t(b)];
        return std::tie(pa.sortIndex, pa.pid, a) < std::tie(pb.sortIndex, pb.pid, b);
    });
    auto addProcess = [&](std::int32_t p) {
        std::vector<std::int32_t> threads;
        if (const auto it = threadsOfProcess.find(p); it != threadsOfProcess.end())
            threads = it->second;
        const auto own = byProcess.find(p);
        if (threads.empty() && own == byProcess.end())
            return;
        std::sort(threads.begin(), threads.end(), [&trace](std::int32_t a, std::int32_t b) {
            const Thread &ta = trace.threads[std::size_t(a)], &tb = trace.threads[std::size_t(b)];
            return std::tie(ta.sortIndex, ta.tid) < std::tie(tb.sortIndex, tb.tid);
        });
        const int group = layout.addGroup(parent, processLabel(trace, p));
        for (std::int32_t thread : threads) {
            std::vector<std::uint32_t> tracks = byThread[thread];
            std::stable_sort(tracks.begin(), tracks.end(), [&trace](std::uint32_t a, std::uint32_t b) {
                return threadTrackRank(trace.tracks[a].kind) < threadTrackRank(trace.tracks[b].kind);
            });
            const int threadGroup = layout.addGroup(group, threadLabel(trace, thread));
            for (std::uint32_t t : tracks)
                addTrack(layout, threadGroup, trace, t);
        }
        if (own != byProcess.end()) {
            std::vector<std::uint32_t> tracks = own->second;
            std::stable_sort(tracks.begin(), tracks.end(), [&trace](std::uint32_t a, std::uint32_t b) {
                const Track &ta = trace.tracks[a], &tb = trace.tracks[b];
                return std::make_tuple(ta.kind, trace.strings.view(ta.name))
                       < std::make_tuple(tb.kind, trace.strings.view(tb.name));
            });
            for (std::uint32_t t : tracks)
                addTrack(layout, group, trace, t);
        }
    };
    // Real processes first, then the GPUs, then named pseudo-processes (negative pids).
    for (std::int32_t p : processes)
        if (trace.processes[std::size_t(p)].pid >= 0)
            addProcess(p);

    // GPUs by ordinal, streams by id, annotations above each stream's work.
    std::map<std::pair<std::int32_t, std::int64_t>, std::vector<std::uint32_t>> gpuTracks;
    for (const auto &[stream, tracks] : byStream)
        for (std::uint32_t t : tracks)
            gpuTracks[{gpuOrdinal(trace, stream), trace.streams[std::size_t(stream)].streamId}].push_back(t);
    // Per GPU, by ordinal: its own counters (its memory), then its streams.
    std::map<std::int32_t, std::int32_t> deviceOfOrdinal;
    for (const auto &[device, tracks] : byDevice)
        deviceOfOrdinal.emplace(trace.devices[std::size_t(device)].id, device);
    for (const auto &[stream, tracks] : byStream)
        deviceOfOrdinal.emplace(gpuOrdinal(trace, stream), trace.streams[std::size_t(stream)].device);
    for (const auto &[ordinal, device] : deviceOfOrdinal) {
        const int group = layout.addGroup(parent, gpuLabel(trace, device));
        if (const auto own = byDevice.find(device); own != byDevice.end())
            for (std::uint32_t t : own->second)
                addTrack(layout, group, trace, t);
        for (auto it = gpuTracks.lower_bound({ordinal, std::numeric_limits<std::int64_t>::min()});
             it != gpuTracks.end() && it->first.first == ordinal; ++it) {
            std::vector<std::uint32_t> &tracks = it->second;
            std::stable_sort(tracks.begin(), tracks.end(), [&trace](std::uint32_t a, std::uint32_t b) {
                return (trace.tracks[a].kind == TrackKind::GpuRanges) > (trace.tracks[b].kind == TrackKind::GpuRanges);
            });
            for (std::uint32_t t : tracks)
                addTrack(layout, group, trace, t);
        }
    }

    for (std::int32_t p : processes)
        if (trace.processes[std::size_t(p)].pid < 0)
            addProcess(p);

    if (!others.empty()) {
        const int group = layout.addGroup(parent, tr("Other"));
        for (std::uint32_t t : others)
            addTrack(layout, group, trace, t);
    }
}

} // namespace tracelane
