#include "perfetto_importer.h"

#include "perfetto_fields.h"

#include "import/import_error.h"
#include "import/protobuf/proto_wire.h"

#include <optional>

namespace tracelane {
namespace {

// The wire type a TracePacket field must have, for the fields a first packet
// usually holds; other numbers are allowed (the message has over a hundred).
std::optional<WireType> pftraceExpectedWire(std::uint32_t field)
{
    using namespace pftrace::packet;
    switch (field) {
    case kTimestamp:
    case kTimestampClockId:
    case kSequenceId:
    case kSequenceFlags:
    case kIncrementalStateCleared:
    case kTrustedUid:
    case kPreviousPacketDropped:
    case kFirstPacketOnSequence:
    case kTrustedPid:
    case kMachineId:
        return WireType::Varint;
    case 1: // ftrace_events
    case 2: // process_tree
    case kInternedData:
    case kDefaults:
    case kTrackEvent:
    case kTrackDescriptor:
    case kClockSnapshot:
    case kCompressedPackets:
    case kTraceConfig:
    case kTraceStats:
    case kSynchronizationMarker:
    case kSystemInfo:
    case kServiceEvent:
    case kTraceUuid:
        return WireType::Bytes;
    default:
        return std::nullopt;
    }
}

bool pftraceLooksLikeText(std::string_view bytes)
{
    if (bytes.empty())
        return false;
    for (unsigned char c : bytes)
        if (c < 0x20 || c >= 0x7f)
            return false;
    return true;
}

} // namespace

int sniffPerfettoTrace(std::string_view head)
{
    if (head.size() < 2 || static_cast<unsigned char>(head[0]) != 0x0a)
        return 0;
    // A text file that starts with a newline (JSON, CSV, a log) also begins
    // with 0x0a; a packet's first bytes are never all text (its tags and
    // lengths are small numbers).
    bool text = true;
    for (std::size_t i = 1; i < head.size() && i < 64 && text; ++i) {
        const auto c = static_cast<unsigned char>(head[i]);
        text = (c >= 0x20 && c < 0x7f) || c == '\n' || c == '\r' || c == '\t';
    }
    if (text)
        return 0;
    std::string_view rest = head.substr(1);
    std::uint64_t length = 0;
    try {
        length = takeVarint(rest);
    } catch (const ImportError &) {
        return 0;
    }
    if (length == 0 || length > (std::uint64_t(1) << 31))
        return 0;
    // The probe may hold only the start of a long first packet: read its
    // complete fields and stop at the cut.
    const bool whole = length <= rest.size();
    ProtoReader reader(rest.substr(0, whole ? length : rest.size()));
    ProtoField f;
    int known = 0;
    try {
        while (reader.next(f)) {
            // An XPlane names itself in field 2 ("/host:CPU", "/device:GPU:0");
            // a TracePacket's field 2 is a process tree, never text.
            if (f.number == 2 && f.type == WireType::Bytes && pftraceLooksLikeText(f.bytes))
                return 0;
            const auto expected = pftraceExpectedWire(f.number);
            if (!expected)
                continue;
            if (*expected != f.type)
                return 0;
            ++known;
        }
    } catch (const ImportError &) {
        if (whole)
            return 0; // a complete first packet must parse
    }
    return known > 0 ? 60 : 0;
}

int PerfettoImporter::sniff(const ContentProbe &probe) const
{
    if (probe.sqlite)
        return 0;
    return sniffPerfettoTrace(probe.head);
}

} // namespace tracelane
