#pragma once
// The lanes both AMD SQLite formats put events on: a thread's HIP API calls,
// its roctx ranges, and one lane per GPU queue ("Queue 3" on GPU 0). Tracks are
// made on first use and looked up by id afterwards, so a reader pays one hash
// lookup per row, not one string key.

#include "model/trace_builder.h"

#include <cstdint>
#include <limits>
#include <optional>
#include <string_view>
#include <unordered_map>

namespace tracelane::rocm {

class Lanes
{
public:
    explicit Lanes(TraceBuilder &builder);

    std::uint32_t apiTrack(std::int64_t pid, std::int64_t tid);
    std::uint32_t rangeTrack(std::int64_t pid, std::int64_t tid);
    // nullopt for a device id that does not fit the model's 32-bit ordinal
    // (counted by the caller). The lane is named "Queue <queue>".
    std::optional<std::uint32_t> queueTrack(std::int64_t device, std::int64_t queue);
    // The lane "Copies" of a device, for copies that ran on no queue.
    std::optional<std::uint32_t> copyTrack(std::int64_t device);
    void nameDevice(std::int64_t device, StringId name);

private:
    std::int32_t threadOf(std::int64_t pid, std::int64_t tid);
    std::optional<std::uint32_t> gpuTrack(std::int64_t device, std::int64_t stream, std::string_view name);

    struct PairHash
    {
        std::size_t operator()(const std::pair<std::int64_t, std::int64_t> &p) const
        {
            return std::hash<std::int64_t>()(p.first * 0x9E3779B97F4A7C15ull ^ std::uint64_t(p.second));
        }
    };
    using Key = std::pair<std::int64_t, std::int64_t>;

    TraceBuilder &m_builder;
    StringId m_rangeDomain = 0;
    std::unordered_map<Key, std::int32_t, PairHash> m_threads;
    std::unordered_map<Key, std::uint32_t, PairHash> m_apiTracks, m_rangeTracks, m_queueTracks;
    std::unordered_map<std::int64_t, StringId> m_deviceNames;
    // Rows of one thread or queue come in runs: the last lane found is kept.
    std::pair<Key, std::uint32_t> m_lastApi; // the last (pid, tid) asked for, while m_hasLastApi
    bool m_hasLastApi = false;
    std::pair<Key, std::uint32_t> m_lastQueue{{0, 0}, 0};
    bool m_hasLastQueue = false;
};

} // namespace tracelane::rocm
