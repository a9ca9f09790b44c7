#include "rocm_gpu_ops.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string>
#include <utility>

namespace tracelane::rocm {
namespace {

// Lower case without '_' and ' ', so "CopyHostToDevice" and
// "MEMORY_COPY_HOST_TO_DEVICE" compare alike.
std::string rocmFoldedOpName(std::string_view name)
{
    std::string folded;
    folded.reserve(name.size());
    for (const char c : name)
        if (c != '_' && c != ' ')
            folded.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    return folded;
}

bool rocmContains(std::string_view text, std::string_view part)
{
    return text.find(part) != std::string_view::npos;
}

} // namespace

std::optional<EventKind> gpuOpKind(std::string_view opType)
{
    const std::string name = rocmFoldedOpName(opType);
    if (name == "task" || rocmContains(name, "kernel"))
        return EventKind::Kernel;
    if (rocmContains(name, "copy") || rocmContains(name, "memcpy"))
        return EventKind::Memcpy;
    if (rocmContains(name, "fill") || rocmContains(name, "memset"))
        return EventKind::Memset;
    return std::nullopt;
}

std::string_view copyDirectionLabel(std::string_view opType)
{
    static constexpr std::array<std::pair<std::string_view, std::string_view>, 5> kDirections{{
        {"hosttodevice", "Host-to-Device"},
        {"devicetohost", "Device-to-Host"},
        {"devicetodevice", "Device-to-Device"},
        {"hosttohost", "Host-to-Host"},
        {"peertopeer", "Peer-to-Peer"},
    }};
    const std::string name = rocmFoldedOpName(opType);
    for (const auto &[part, label] : kDirections)
        if (rocmContains(name, part))
            return label;
    return {};
}

} // namespace tracelane::rocm
