#pragma once
// Kernel names as both AMD formats store them: usually demangled already, but
// a kernel launched by symbol (a HIP graph task, some PyTorch extensions) keeps
// its mangled name. Each distinct name is demangled and shortened once.

#include "model/trace_builder.h"

#include <string_view>
#include <unordered_map>

namespace tracelane::rocm {

struct KernelName
{
    StringId name = 0;      // demangled when it was mangled
    StringId shortName = 0; // analysis/gpu/kernel_name.h
    StringId mangled = 0;   // the stored name when it was mangled, else 0
};

// Names are keyed by the StringId of the stored text.
class KernelNames
{
public:
    explicit KernelNames(TraceBuilder &builder);
    const KernelName &of(StringId stored);
    // Adds shortName (and mangledName) to the builder's pending arguments.
    void addArgs(const KernelName &name);

private:
    TraceBuilder &m_builder;
    StringId m_shortKey = 0, m_mangledKey = 0;
    std::unordered_map<StringId, KernelName> m_names;
};

} // namespace tracelane::rocm
