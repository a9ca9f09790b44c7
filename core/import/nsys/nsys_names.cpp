#include "nsys_names.h"

#include <array>
#include <utility>

namespace tracelane::nsys {
namespace {

// Enum names of ENUM_CUPTI_SYNC_TYPE without the prefix the JSON export drops.
constexpr std::array<std::pair<std::string_view, std::int64_t>, 5> kSyncTypeNames{{
    {"SYNCHRONIZATION_TYPE_UNKNOWN", 0},
    {"SYNCHRONIZATION_TYPE_EVENT_SYNCHRONIZE", 1},
    {"SYNCHRONIZATION_TYPE_STREAM_WAIT_EVENT", 2},
    {"SYNCHRONIZATION_TYPE_STREAM_SYNCHRONIZE", 3},
    {"SYNCHRONIZATION_TYPE_CONTEXT_SYNCHRONIZE", 4},
}};

std::string_view lookup(const std::unordered_map<std::int64_t, std::string> &labels, std::int64_t key)
{
    const auto it = labels.find(key);
    return it == labels.end() ? std::string_view("Unknown") : std::string_view(it->second);
}

} // namespace

EnumLabels::EnumLabels()
    : m_memcpy{{0, "Unknown"},
               {1, "Host-to-Device"},
               {2, "Device-to-Host"},
               {3, "Host-to-Array"},
               {4, "Array-to-Host"},
               {5, "Array-to-Array"},
               {6, "Array-to-Device"},
               {7, "Device-to-Array"},
               {8, "Device-to-Device"},
               {9, "Host-to-Host"},
               {10, "Peer-to-Peer"},
               {11, "Unified Host-to-Device"},
               {12, "Unified Device-to-Host"},
               {13, "Unified Device-to-Device"}},
      m_memory{{0, "Pageable"}, {1, "Pinned"},         {2, "Device"},         {3, "Array"},
               {4, "Managed"},  {5, "Device Static"}, {6, "Managed Static"}, {7, "Unknown"}},
      m_sync{{0, "Unknown"}, {1, "Event sync"}, {2, "Stream wait sync"}, {3, "Stream sync"}, {4, "Context sync"}}
{
}

std::string_view EnumLabels::memcpyKind(std::int64_t kind) const { return lookup(m_memcpy, kind); }
std::string_view EnumLabels::memoryKind(std::int64_t kind) const { return lookup(m_memory, kind); }
std::string_view EnumLabels::syncType(std::int64_t type) const { return lookup(m_sync, type); }

std::optional<std::int64_t> EnumLabels::syncTypeByName(std::string_view name) const
{
    constexpr std::string_view kCuptiPrefix = "CUPTI_ACTIVITY_";
    if (name.substr(0, kCuptiPrefix.size()) == kCuptiPrefix)
        name.remove_prefix(kCuptiPrefix.size());
    for (const auto &[text, value] : kSyncTypeNames)
        if (text == name)
            return value;
    return std::nullopt;
}

std::string memcpyEventName(std::string_view kindLabel)
{
    return "[CUDA memcpy " + std::string(kindLabel) + "]";
}

} // namespace tracelane::nsys
