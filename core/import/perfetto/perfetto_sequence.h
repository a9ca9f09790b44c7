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

class ProtoReader;
// A SourceLocation as one text, "function (file:line)", parts left out when absent.
std::string perfettoSourceLocationText(ProtoReader reader, std::uint64_t *iid = nullptr);

struct PerfettoSequence
{
    bool incrementalStateValid = false;
    std::unordered_map<std::uint64_t, StringId> eventNames;
    std::unordered_map<std::uint64_t, std::string> categories;
    std::unordered_map<std::uint64_t, StringId> annotationNames;
    std::unordered_map<std::uint64_t, StringId> sourceLocations; // as text: "function (file:line)"
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
        sourceLocations.clear();
        defaultTrackUuid.reset();
        defaultExtraCounterUuids.clear();
        defaultExtraDoubleCounterUuids.clear();
        defaultClock.reset();
        counterTotals.clear();
        incrementalStateValid = true;
    }
};

} // namespace tracelane
