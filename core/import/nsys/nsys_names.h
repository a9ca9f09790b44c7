#pragma once
// What Nsight Systems calls things, for both of its exports: how it packs
// process and thread ids, its NVTX event types, and the labels of its enums
// (memcpy kinds, memory kinds, sync types) as `nsys stats` prints them.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace tracelane::nsys {

// globalTid / globalPid: the pid in bits 24..47, the tid in bits 0..23
// (281492945110063 is pid 1071, tid 1071).
constexpr std::int64_t pidOf(std::int64_t globalId) { return (globalId >> 24) & 0xFFFFFF; }
constexpr std::int64_t tidOf(std::int64_t globalTid) { return globalTid & 0xFFFFFF; }
constexpr std::int64_t globalPidOf(std::int64_t globalTid) { return globalTid & ~std::int64_t(0xFFFFFF); }

// ENUM_NSYS_EVENT_TYPE values of NVTX_EVENTS.eventType (and NvtxEvent.Type in JSON).
enum class NvtxType : int {
    Category = 33,
    Mark = 34,
    PushPopRange = 59,
    StartEndRange = 60,
    DomainCreate = 75,
};

// ENUM_NSYS_EVENT_CLASS values of a TraceProcessEvent that are CUDA API calls.
constexpr int kCudaRuntimeClass = 0;
constexpr int kCudaDriverClass = 1;

// Labels of nsys's enums; the SQLite export carries them in ENUM_* tables,
// the JSON export does not, so the built-in ones (nsys 2025.3) are the default.
class EnumLabels
{
public:
    EnumLabels();
    std::string_view memcpyKind(std::int64_t kind) const; // "Host-to-Device"
    std::string_view memoryKind(std::int64_t kind) const; // "Pageable"
    std::string_view syncType(std::int64_t type) const;   // "Stream wait sync"
    // JSON writes sync types by name: "SYNCHRONIZATION_TYPE_STREAM_WAIT_EVENT".
    std::optional<std::int64_t> syncTypeByName(std::string_view name) const;

    void setMemcpyKind(std::int64_t kind, std::string label) { m_memcpy[kind] = std::move(label); }
    void setMemoryKind(std::int64_t kind, std::string label) { m_memory[kind] = std::move(label); }
    void setSyncType(std::int64_t type, std::string label) { m_sync[type] = std::move(label); }

private:
    std::unordered_map<std::int64_t, std::string> m_memcpy, m_memory, m_sync;
};

// "[CUDA memcpy Host-to-Device]", as nsys names a copy in its GPU trace and summaries.
std::string memcpyEventName(std::string_view kindLabel);
inline constexpr std::string_view kMemsetEventName = "[CUDA memset]";

} // namespace tracelane::nsys
