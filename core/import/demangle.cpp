#include "demangle.h"

#include <cstdlib>
#include <cxxabi.h>
#include <memory>

namespace tracelane {

std::optional<std::string> demangle(std::string_view name)
{
    if (name.size() < 3 || name.substr(0, 2) != "_Z")
        return std::nullopt;
    const std::string mangled(name); // __cxa_demangle needs a terminated string
    int status = 0;
    const std::unique_ptr<char, void (*)(void *)> text(
        abi::__cxa_demangle(mangled.c_str(), nullptr, nullptr, &status), std::free);
    if (status != 0 || !text)
        return std::nullopt;
    return std::string(text.get());
}

namespace {

// Index of the '(' that opens the parameter list: the first one outside template brackets.
std::size_t parameterListStart(std::string_view name)
{
    int angle = 0;
    for (std::size_t i = 0; i < name.size(); ++i) {
        const char c = name[i];
        if (c == '<')
            ++angle;
        else if (c == '>' && angle > 0)
            --angle;
        else if (c == '(' && angle == 0 && i > 0)
            return i;
    }
    return name.size();
}

} // namespace

std::string shortKernelName(std::string_view demangled)
{
    std::string_view name = demangled.substr(0, parameterListStart(demangled));
    // Drop a trailing template argument list, balanced.
    if (!name.empty() && name.back() == '>') {
        int depth = 0;
        for (std::size_t i = name.size(); i-- > 0;) {
            if (name[i] == '>')
                ++depth;
            else if (name[i] == '<' && --depth == 0) {
                name = name.substr(0, i);
                break;
            }
        }
    }
    // The return type of a function template comes before a space: "void foo<int>(...)".
    if (const std::size_t space = name.rfind(' '); space != std::string_view::npos && name.find('<') == std::string_view::npos)
        name = name.substr(space + 1);
    if (const std::size_t scope = name.rfind("::"); scope != std::string_view::npos)
        name = name.substr(scope + 2);
    return name.empty() ? std::string(demangled) : std::string(name);
}

} // namespace tracelane
