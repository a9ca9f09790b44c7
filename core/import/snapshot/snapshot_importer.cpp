#include "snapshot_importer.h"

#include "memory_snapshot.h"
#include "pickle_reader.h"

#include "import/byte_source.h"
#include "import/import_error.h"

namespace tracelane {
namespace {

// The events of one device's trace, on the lane "GPU N allocator".
class DeviceLane
{
public:
    DeviceLane(TraceBuilder &builder, const MemorySnapshot &snapshot, std::int32_t process, std::size_t device)
        : m_builder(builder), m_snapshot(snapshot), m_device(device)
    {
        const std::int32_t thread = builder.thread(process, std::int64_t(device));
        builder.threadAt(thread).name = builder.intern("GPU " + std::to_string(device) + " allocator");
        builder.threadAt(thread).sortIndex = std::int64_t(device);
        m_track = builder.threadTrack(thread, TrackKind::CpuThread);
    }

    // `record` numbers the entry across all devices (Track::sourceRecords).
    void addAll(std::uint64_t firstRecord, ImportControl &control)
    {
        const SnapshotTotals totals = snapshotTotals(m_snapshot, m_device);
        if (totals.inferredNegative)
            m_builder.diagnostics().add("snapshot-inconsistent-totals",
                                        "devices whose memory before the trace, inferred from the segments at the "
                                        "snapshot, comes out negative (taken as 0)",
                                        "GPU " + std::to_string(m_device));
        const std::vector<SnapshotEntry> &entries = m_snapshot.deviceTraces[m_device];
        for (std::size_t k = 0; k < entries.size(); ++k) {
            add(entries[k], k, totals.allocated[k], totals.reserved[k], firstRecord + k);
            if ((k & 0xFFF) == 0 && control.isCancelled())
                throw ImportCancelled();
        }
    }

private:
    StringId key(const char *name) { return m_builder.intern(name); }
    void addInt(const char *name, std::int64_t value) { m_builder.args().add(key(name), ArgValue::ofInt(value)); }

    void add(const SnapshotEntry &e, std::size_t index, std::int64_t allocated, std::int64_t reserved,
             std::uint64_t record)
    {
        const bool memory = e.action == SnapshotAction::Alloc || e.action == SnapshotAction::FreeCompleted;
        Event event;
        event.start = m_snapshot.entryTime(m_device, index);
        event.kind = EventKind::Instant;
        event.name = m_builder.internName(memory ? std::string_view("[memory]")
                                          : e.action == SnapshotAction::Oom ? std::string_view("OOM")
                                                                            : snapshotActionName(e.action));
        addInt("Bytes", e.action == SnapshotAction::FreeCompleted ? -e.size : e.size);
        addInt("Addr", std::int64_t(e.address));
        addInt("Device Type", 1);
        addInt("Device Id", std::int64_t(m_device));
        addInt("Total Allocated", allocated);
        addInt("Total Reserved", reserved);
        addInt("Stream", e.stream);
        if (e.deviceFree)
            addInt("Device Free", *e.deviceFree);
        if (e.stack != 0)
            m_builder.args().add(key("Stack"), ArgValue::ofString(m_builder.intern(m_snapshot.stackText(e.stack))));
        m_builder.addEvent(m_track, event, std::int64_t(record));
    }

    TraceBuilder &m_builder;
    const MemorySnapshot &m_snapshot;
    std::size_t m_device;
    std::uint32_t m_track = 0;
};

std::string readWhole(const std::string &path, ImportControl &control)
{
    ByteSource source(path);
    std::string data;
    char buffer[1 << 16];
    while (const std::size_t n = source.read(buffer, sizeof(buffer))) {
        data.append(buffer, n);
        if (data.size() > SnapshotImporter::kMaxBytes)
            throw ImportError("'" + path + "' is larger than " + std::to_string(SnapshotImporter::kMaxBytes >> 20)
                              + " MiB; memory snapshots are read whole and this one is too large");
        if (control.isCancelled())
            throw ImportCancelled();
        control.progress(source.fileBytesRead(), source.fileBytes());
    }
    return data;
}

} // namespace

int SnapshotImporter::sniff(const ContentProbe &probe) const
{
    const std::string &head = probe.head;
    if (probe.sqlite || head.size() < 3 || std::uint8_t(head[0]) != 0x80 || head[1] < 2 || head[1] > 4)
        return 0;
    // The keys are pickled as SHORT_BINUNICODE (0x8c, length) or BINUNICODE.
    const bool keys = head.find("segments") != std::string::npos || head.find("device_traces") != std::string::npos;
    return keys ? 90 : 0;
}

void SnapshotImporter::import(const ContentProbe &probe, TraceBuilder &builder, ImportControl &control) const
{
    std::shared_ptr<MemorySnapshot> snapshot;
    {
        std::string data = readWhole(probe.path, control);
        snapshot::PickleRef root;
        try {
            root = snapshot::readPickle(data);
        } catch (const snapshot::PickleError &e) {
            throw ImportError("'" + probe.path + "' cannot be read as a PyTorch memory snapshot: " + e.what());
        }
        const std::uint64_t bytes = data.size();
        std::string().swap(data);
        if (control.isCancelled())
            throw ImportCancelled();
        try {
            // Each record visited at most 16 times per byte of the file, plus room for small files.
            const std::uint64_t budget = 16 * bytes + (16ull << 20);
            snapshot = std::make_shared<MemorySnapshot>(readMemorySnapshot(*root, builder.diagnostics(), budget));
        } catch (const SnapshotFormatError &e) {
            throw ImportError("'" + probe.path + "' is a pickle but not a PyTorch memory snapshot: " + e.what());
        }
    }
    SourceInfo &source = builder.source();
    source.metadata.emplace_back("time axis", snapshot->timed ? "time_us of the trace entries"
                                                              : "trace entry index (1 ns per entry): the trace has "
                                                                "no time_us for every entry");
    source.metadata.emplace_back("segments", std::to_string(snapshot->segments.size()));
    source.metadata.emplace_back("trace entries", std::to_string(snapshot->entryCount()));
    for (const auto &[name, value] : snapshot->allocatorSettings)
        source.metadata.emplace_back("allocator " + name, value);
    builder.setLinkByCorrelation(false);
    const std::int32_t process = builder.namedProcess("Memory snapshot");
    std::uint64_t record = 0;
    for (std::size_t device = 0; device < snapshot->deviceTraces.size(); ++device) {
        if (snapshot->deviceTraces[device].empty())
            continue;
        DeviceLane(builder, *snapshot, process, device).addAll(record, control);
        record += snapshot->deviceTraces[device].size();
    }
    builder.setMemorySnapshot(std::move(snapshot));
}

} // namespace tracelane
