#pragma once
// What the Critical Path dock shows, computed on a worker thread: the path of
// every iteration (the first kMaxSteps), or of the whole trace when it has none.

#include "analysis/critical/critical_path.h"
#include "analysis/operators/iteration_table.h"

#include <QString>

#include <vector>

namespace tracelane {

struct CriticalPathStepResult
{
    QString label; // "ProfilerStep#5", "Whole trace"
    PathScope scope;
    CriticalPath path;
};

struct CriticalPathReport
{
    static constexpr std::size_t kMaxSteps = 200;

    std::vector<CriticalPathStepResult> steps;
    std::size_t iterations = 0; // found; more than steps.size() when cut at kMaxSteps
};

CriticalPathReport computeCriticalPathReport(const Trace &trace, const IterationOptions &options);

} // namespace tracelane
