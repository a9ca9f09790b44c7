#pragma once
// What a memcpy or memset moved and between which kinds of memory, however the
// importer recorded it: Nsight Systems and nvprof as arguments (copyKind,
// srcKind, dstKind, memKind labels, bytes), the PyTorch profiler (Kineto) in
// the name ("Memcpy HtoD (Pageable -> Device)", "Memset (Device)") with bytes
// as an argument.

#include "model/trace.h"

#include <cstdint>
#include <optional>
#include <string_view>

namespace tracelane::findings {

// ENUM_CUDA_MEM_KIND of Nsight Systems, by label.
enum class MemoryKind : std::uint8_t { Unknown, Pageable, Pinned, Device, Array, Managed, DeviceStatic, ManagedStatic };
std::string_view memoryKindLabel(MemoryKind kind); // "Pageable", ... as nsys prints it
MemoryKind memoryKindFromLabel(std::string_view label);

enum class CopyDirection : std::uint8_t { Unknown, HostToDevice, DeviceToHost, DeviceToDevice, HostToHost, PeerToPeer, Other };
CopyDirection copyDirectionFromLabel(std::string_view label); // "Host-to-Device" or Kineto's "HtoD"

struct MemoryOp
{
    CopyDirection direction = CopyDirection::Unknown; // memcpy only
    MemoryKind src = MemoryKind::Unknown;             // memcpy source, or the memset's memory
    MemoryKind dst = MemoryKind::Unknown;             // memcpy destination
    std::optional<std::int64_t> bytes;
};

// Reads the arguments of a trace's memory ops; the argument keys are looked up once.
class MemoryOpReader
{
public:
    explicit MemoryOpReader(const Trace &trace);
    MemoryOp read(EventRef op) const; // a Memcpy or Memset event

private:
    const Trace &m_trace;
    std::optional<StringId> m_bytes, m_copyKind, m_srcKind, m_dstKind, m_memKind;
};

} // namespace tracelane::findings
