#include "rocm_lanes.h"

#include <limits>
#include <string>

namespace tracelane::rocm {

Lanes::Lanes(TraceBuilder &builder) : m_builder(builder)
{
    m_builder.setApiLaneName("HIP API");
    m_rangeDomain = m_builder.intern("roctx");
}

std::int32_t Lanes::threadOf(std::int64_t pid, std::int64_t tid)
{
    const auto [it, inserted] = m_threads.try_emplace({pid, tid}, 0);
    if (inserted)
        it->second = m_builder.thread(m_builder.process(pid), tid);
    return it->second;
}

std::uint32_t Lanes::apiTrack(std::int64_t pid, std::int64_t tid)
{
    if (m_hasLastApi && m_lastApi.first == Key{pid, tid})
        return m_lastApi.second;
    const auto [it, inserted] = m_apiTracks.try_emplace({pid, tid}, 0);
    if (inserted)
        it->second = m_builder.threadTrack(threadOf(pid, tid), TrackKind::ThreadApi);
    m_lastApi = *it;
    m_hasLastApi = true;
    return it->second;
}

std::uint32_t Lanes::rangeTrack(std::int64_t pid, std::int64_t tid)
{
    const auto [it, inserted] = m_rangeTracks.try_emplace({pid, tid}, 0);
    if (inserted)
        it->second = m_builder.threadTrack(threadOf(pid, tid), TrackKind::ThreadRanges, m_rangeDomain);
    return it->second;
}

std::optional<std::uint32_t> Lanes::queueTrack(std::int64_t device, std::int64_t queue)
{
    if (m_lastQueue.first == Key{device, queue} && m_hasLastQueue)
        return m_lastQueue.second;
    const auto track = gpuTrack(device, queue, {});
    if (track) {
        m_lastQueue = {{device, queue}, *track};
        m_hasLastQueue = true;
    }
    return track;
}

// Copies without a queue share stream id -1: rocpd queue ids are row ids, never negative.
std::optional<std::uint32_t> Lanes::copyTrack(std::int64_t device)
{
    return gpuTrack(device, -1, "Copies");
}

std::optional<std::uint32_t> Lanes::gpuTrack(std::int64_t device, std::int64_t stream, std::string_view name)
{
    if (device < std::numeric_limits<std::int32_t>::min() || device > std::numeric_limits<std::int32_t>::max())
        return std::nullopt;
    const auto [it, inserted] = m_queueTracks.try_emplace({device, stream}, 0);
    if (inserted) {
        const std::int32_t index = m_builder.device(static_cast<std::int32_t>(device));
        if (const auto deviceName = m_deviceNames.find(device); deviceName != m_deviceNames.end())
            m_builder.deviceAt(index).name = deviceName->second;
        it->second = m_builder.streamTrack(m_builder.stream(index, stream), TrackKind::GpuStream);
        // AMD profilers record the hardware queue a dispatch ran on, not a HIP stream.
        m_builder.trackAt(it->second).name =
            m_builder.intern(name.empty() ? "Queue " + std::to_string(stream) : std::string(name));
    }
    return it->second;
}

void Lanes::nameDevice(std::int64_t device, StringId name)
{
    m_deviceNames[device] = name;
}

} // namespace tracelane::rocm
