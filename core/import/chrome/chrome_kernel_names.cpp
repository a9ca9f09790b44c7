// ChromeEventMapper: GPU kernel names as people read them. Kineto writes the
// kernel name its runtime reports; ROCm (and some CUTLASS kernels on CUDA)
// report the mangled symbol (_ZN5aiter...), which the timeline, summaries and
// CLI show demangled, as nsys and nvprof traces are. The mangled name stays
// as the "mangledName" argument, the name the nsys importer gives it.
#include "chrome_event_mapper.h"

#include "import/demangle.h"

namespace tracelane {

StringId ChromeEventMapper::readableKernelName(StringId name)
{
    const std::string_view text = m_builder.strings().view(name);
    if (text.size() < 3 || text.substr(0, 2) != "_Z")
        return name;
    auto [it, inserted] = m_demangledNames.try_emplace(name, name);
    if (inserted)
        if (const auto demangled = demangle(text)) // once per kernel, not per launch
            it->second = m_builder.internName(*demangled);
    return it->second;
}

} // namespace tracelane
