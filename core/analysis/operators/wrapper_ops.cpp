#include "wrapper_ops.h"

#include <algorithm>

namespace tracelane {
namespace {

bool isDigits(std::string_view text)
{
    return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

} // namespace

std::string_view wrapperFamily(std::string_view name)
{
    constexpr std::string_view kCompiledRegion = "Torch-Compiled Region";
    constexpr std::string_view kProfilerStep = "ProfilerStep#";
    constexpr std::string_view kEvaluateFunction = "autograd::engine::evaluate_function: ";
    if (name.starts_with(kCompiledRegion))
        return kCompiledRegion;
    if (name.starts_with(kEvaluateFunction))
        return kEvaluateFunction.substr(0, kEvaluateFunction.size() - 2);
    if (name.starts_with(kProfilerStep) && isDigits(name.substr(kProfilerStep.size())))
        return "ProfilerStep#N";
    return {};
}

std::vector<bool> wrapperNames(const StringTable &strings)
{
    std::vector<bool> wrappers(strings.size());
    for (StringId id = 0; id < strings.size(); ++id)
        wrappers[id] = !wrapperFamily(strings.view(id)).empty();
    return wrappers;
}

} // namespace tracelane
