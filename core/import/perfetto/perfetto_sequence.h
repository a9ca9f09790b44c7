#pragma once
// What one packet sequence (one writer, trusted_packet_sequence_id) carries
// from packet to packet: interned names and TracePacketDefaults. Valid from
// the sequence's first SEQ_INCREMENTAL_STATE_CLEARED packet on; cleared there.

#include "model/string_table.h"

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace tracelane {

struct PerfettoSequence
{
    bool incrementalStateValid = false;
    std::unordered_map<std::uint64_t, StringId> eventNames;
    std::unordered_map<std::uint64_t, std::string> categories;
    std::unordered_map<std::uint64_t, StringId> annotationNames;
    std::optional<std::uint64_t> defaultTrackUuid;
    std::vector<std::uint64_t> defaultExtraCounterUuids;
    std::vector<std::uint64_t> defaultExtraDoubleCounterUuids;
    std::optional<std::uint32_t> defaultClock;
    std::unordered_map<std::uint64_t, double> counterTotals; // incremental counters, by track uuid

    void clear()
    {
        eventNames.clear();
        categories.clear();
        annotationNames.clear();
        defaultTrackUuid.reset();
        defaultExtraCounterUuids.clear();
        defaultExtraDoubleCounterUuids.clear();
        defaultClock.reset();
        counterTotals.clear();
        incrementalStateValid = true;
    }
};

} // namespace tracelane
