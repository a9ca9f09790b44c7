#include "rank_pace.h"

#include "analysis/ranks/trace_label.h"
#include "model/time_math.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace tracelane {
namespace {

double paceMedian(std::vector<double> values)
{
    if (values.empty())
        return 0.0;
    const std::size_t mid = values.size() / 2;
    std::nth_element(values.begin(), values.begin() + std::ptrdiff_t(mid), values.end());
    const double upper = values[mid];
    if (values.size() % 2 == 1)
        return upper;
    const double lower = *std::max_element(values.begin(), values.begin() + std::ptrdiff_t(mid));
    return (lower + upper) / 2.0;
}

} // namespace

PaceTable rankPace(std::vector<RankCollectiveFacts> ranks, double madLimit)
{
    std::vector<TraceLabel> labels;
    for (const RankCollectiveFacts &r : ranks)
        labels.push_back({r.rank, r.file});
    const std::vector<std::size_t> order = rankOrder(labels);

    PaceTable pace;
    pace.madLimit = madLimit;
    pace.sharedClock = !ranks.empty() && std::all_of(ranks.begin(), ranks.end(), [](const RankCollectiveFacts &r) {
        return r.clockOffset.has_value();
    });
    std::map<std::int64_t, PaceIteration> byNumber;
    for (std::size_t k = 0; k < order.size(); ++k) {
        const RankCollectiveFacts &facts = ranks[order[k]];
        pace.ranks.push_back(labels[order[k]].label());
        const TimeNs shift = pace.sharedClock ? *facts.clockOffset : -facts.traceStart;
        std::map<std::int64_t, bool> seen;
        for (const IterationSpan &span : facts.iterations) {
            if (seen[span.number]) // a number twice on one rank: the first counts
                continue;
            seen[span.number] = true;
            PaceIteration &it = byNumber[span.number];
            it.number = span.number;
            it.entries.push_back({k, saturatingAdd(span.start, shift), span.duration, 0, false});
        }
    }
    for (auto &[number, it] : byNumber) {
        std::vector<double> durations;
        for (const PaceEntry &e : it.entries)
            durations.push_back(double(e.duration));
        it.median = paceMedian(durations);
        std::vector<double> deviations;
        for (const PaceEntry &e : it.entries)
            deviations.push_back(std::fabs(double(e.duration) - it.median));
        it.mad = paceMedian(deviations);
        for (PaceEntry &e : it.entries) {
            e.deviation = TimeNs(std::llround(double(e.duration) - it.median));
            e.outlier = std::fabs(double(e.duration) - it.median) > madLimit * it.mad;
            pace.outliers += e.outlier ? 1 : 0;
        }
        pace.iterations.push_back(std::move(it));
    }
    return pace;
}

Table paceTable(const PaceTable &pace)
{
    Table table;
    table.columns = {"Iteration",      "Rank",           "Start (ns)",      "Duration (ns)",
                     "Median (ns)",    "Deviation (ns)", "Deviation (MAD)", "Outlier"};
    for (const PaceIteration &it : pace.iterations)
        for (const PaceEntry &e : it.entries) {
            const double deviation = double(e.duration) - it.median;
            table.rows.push_back({Cell::integer(it.number), Cell::text(pace.ranks[e.rank]), Cell::integer(e.start),
                                  Cell::integer(e.duration), Cell::fixed(it.median, 1), Cell::integer(e.deviation),
                                  it.mad > 0 ? Cell::fixed(deviation / it.mad, 2) : Cell::empty(),
                                  e.outlier ? Cell::text("yes") : Cell::empty()});
        }
    return table;
}

} // namespace tracelane
