#pragma once
// Which engine work a GPU operation is, from its kind and name: collectives
// (NCCL, RCCL, HCCL), memory traffic (memcpy, memset, DMA kernels) or compute.
// Definitions in docs/ANALYSIS_EFFICIENCY.md.

#include "model/event.h"

#include <cstdint>
#include <string_view>
#include <vector>

namespace tracelane {

enum class GpuOpClass : std::uint8_t { Compute, Communication, Memory };
constexpr int kGpuOpClassCount = 3;

GpuOpClass classifyGpuOp(EventKind kind, std::string_view name);
std::string_view gpuOpClassName(GpuOpClass opClass); // "compute", "communication", "memory"

// classifyGpuOp once per name: analyses that classify every GPU op of a trace
// meet the same few hundred kernel names hundreds of thousands of times.
class GpuOpClassifier
{
public:
    explicit GpuOpClassifier(const StringTable &strings) : m_strings(strings), m_byName(strings.size(), kUnknown) {}

    GpuOpClass operator()(const Event &e)
    {
        if (e.kind == EventKind::Memcpy || e.kind == EventKind::Memset)
            return GpuOpClass::Memory;
        if (e.name >= m_byName.size())
            return classifyGpuOp(e.kind, m_strings.view(e.name));
        std::uint8_t &known = m_byName[e.name];
        if (known == kUnknown)
            known = std::uint8_t(classifyGpuOp(e.kind, m_strings.view(e.name)));
        return GpuOpClass(known);
    }

private:
    static constexpr std::uint8_t kUnknown = 0xFF;
    const StringTable &m_strings;
    std::vector<std::uint8_t> m_byName;
};

} // namespace tracelane
