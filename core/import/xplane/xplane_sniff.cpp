#include "xplane_sniff.h"

#include <cstdint>
#include <optional>

namespace tracelane::xplane {
namespace {

// A varint from the front of `bytes`; nullopt when cut off or over ten bytes.
std::optional<std::uint64_t> xplaneSniffVarint(std::string_view &bytes)
{
    std::uint64_t value = 0;
    for (int shift = 0; shift < 64 && !bytes.empty(); shift += 7) {
        const auto byte = static_cast<unsigned char>(bytes.front());
        bytes.remove_prefix(1);
        value |= static_cast<std::uint64_t>(byte & 0x7f) << shift;
        if ((byte & 0x80) == 0)
            return value;
    }
    return std::nullopt;
}

bool isPlaneName(std::string_view name)
{
    for (const std::string_view prefix : {"/host:", "/device:", "/custom:", "Task Environment"})
        if (name.starts_with(prefix))
            return true;
    return false;
}

} // namespace

bool looksLikeXSpace(std::string_view head)
{
    // XSpace.planes = 1, wire type 2.
    if (head.empty() || static_cast<unsigned char>(head.front()) != 0x0a)
        return false;
    head.remove_prefix(1);
    const auto planeLength = xplaneSniffVarint(head);
    if (!planeLength || *planeLength == 0)
        return false;
    std::string_view plane = head.substr(0, std::min<std::uint64_t>(*planeLength, head.size()));
    // XPlane.id = 1 (varint) may come first; then XPlane.name = 2.
    const auto tag = xplaneSniffVarint(plane);
    if (!tag)
        return false;
    std::uint64_t nameTag = *tag;
    if (nameTag == 0x08) {
        if (!xplaneSniffVarint(plane))
            return false;
        const auto next = xplaneSniffVarint(plane);
        if (!next)
            return false;
        nameTag = *next;
    }
    if (nameTag != 0x12)
        return false;
    const auto nameLength = xplaneSniffVarint(plane);
    if (!nameLength || *nameLength == 0 || *nameLength > 1024 || *nameLength > plane.size())
        return false;
    return isPlaneName(plane.substr(0, *nameLength));
}

} // namespace tracelane::xplane
