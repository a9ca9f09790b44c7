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

} // namespace tracelane
