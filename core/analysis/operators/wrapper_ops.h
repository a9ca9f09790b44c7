#pragma once
// Wrappers: CPU ops and ranges that only hold the real work and name none of
// it. A torch.compile'd step is one "Torch-Compiled Region: 0/0" op; the
// profiler wraps each step in "ProfilerStep#N"; the autograd engine wraps each
// backward op in "autograd::engine::evaluate_function: X". At depth 0 the
// Breakdown would show one bar for each; it looks through them instead, so
// depth 0 is what they hold (op_kernel_breakdown.h).

#include "model/string_table.h"

#include <string_view>
#include <vector>

namespace tracelane {

// The wrapper's family ("Torch-Compiled Region", "ProfilerStep#N",
// "autograd::engine::evaluate_function"); empty for a name that is no wrapper.
std::string_view wrapperFamily(std::string_view name);

// Whether each string of `strings` names a wrapper of `strings`, indexed by StringId.
std::vector<bool> wrapperNames(const StringTable &strings);

} // namespace tracelane
