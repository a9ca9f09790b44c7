#pragma once
// One TracePacket at a time: sequence state (flags, interned data, defaults),
// clock snapshots, track descriptors, track events, compressed packets (zlib
// deflate of more packets, read in place). Every other kind of packet is
// skipped and counted by its TracePacket field number.

#include "perfetto_clocks.h"
#include "perfetto_events.h"
#include "perfetto_sequence.h"
#include "perfetto_tracks.h"

#include "import/protobuf/proto_wire.h"
#include "model/trace_builder.h"

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <unordered_map>

namespace tracelane {

class PerfettoPackets
{
public:
    // Inflated compressed_packets larger than this are refused: a hostile
    // file must not turn a few kilobytes into gigabytes.
    static constexpr std::size_t kMaxInflatedBytes = 256u << 20;

    explicit PerfettoPackets(TraceBuilder &builder);

    // `offset`: where the packet's bytes start in the (decompressed) file.
    void packet(std::string_view bytes, std::uint64_t offset);
    std::uint64_t packetCount() const { return m_packets; }
    void finish();

private:
    void compressed(std::string_view bytes, std::uint64_t offset);
    void interned(ProtoReader reader, PerfettoSequence &sequence);
    void defaults(ProtoReader reader, PerfettoSequence &sequence);
    void skipped(std::uint32_t field);
    void reportSkipped();

    TraceBuilder &m_builder;
    PerfettoClocks m_clocks;
    PerfettoTracks m_tracks;
    PerfettoEvents m_events;
    std::unordered_map<std::uint32_t, PerfettoSequence> m_sequences;
    PerfettoSequence *m_lastSequence = nullptr;
    std::uint32_t m_lastSequenceId = 0;
    std::map<std::uint32_t, std::uint64_t> m_skipped; // TracePacket field -> packets
    std::uint64_t m_packets = 0;
    int m_compressedDepth = 0;
};

} // namespace tracelane
