#pragma once
// Field numbers of the Perfetto trace protos the importer reads, as published
// in google/perfetto protos/perfetto/trace/ (trace_packet.proto,
// track_event/track_event.proto, track_event/track_descriptor.proto,
// track_event/{process,thread,counter}_descriptor.proto,
// track_event/debug_annotation.proto, interned_data/interned_data.proto,
// clock_snapshot.proto, trace_packet_defaults.proto). The trimmed schema of
// tests/data/perfetto/perfetto_trace_subset.proto lists the same numbers.

#include <cstdint>

namespace tracelane::pftrace {

constexpr std::uint32_t kTracePacket = 1; // Trace.packet

namespace packet {
constexpr std::uint32_t kTimestamp = 8;
constexpr std::uint32_t kTimestampClockId = 58;
constexpr std::uint32_t kSequenceId = 10; // trusted_packet_sequence_id
constexpr std::uint32_t kSequenceFlags = 13;
constexpr std::uint32_t kIncrementalStateCleared = 41; // deprecated bool
constexpr std::uint32_t kInternedData = 12;
constexpr std::uint32_t kDefaults = 59; // trace_packet_defaults
constexpr std::uint32_t kTrackEvent = 11;
constexpr std::uint32_t kTrackDescriptor = 60;
constexpr std::uint32_t kClockSnapshot = 6;
constexpr std::uint32_t kCompressedPackets = 50;
// Bookkeeping fields of every packet: read or ignored, never "skipped data".
constexpr std::uint32_t kTrustedUid = 3;
constexpr std::uint32_t kPreviousPacketDropped = 42;
constexpr std::uint32_t kFirstPacketOnSequence = 87;
constexpr std::uint32_t kTrustedPid = 79;
constexpr std::uint32_t kMachineId = 98;
// Payloads a first packet commonly holds (for sniffing only).
constexpr std::uint32_t kTraceConfig = 33;
constexpr std::uint32_t kTraceStats = 35;
constexpr std::uint32_t kSynchronizationMarker = 36;
constexpr std::uint32_t kSystemInfo = 45;
constexpr std::uint32_t kServiceEvent = 69;
constexpr std::uint32_t kTraceUuid = 89;
} // namespace packet

constexpr std::uint32_t kSeqIncrementalStateCleared = 1;
constexpr std::uint32_t kSeqNeedsIncrementalState = 2;

namespace defaults { // TracePacketDefaults
constexpr std::uint32_t kTimestampClockId = 58;
constexpr std::uint32_t kTrackEventDefaults = 11;
} // namespace defaults

namespace event_defaults { // TrackEventDefaults
constexpr std::uint32_t kTrackUuid = 11;
constexpr std::uint32_t kExtraCounterTrackUuids = 31;
constexpr std::uint32_t kExtraDoubleCounterTrackUuids = 45;
} // namespace event_defaults

namespace interned { // InternedData and its entries (iid = 1, name = 2)
constexpr std::uint32_t kEventCategories = 1;
constexpr std::uint32_t kEventNames = 2;
constexpr std::uint32_t kDebugAnnotationNames = 3;
constexpr std::uint32_t kSourceLocations = 4;
constexpr std::uint32_t kEntryIid = 1;
constexpr std::uint32_t kEntryName = 2;
} // namespace interned

namespace event { // TrackEvent
constexpr std::uint32_t kCategoryIids = 3;
constexpr std::uint32_t kCategories = 22;
constexpr std::uint32_t kNameIid = 10;
constexpr std::uint32_t kName = 23;
constexpr std::uint32_t kType = 9;
constexpr std::uint32_t kTrackUuid = 11;
constexpr std::uint32_t kCounterValue = 30;
constexpr std::uint32_t kDoubleCounterValue = 44;
constexpr std::uint32_t kExtraCounterTrackUuids = 31;
constexpr std::uint32_t kExtraCounterValues = 12;
constexpr std::uint32_t kExtraDoubleCounterTrackUuids = 45;
constexpr std::uint32_t kExtraDoubleCounterValues = 46;
constexpr std::uint32_t kFlowIdsOld = 36;            // varint
constexpr std::uint32_t kFlowIds = 47;               // fixed64
constexpr std::uint32_t kTerminatingFlowIdsOld = 42; // varint
constexpr std::uint32_t kTerminatingFlowIds = 48;    // fixed64
constexpr std::uint32_t kCorrelationId = 52;
constexpr std::uint32_t kDebugAnnotations = 4;
constexpr std::uint32_t kSourceLocation = 33;
constexpr std::uint32_t kSourceLocationIid = 34;

constexpr std::uint64_t kTypeSliceBegin = 1;
constexpr std::uint64_t kTypeSliceEnd = 2;
constexpr std::uint64_t kTypeInstant = 3;
constexpr std::uint64_t kTypeCounter = 4;
} // namespace event

namespace annotation { // DebugAnnotation
constexpr std::uint32_t kNameIid = 1;
constexpr std::uint32_t kName = 10;
constexpr std::uint32_t kBoolValue = 2;
constexpr std::uint32_t kUintValue = 3;
constexpr std::uint32_t kIntValue = 4;
constexpr std::uint32_t kDoubleValue = 5;
constexpr std::uint32_t kStringValue = 6;
constexpr std::uint32_t kPointerValue = 7;
constexpr std::uint32_t kNestedValue = 8;
constexpr std::uint32_t kLegacyJsonValue = 9;
} // namespace annotation

namespace source_location { // SourceLocation (track_event/source_location.proto)
constexpr std::uint32_t kIid = 1;
constexpr std::uint32_t kFileName = 2;
constexpr std::uint32_t kFunctionName = 3;
constexpr std::uint32_t kLineNumber = 4;
} // namespace source_location

namespace track { // TrackDescriptor
constexpr std::uint32_t kUuid = 1;
constexpr std::uint32_t kParentUuid = 5;
constexpr std::uint32_t kName = 2;
constexpr std::uint32_t kProcess = 3;
constexpr std::uint32_t kThread = 4;
constexpr std::uint32_t kCounter = 8;
} // namespace track

namespace process { // ProcessDescriptor
constexpr std::uint32_t kPid = 1;
constexpr std::uint32_t kProcessName = 6;
} // namespace process

namespace thread { // ThreadDescriptor
constexpr std::uint32_t kPid = 1;
constexpr std::uint32_t kTid = 2;
constexpr std::uint32_t kThreadName = 5;
} // namespace thread

namespace counter { // CounterDescriptor
constexpr std::uint32_t kUnit = 3;
constexpr std::uint32_t kUnitMultiplier = 4;
constexpr std::uint32_t kIsIncremental = 5;
constexpr std::uint64_t kUnitSizeBytes = 3;
} // namespace counter

namespace clock { // ClockSnapshot, ClockSnapshot.Clock
constexpr std::uint32_t kClocks = 1;
constexpr std::uint32_t kPrimaryTraceClock = 2;
constexpr std::uint32_t kClockId = 1;
constexpr std::uint32_t kTimestamp = 2;
constexpr std::uint32_t kIsIncremental = 3;
constexpr std::uint32_t kUnitMultiplierNs = 4;
constexpr std::uint32_t kBoottime = 6;
constexpr std::uint32_t kFirstSequenceScoped = 64; // 64..127: valid on their own sequence only
constexpr std::uint32_t kLastSequenceScoped = 127;
} // namespace clock

} // namespace tracelane::pftrace
