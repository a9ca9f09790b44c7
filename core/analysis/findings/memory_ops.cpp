#include "memory_ops.h"

#include <array>
#include <utility>

namespace tracelane::findings {
namespace {

constexpr std::array<std::pair<MemoryKind, std::string_view>, 8> kMemoryKinds{{
    {MemoryKind::Unknown, "Unknown"},
    {MemoryKind::Pageable, "Pageable"},
    {MemoryKind::Pinned, "Pinned"},
    {MemoryKind::Device, "Device"},
    {MemoryKind::Array, "Array"},
    {MemoryKind::Managed, "Managed"},
    {MemoryKind::DeviceStatic, "Device Static"},
    {MemoryKind::ManagedStatic, "Managed Static"},
}};

// Nsight Systems' ENUM_CUDA_MEMCPY_OPER labels and Kineto's short forms.
constexpr std::array<std::pair<std::string_view, CopyDirection>, 10> kDirections{{
    {"Host-to-Device", CopyDirection::HostToDevice},
    {"HtoD", CopyDirection::HostToDevice},
    {"Device-to-Host", CopyDirection::DeviceToHost},
    {"DtoH", CopyDirection::DeviceToHost},
    {"Device-to-Device", CopyDirection::DeviceToDevice},
    {"DtoD", CopyDirection::DeviceToDevice},
    {"Host-to-Host", CopyDirection::HostToHost},
    {"HtoH", CopyDirection::HostToHost},
    {"Peer-to-Peer", CopyDirection::PeerToPeer},
    {"PtoP", CopyDirection::PeerToPeer},
}};

std::string_view trimmed(std::string_view text)
{
    while (!text.empty() && text.front() == ' ')
        text.remove_prefix(1);
    while (!text.empty() && text.back() == ' ')
        text.remove_suffix(1);
    return text;
}

// "Memcpy HtoD (Pageable -> Device)": direction, then "(src -> dst)".
void readKinetoMemcpyName(std::string_view name, MemoryOp &op)
{
    constexpr std::string_view kPrefix = "Memcpy ";
    if (!name.starts_with(kPrefix))
        return;
    name.remove_prefix(kPrefix.size());
    const std::size_t open = name.find('(');
    op.direction = copyDirectionFromLabel(trimmed(name.substr(0, open)));
    if (open == std::string_view::npos)
        return;
    std::string_view kinds = name.substr(open + 1);
    if (const std::size_t close = kinds.rfind(')'); close != std::string_view::npos)
        kinds = kinds.substr(0, close);
    const std::size_t arrow = kinds.find("->");
    if (arrow == std::string_view::npos)
        return;
    op.src = memoryKindFromLabel(trimmed(kinds.substr(0, arrow)));
    op.dst = memoryKindFromLabel(trimmed(kinds.substr(arrow + 2)));
}

// "Memset (Device)".
void readKinetoMemsetName(std::string_view name, MemoryOp &op)
{
    const std::size_t open = name.find('('), close = name.rfind(')');
    if (!name.starts_with("Memset") || open == std::string_view::npos || close == std::string_view::npos || close < open)
        return;
    op.src = memoryKindFromLabel(trimmed(name.substr(open + 1, close - open - 1)));
}

} // namespace

std::string_view memoryKindLabel(MemoryKind kind)
{
    for (const auto &[k, label] : kMemoryKinds)
        if (k == kind)
            return label;
    return "Unknown";
}

MemoryKind memoryKindFromLabel(std::string_view label)
{
    for (const auto &[k, text] : kMemoryKinds)
        if (text == label)
            return k;
    return MemoryKind::Unknown;
}

CopyDirection copyDirectionFromLabel(std::string_view label)
{
    for (const auto &[text, direction] : kDirections)
        if (text == label)
            return direction;
    return label.empty() || label == "Unknown" ? CopyDirection::Unknown : CopyDirection::Other;
}

MemoryOpReader::MemoryOpReader(const Trace &trace)
    : m_trace(trace), m_bytes(trace.strings.find("bytes")), m_copyKind(trace.strings.find("copyKind")),
      m_srcKind(trace.strings.find("srcKind")), m_dstKind(trace.strings.find("dstKind")),
      m_memKind(trace.strings.find("memKind"))
{
}

MemoryOp MemoryOpReader::read(EventRef ref) const
{
    MemoryOp op;
    const Event &e = m_trace.event(ref);
    const Track &track = m_trace.tracks[ref.track];
    const std::array<std::optional<StringId>, 5> wanted = {m_bytes, m_copyKind, m_srcKind, m_dstKind, m_memKind};
    std::array<StringId, 5> keys{};
    std::array<std::optional<ArgValue>, 5> values;
    std::size_t n = 0;
    std::array<std::size_t, 5> slot{};
    for (std::size_t k = 0; k < wanted.size(); ++k) {
        slot[k] = wanted.size();
        if (wanted[k])
            keys[slot[k] = n++] = *wanted[k];
    }
    if (e.args != kNoArgs && n > 0)
        findArgs(m_trace.argSchemas, track.argBlob, e.args, std::span<const StringId>(keys.data(), n),
                 std::span<std::optional<ArgValue>>(values.data(), n));
    const auto value = [&](std::size_t k) -> const std::optional<ArgValue> & {
        static const std::optional<ArgValue> none;
        return slot[k] < n ? values[slot[k]] : none;
    };
    const auto text = [&](std::size_t k) -> std::optional<std::string_view> {
        const auto &v = value(k);
        if (!v || v->type != ArgType::String)
            return std::nullopt;
        return m_trace.strings.view(v->s);
    };
    if (const auto &bytes = value(0))
        op.bytes = bytes->asInt();

    const std::string_view name = m_trace.strings.view(e.name);
    if (e.kind == EventKind::Memcpy) {
        if (const auto copyKind = text(1)) { // Nsight Systems, nvprof
            op.direction = copyDirectionFromLabel(*copyKind);
            if (const auto src = text(2))
                op.src = memoryKindFromLabel(*src);
            if (const auto dst = text(3))
                op.dst = memoryKindFromLabel(*dst);
        } else {
            readKinetoMemcpyName(name, op);
        }
    } else if (e.kind == EventKind::Memset) {
        if (const auto memKind = text(4))
            op.src = memoryKindFromLabel(*memKind);
        else
            readKinetoMemsetName(name, op);
    }
    return op;
}

} // namespace tracelane::findings
