#pragma once
// What the virtual tables need beyond the model to answer constraints without
// scanning: per track, which event kinds it holds and its shortest and longest
// event (so "end >= t" becomes a start bound), the tracks of each thread and
// process. Built once per database in one pass over the events.

#include "model/trace.h"

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace tracelane::sql {

using KindMask = std::uint32_t; // bit (1 << EventKind)
constexpr KindMask kAllKinds = 0xFFFFFFFFu;

constexpr KindMask kindBit(EventKind kind)
{
    return KindMask(1) << static_cast<unsigned>(kind);
}

struct TrackStats
{
    KindMask kinds = 0;
    TimeNs minDuration = 0;
    TimeNs maxDuration = 0;
    TimeNs end = 0; // latest end
};

class TraceIndex
{
public:
    explicit TraceIndex(std::shared_ptr<const Trace> trace);

    const Trace &trace() const { return *m_trace; }
    const TrackStats &stats(std::uint32_t track) const { return m_stats[track]; }
    const std::vector<std::uint32_t> &tracksOfThread(std::int64_t thread) const;
    const std::vector<std::uint32_t> &tracksOfProcess(std::int64_t process) const;
    std::uint64_t eventCount() const { return m_events; }

    // The interned id of `text`, or nullopt when no string of the trace is `text`.
    std::optional<StringId> findName(std::string_view text) const { return m_trace->strings.find(text); }
    // The kind whose eventKindName() is `text`.
    static std::optional<EventKind> kindNamed(std::string_view text);
    // The launching call of GPU work (the source of its Launch flow), if any.
    std::optional<EventRef> launchOf(EventRef ref) const;
    // rank[id]: the position of string `id` among all strings in byte order
    // (equal texts cannot occur: strings are interned). Built on first use.
    const std::vector<std::uint32_t> &stringRanks() const;

private:
    std::shared_ptr<const Trace> m_trace;
    std::vector<TrackStats> m_stats;
    std::vector<std::vector<std::uint32_t>> m_tracksOfThread;
    std::vector<std::vector<std::uint32_t>> m_tracksOfProcess;
    std::uint64_t m_events = 0;
    mutable std::once_flag m_ranksBuilt;
    mutable std::vector<std::uint32_t> m_stringRanks;
};

} // namespace tracelane::sql
