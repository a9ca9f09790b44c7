#pragma once
// Launch overheads T1-T5 (the split of the DLRM paper), per operator name:
//   T1 gap between consecutive ops under the same parent (over 200 µs: data loading)
//   T2 op start -> its first launch call's start
//   T3 its last launch call's end -> op end
//   T4 launch call durations, by API
//   T5 gaps between consecutive launch calls inside the op (an op that launches
//      nothing: its whole duration)
// Definitions in docs/ANALYSIS_EFFICIENCY.md.

#include "model/trace.h"

#include "export/table.h"

#include <string>
#include <vector>

namespace tracelane {

struct OverheadOptions
{
    int depth = 0;       // nesting depth of the ops, counting CPU ops (or ranges) only
    bool ranges = false; // ranges instead of CPU ops; also used when the trace has no CPU ops
    TimeNs dataLoadingGap = 200'000; // T1 gaps longer than this are data loading
};

// Count, total, mean and sample standard deviation, accumulated one value at a time.
class OverheadStats
{
public:
    void add(TimeNs value);
    std::int64_t count() const { return m_count; }
    TimeNs total() const { return m_total; }
    double mean() const { return m_count ? static_cast<double>(m_mean) : 0.0; }
    double stddev() const; // n - 1; 0 for fewer than two values

private:
    std::int64_t m_count = 0;
    TimeNs m_total = 0;
    long double m_mean = 0, m_squares = 0; // Welford's running mean and sum of squared deviations
};

struct OpOverheads
{
    std::string name;
    std::int64_t launches = 0; // launch calls inside the instances
    OverheadStats duration;    // the op itself; its count is the number of instances
    OverheadStats t1, t2, t3, t5; // t1: the gaps before instances; t2, t3: instances that launch
};

struct ApiOverheads
{
    std::string api; // as `api` names it
    OverheadStats t4;
};

struct LaunchOverheads
{
    OverheadOptions options; // ranges is set when ranges were used
    std::vector<OpOverheads> ops; // by T5 total descending, then name
    OverheadStats t1, dataLoading;
    std::vector<ApiOverheads> t4; // by total descending, then name
};

LaunchOverheads launchOverheads(const Trace &trace, OverheadOptions options = {});

// Op,Calls,T2 Mean (ns),T3 Mean (ns),T5 Mean (ns),T5 Total (ns),Launches,Mean (ns),Std (ns),Total (ns);
// op rows, then "T1 between ops", "T1 data loading (> 200 us)" and one "T4 <API>" row per API.
Table overheadsTable(const LaunchOverheads &overheads);
// Op,Overhead,Count,Mean (ns),Std (ns),Total (ns): every statistic, one per row.
Table overheadsLongTable(const LaunchOverheads &overheads);

} // namespace tracelane
