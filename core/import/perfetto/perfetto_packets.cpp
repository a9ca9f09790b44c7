#include "perfetto_packets.h"

#include "perfetto_fields.h"

#include "import/import_error.h"

#include <optional>

#include <zlib.h>

namespace tracelane {
namespace {

// Names of the packet kinds a trace commonly holds besides track events.
const char *pftracePacketName(std::uint32_t field)
{
    switch (field) {
    case 1: return "ftrace_events";
    case 2: return "process_tree";
    case 5: return "chrome_events";
    case 7: return "sys_stats";
    case 9: return "process_stats";
    case 33: return "trace_config";
    case 34: return "ftrace_stats";
    case 35: return "trace_stats";
    case 36: return "synchronization_marker";
    case 43: return "process_descriptor";
    case 44: return "thread_descriptor";
    case 45: return "system_info";
    case 49: return "perfetto_metatrace";
    case 66: return "perf_sample";
    case 69: return "service_event";
    case 89: return "trace_uuid";
    case 133: return "zstd_compressed_packets";
    default: return nullptr;
    }
}

// What the tracing service writes into every trace: nothing of the program's.
bool pftraceServicePacket(std::uint32_t field)
{
    return field == 33 || field == 34 || field == 35 || field == 36 || field == 45 || field == 69 || field == 89;
}

// zlib or raw deflate, whichever the bytes are.
std::string pftraceInflate(std::string_view input, std::uint64_t offset, std::size_t limit)
{
    for (int windowBits : {15 + 32, -15}) {
        z_stream z{};
        if (inflateInit2(&z, windowBits) != Z_OK)
            throw ImportError("perfetto: zlib could not start");
        std::string out;
        z.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(input.data()));
        z.avail_in = static_cast<uInt>(input.size());
        int rc = Z_OK;
        char buffer[64 * 1024];
        while (rc == Z_OK) {
            z.next_out = reinterpret_cast<Bytef *>(buffer);
            z.avail_out = sizeof buffer;
            rc = inflate(&z, Z_NO_FLUSH);
            out.append(buffer, sizeof buffer - z.avail_out);
            if (out.size() > limit) {
                inflateEnd(&z);
                throw ImportError("perfetto: compressed packets at byte " + std::to_string(offset)
                                  + " inflate to more than " + std::to_string(limit >> 20) + " MiB");
            }
            if (rc == Z_BUF_ERROR && z.avail_in == 0)
                break;
        }
        inflateEnd(&z);
        if (rc == Z_STREAM_END)
            return out;
    }
    throw ImportError("perfetto: compressed packets at byte " + std::to_string(offset)
                      + " are not zlib/deflate data or are cut off");
}

} // namespace

PerfettoPackets::PerfettoPackets(TraceBuilder &builder) : m_builder(builder), m_tracks(builder), m_events(builder, m_tracks)
{
}

void PerfettoPackets::skipped(std::uint32_t field)
{
    ++m_skipped[field];
}

std::string perfettoSourceLocationText(ProtoReader reader, std::uint64_t *iid)
{
    std::string_view file, function;
    std::uint64_t line = 0;
    ProtoField f;
    while (reader.next(f)) {
        using namespace pftrace::source_location;
        if (f.number == kIid && f.type == WireType::Varint && iid)
            *iid = f.value;
        else if (f.number == kFileName && f.type == WireType::Bytes)
            file = f.bytes;
        else if (f.number == kFunctionName && f.type == WireType::Bytes)
            function = f.bytes;
        else if (f.number == kLineNumber && f.type == WireType::Varint)
            line = f.value;
    }
    std::string where(file);
    if (line)
        where += ":" + std::to_string(line);
    if (function.empty())
        return where;
    return where.empty() ? std::string(function) : std::string(function) + " (" + where + ")";
}

void PerfettoPackets::interned(ProtoReader reader, PerfettoSequence &sequence)
{
    ProtoField f;
    while (reader.next(f)) {
        using namespace pftrace::interned;
        if (f.number == kSourceLocations && f.type == WireType::Bytes) {
            std::uint64_t iid = 0;
            const std::string text = perfettoSourceLocationText(reader.nested(f), &iid);
            sequence.sourceLocations[iid] = m_builder.intern(text);
            continue;
        }
        if (f.type != WireType::Bytes
            || (f.number != kEventCategories && f.number != kEventNames && f.number != kDebugAnnotationNames))
            continue;
        std::uint64_t iid = 0;
        std::string_view name;
        ProtoReader entry = reader.nested(f);
        ProtoField g;
        while (entry.next(g)) {
            if (g.number == kEntryIid && g.type == WireType::Varint)
                iid = g.value;
            else if (g.number == kEntryName && g.type == WireType::Bytes)
                name = g.bytes;
        }
        if (f.number == kEventCategories)
            sequence.categories[iid] = std::string(name);
        else if (f.number == kEventNames)
            sequence.eventNames[iid] = m_builder.internName(name);
        else
            sequence.annotationNames[iid] = m_builder.intern(name);
    }
}

void PerfettoPackets::defaults(ProtoReader reader, PerfettoSequence &sequence)
{
    ProtoField f;
    while (reader.next(f)) {
        if (f.number == pftrace::defaults::kTimestampClockId && f.type == WireType::Varint)
            sequence.defaultClock = static_cast<std::uint32_t>(f.value);
        if (f.number != pftrace::defaults::kTrackEventDefaults || f.type != WireType::Bytes)
            continue;
        ProtoReader inner = reader.nested(f);
        ProtoField g;
        while (inner.next(g)) {
            using namespace pftrace::event_defaults;
            if (g.number == kTrackUuid && g.type == WireType::Varint)
                sequence.defaultTrackUuid = g.value;
            else if (g.number == kExtraCounterTrackUuids)
                (g.type == WireType::Bytes) ? forEachPackedVarint(g.bytes, [&](std::uint64_t v) {
                    sequence.defaultExtraCounterUuids.push_back(v);
                }) : sequence.defaultExtraCounterUuids.push_back(g.value);
            else if (g.number == kExtraDoubleCounterTrackUuids)
                (g.type == WireType::Bytes) ? forEachPackedVarint(g.bytes, [&](std::uint64_t v) {
                    sequence.defaultExtraDoubleCounterUuids.push_back(v);
                }) : sequence.defaultExtraDoubleCounterUuids.push_back(g.value);
        }
    }
}

void PerfettoPackets::compressed(std::string_view bytes, std::uint64_t offset)
{
    if (m_compressedDepth > 0) { // Perfetto never nests them; a file that does is hostile
        skipped(pftrace::packet::kCompressedPackets);
        return;
    }
    const std::string inflated = pftraceInflate(bytes, offset, kMaxInflatedBytes);
    ++m_compressedDepth;
    // Offsets inside are of the inflated block; errors name the block's offset.
    ProtoReader reader(inflated);
    ProtoField f;
    try {
        while (reader.next(f)) {
            if (f.number == pftrace::kTracePacket && f.type == WireType::Bytes)
                packet(f.bytes, offset);
        }
    } catch (const ImportError &e) {
        --m_compressedDepth;
        throw ImportError(std::string(e.what()) + " (inside the compressed packets at byte " + std::to_string(offset)
                          + ")");
    }
    --m_compressedDepth;
}

void PerfettoPackets::packet(std::string_view bytes, std::uint64_t offset)
{
    ++m_packets;
    std::uint64_t timestamp = 0;
    bool hasTimestamp = false;
    std::optional<std::uint32_t> clock;
    std::uint32_t sequenceId = 0, flags = 0;
    bool cleared = false;
    std::string_view internedData, defaultsData, descriptor, trackEvent, clockSnapshot, compressedData;
    bool hasInterned = false, hasDefaults = false, hasDescriptor = false, hasEvent = false, hasSnapshot = false,
         hasCompressed = false;

    ProtoReader reader(bytes, offset);
    ProtoField f;
    while (reader.next(f)) {
        using namespace pftrace::packet;
        const bool isBytes = f.type == WireType::Bytes, isVarint = f.type == WireType::Varint;
        switch (f.number) {
        case kTimestamp: if (isVarint) { timestamp = f.value; hasTimestamp = true; } break;
        case kTimestampClockId: if (isVarint) clock = static_cast<std::uint32_t>(f.value); break;
        case kSequenceId: if (isVarint) sequenceId = static_cast<std::uint32_t>(f.value); break;
        case kSequenceFlags: if (isVarint) flags = static_cast<std::uint32_t>(f.value); break;
        case kIncrementalStateCleared: if (isVarint) cleared = f.value != 0; break;
        case kInternedData: if (isBytes) { internedData = f.bytes; hasInterned = true; } break;
        case kDefaults: if (isBytes) { defaultsData = f.bytes; hasDefaults = true; } break;
        case kTrackDescriptor: if (isBytes) { descriptor = f.bytes; hasDescriptor = true; } break;
        case kTrackEvent: if (isBytes) { trackEvent = f.bytes; hasEvent = true; } break;
        case kClockSnapshot: if (isBytes) { clockSnapshot = f.bytes; hasSnapshot = true; } break;
        case kCompressedPackets: if (isBytes) { compressedData = f.bytes; hasCompressed = true; } break;
        case kTrustedUid:
        case kPreviousPacketDropped:
        case kFirstPacketOnSequence:
        case kTrustedPid:
        case kMachineId:
            break;
        default:
            if (isBytes)
                skipped(f.number); // a payload Tracelane does not read
            break;
        }
    }
    // Nested readers keep file offsets: rebuild them over the same bytes.
    auto at = [&](std::string_view part) { return ProtoReader(part, offset + (part.data() - bytes.data())); };

    if (hasCompressed)
        compressed(compressedData, offset);
    // Packets of one sequence come in runs; the map's entries never move.
    if (!m_lastSequence || sequenceId != m_lastSequenceId) {
        m_lastSequence = &m_sequences[sequenceId];
        m_lastSequenceId = sequenceId;
    }
    PerfettoSequence &sequence = *m_lastSequence;
    if ((flags & pftrace::kSeqIncrementalStateCleared) || cleared)
        sequence.clear();
    if ((flags & pftrace::kSeqNeedsIncrementalState) && !sequence.incrementalStateValid) {
        m_builder.diagnostics().add("perfetto-no-incremental-state",
                                    "packets that need interned data or defaults their sequence never set "
                                    "(no SEQ_INCREMENTAL_STATE_CLEARED before them; skipped, as Perfetto does)");
        return;
    }
    if (hasInterned)
        interned(at(internedData), sequence);
    if (hasDefaults)
        defaults(at(defaultsData), sequence);
    if (hasSnapshot)
        m_clocks.snapshot(at(clockSnapshot), sequenceId);
    if (hasDescriptor)
        m_tracks.describe(at(descriptor));
    if (!hasEvent)
        return;
    if (!hasTimestamp) {
        m_builder.diagnostics().add("perfetto-event-without-timestamp", "track events without a timestamp (skipped)");
        return;
    }
    const std::uint32_t clockId = clock.value_or(sequence.defaultClock.value_or(m_clocks.traceClock()));
    std::optional<TimeNs> time = m_clocks.toTraceTime(clockId, sequenceId, timestamp);
    if (!time) {
        m_builder.diagnostics().add("perfetto-clock-not-converted",
                                    "track events on a clock no clock snapshot links to the trace clock "
                                    "(their timestamps are used as they are)",
                                    "clock " + std::to_string(clockId));
        time = static_cast<TimeNs>(timestamp);
    }
    m_events.trackEvent(at(trackEvent), *time, sequence, m_packets - 1);
}

void PerfettoPackets::reportSkipped()
{
    for (const auto &[field, count] : m_skipped) {
        const char *name = pftracePacketName(field);
        const std::string what = (name ? std::string(name) + " packets" : "packets")
                                 + " (TracePacket field " + std::to_string(field) + ")";
        const std::string code = "perfetto-packet-field-" + std::to_string(field);
        if (pftraceServicePacket(field))
            m_builder.diagnostics().addInformation(code, what + " not shown", count);
        else
            m_builder.diagnostics().add(code, what + " skipped: Tracelane reads track events only", {}, count);
    }
}

void PerfettoPackets::finish()
{
    m_events.finish();
    reportSkipped();
}

} // namespace tracelane
