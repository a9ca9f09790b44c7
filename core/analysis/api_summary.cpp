#include "api_summary.h"

namespace tracelane {

NameSummary apiSummary(const Trace &trace)
{
    return summarizeByName(trace, {EventKind::ApiCall});
}

Table apiSummaryTable(const NameSummary &summary)
{
    return nameSummaryTable(summary, "Num Calls", "Name");
}

} // namespace tracelane
