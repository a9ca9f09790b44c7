#include "rocm_names.h"

#include "analysis/gpu/kernel_name.h"
#include "import/demangle.h"

namespace tracelane::rocm {

KernelNames::KernelNames(TraceBuilder &builder)
    : m_builder(builder), m_shortKey(builder.intern("shortName")), m_mangledKey(builder.intern("mangledName"))
{
}

const KernelName &KernelNames::of(StringId stored)
{
    const auto [it, inserted] = m_names.try_emplace(stored);
    if (inserted) {
        const std::string text(m_builder.strings().view(stored));
        const auto demangled = demangle(text);
        it->second.name = demangled ? m_builder.internName(*demangled) : stored;
        it->second.mangled = demangled ? stored : 0;
        it->second.shortName = m_builder.internName(shortKernelName(demangled ? *demangled : text));
    }
    return it->second;
}

void KernelNames::addArgs(const KernelName &name)
{
    m_builder.args().add(m_shortKey, ArgValue::ofString(name.shortName));
    if (name.mangled)
        m_builder.args().add(m_mangledKey, ArgValue::ofString(name.mangled));
}

} // namespace tracelane::rocm
