#include "panels/critical/critical_path_report.h"

#include "analysis/critical/critical_path_scope.h"
#include "analysis/critical/path_context.h"

#include <QCoreApplication>

namespace tracelane {

CriticalPathReport computeCriticalPathReport(const Trace &trace, const IterationOptions &options)
{
    CriticalPathReport report;
    IterationTable table;
    try {
        table = detectIterations(trace, options);
    } catch (const std::exception &) {
        // A bad pattern: the whole trace, as for a trace without iterations.
    }
    report.iterations = table.iterations.size();
    const PathContext context(trace);
    for (const Iteration &iteration : table.iterations) {
        if (report.steps.size() == CriticalPathReport::kMaxSteps)
            break;
        CriticalPathStepResult step;
        step.label = QString::fromStdString(iteration.name);
        if (iteration.ref.isValid()) {
            step.scope = pathScopeOfEvent(trace, iteration.ref);
        } else {
            step.scope.start = iteration.start;
            step.scope.end = iteration.end;
        }
        step.path = criticalPath(context, step.scope);
        report.steps.push_back(std::move(step));
    }
    if (report.steps.empty() && !trace.isEmpty()) {
        CriticalPathStepResult whole;
        whole.label = QCoreApplication::translate("tracelane::CriticalPathPanel", "Whole trace");
        whole.scope = wholeTracePathScope(trace);
        whole.path = criticalPath(context, whole.scope);
        report.steps.push_back(std::move(whole));
    }
    return report;
}

} // namespace tracelane
