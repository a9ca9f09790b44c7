#include "perfetto_clocks.h"

#include "perfetto_fields.h"

#include <vector>

namespace tracelane {

std::uint64_t PerfettoClocks::key(std::uint32_t clock, std::uint32_t sequence)
{
    const bool scoped = clock >= pftrace::clock::kFirstSequenceScoped && clock <= pftrace::clock::kLastSequenceScoped;
    return (scoped ? std::uint64_t(sequence) << 32 : 0) | clock;
}

void PerfettoClocks::snapshot(ProtoReader reader, std::uint32_t sequence)
{
    struct Clock
    {
        std::uint32_t id = 0;
        std::uint64_t timestamp = 0, multiplier = 1;
        bool incremental = false;
    };
    std::vector<Clock> clocks;
    ProtoField f;
    while (reader.next(f)) {
        if (f.number == pftrace::clock::kPrimaryTraceClock && f.type == WireType::Varint && f.value != 0)
            m_traceClock = static_cast<std::uint32_t>(f.value);
        if (f.number != pftrace::clock::kClocks || f.type != WireType::Bytes)
            continue;
        Clock c;
        ProtoReader clock = reader.nested(f);
        ProtoField g;
        while (clock.next(g)) {
            if (g.type != WireType::Varint)
                continue;
            if (g.number == pftrace::clock::kClockId)
                c.id = static_cast<std::uint32_t>(g.value);
            else if (g.number == pftrace::clock::kTimestamp)
                c.timestamp = g.value;
            else if (g.number == pftrace::clock::kIsIncremental)
                c.incremental = g.value != 0;
            else if (g.number == pftrace::clock::kUnitMultiplierNs && g.value != 0)
                c.multiplier = g.value;
        }
        clocks.push_back(c);
    }
    std::optional<std::int64_t> traceNs;
    for (const Clock &c : clocks)
        if (c.id == m_traceClock)
            traceNs = static_cast<std::int64_t>(c.timestamp * c.multiplier);
    for (const Clock &c : clocks) {
        Reading &r = m_readings[key(c.id, sequence)];
        r.clockNs = static_cast<std::int64_t>(c.timestamp * c.multiplier);
        r.traceNs = traceNs.value_or(0);
        r.linked = traceNs.has_value();
        r.multiplier = c.multiplier;
        r.incremental = c.incremental;
        r.last = c.timestamp;
    }
}

std::optional<TimeNs> PerfettoClocks::toTraceTime(std::uint32_t clock, std::uint32_t sequence, std::uint64_t raw)
{
    const auto it = m_readings.find(key(clock, sequence));
    if (clock == m_traceClock && (it == m_readings.end() || !it->second.incremental))
        return static_cast<TimeNs>(raw);
    if (it == m_readings.end())
        return std::nullopt;
    Reading &r = it->second;
    std::uint64_t value = raw;
    if (r.incremental) {
        r.last += raw;
        value = r.last;
    }
    const auto ns = static_cast<std::int64_t>(value * r.multiplier);
    if (clock == m_traceClock)
        return ns;
    if (!r.linked)
        return std::nullopt;
    return r.traceNs + (ns - r.clockNs);
}

} // namespace tracelane
