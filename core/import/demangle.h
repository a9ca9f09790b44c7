#pragma once
// C++ symbol names as people read them. nvprof and OpenCL traces store kernel
// names mangled (_ZN7mshadow4cuda13MapPlanKernel...); the timeline, summaries
// and search show the demangled form and keep the mangled one as an argument. Short display names: analysis/gpu/kernel_name.h.

#include <optional>
#include <string>
#include <string_view>

namespace tracelane {

// The demangled name, or nullopt when `name` is not an Itanium-mangled symbol
// (plain C names such as "volta_sgemm_128x128_tn" stay as they are).
std::optional<std::string> demangle(std::string_view name);

} // namespace tracelane
