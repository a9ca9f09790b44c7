#pragma once
// nvprof stores CUPTI's CUpti_ActivityObjectKindId union as a raw 12-byte blob
// in MARKER.objectId and NAME.objectId. Its fields are little-endian uint32:
//   objectKind 1 (process), 2 (thread): processId, threadId
//   objectKind 3 (device), 4 (context), 5 (stream): deviceId, contextId, streamId
// e.g. CF010000 00000000 ... is process 463.

#include <cstdint>
#include <optional>
#include <string_view>

namespace tracelane::nvprof {

enum class ObjectKind : std::int64_t { Unknown = 0, Process = 1, Thread = 2, Device = 3, Context = 4, Stream = 5 };

// The index-th little-endian uint32 of the blob; nullopt when the blob is too short.
inline std::optional<std::uint32_t> objectIdField(std::string_view blob, std::size_t index)
{
    const std::size_t at = index * 4;
    if (blob.size() < at + 4)
        return std::nullopt;
    std::uint32_t v = 0;
    for (std::size_t i = 0; i < 4; ++i)
        v |= std::uint32_t(static_cast<unsigned char>(blob[at + i])) << (8 * i);
    return v;
}

} // namespace tracelane::nvprof
