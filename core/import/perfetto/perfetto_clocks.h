#pragma once
// Puts packet timestamps on the trace clock (BOOTTIME unless a ClockSnapshot
// names another primary clock). A packet on another clock is converted through
// the latest snapshot that read both clocks; sequence-scoped clocks (ids 64 to
// 127) belong to the sequence that snapshotted them, and incremental ones add
// each packet's value to the previous one.

#include "import/protobuf/proto_wire.h"
#include "model/time_units.h"

#include <cstdint>
#include <optional>
#include <unordered_map>

namespace tracelane {

class PerfettoClocks
{
public:
    void snapshot(ProtoReader reader, std::uint32_t sequence);
    std::uint32_t traceClock() const { return m_traceClock; }
    // The trace-clock time of `raw` read on `clock`; nullopt when no snapshot
    // links the two clocks.
    std::optional<TimeNs> toTraceTime(std::uint32_t clock, std::uint32_t sequence, std::uint64_t raw);

private:
    struct Reading
    {
        std::int64_t clockNs = 0; // the clock's reading in the snapshot, in ns
        std::int64_t traceNs = 0; // the trace clock's reading in the same snapshot
        std::uint64_t multiplier = 1;
        bool incremental = false;
        bool linked = false;      // the snapshot also read the trace clock
        std::uint64_t last = 0;   // incremental clocks: the running value, in clock units
    };
    static std::uint64_t key(std::uint32_t clock, std::uint32_t sequence);

    std::uint32_t m_traceClock = 6; // BOOTTIME
    std::unordered_map<std::uint64_t, Reading> m_readings;
};

} // namespace tracelane
