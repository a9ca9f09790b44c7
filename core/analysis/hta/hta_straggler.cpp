// The ranks' facts combined as HTA's get_potential_stragglers combines their frames
// (hta/analyzers/straggler_analysis.py and straggler.py at f4d0062).
#include "hta_straggler.h"

#include "hta_numpy_sort.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>
#include <tuple>

namespace tracelane {
namespace {

constexpr double kStragNaN = std::numeric_limits<double>::quiet_NaN();

std::string stragList(const std::vector<std::int64_t> &values)
{
    std::string text = "[";
    for (std::size_t k = 0; k < values.size(); ++k)
        text += (k ? ", " : "") + std::to_string(values[k]);
    return text + "]";
}

// One kernel row after HTA's groupby(...).last(), before the metric is chosen.
struct StragLast
{
    std::int64_t rank = 0;
    const HtaStragglerKernel *kernel = nullptr;
};

// pandas' groupby std (ddof=1): Welford's update in row order; NaN below two values.
class StragWelford
{
public:
    void add(double value)
    {
        ++m_count;
        const double oldMean = m_mean;
        m_mean += (value - oldMean) / double(m_count);
        m_sum += (value - m_mean) * (value - oldMean);
    }
    double std() const { return m_count <= 1 ? kStragNaN : std::sqrt(m_sum / double(m_count - 1)); }

private:
    std::int64_t m_count = 0;
    double m_mean = 0, m_sum = 0;
};

// pandas' groupby mean: a Kahan-compensated sum over the values that are not NaN.
class StragKahanMean
{
public:
    void add(double value)
    {
        if (std::isnan(value))
            return;
        ++m_count;
        const double y = value - m_compensation;
        const double t = m_sum + y;
        m_compensation = t - m_sum - y;
        m_sum = t;
    }
    double mean() const { return m_count == 0 ? kStragNaN : m_sum / double(m_count); }

private:
    std::int64_t m_count = 0;
    double m_sum = 0, m_compensation = 0;
};

// The k-th largest value (k from 1), HTA's threshold; none when there are fewer values,
// where HTA's list index fails.
std::optional<double> stragThreshold(std::vector<double> values, int k)
{
    if (values.size() < std::size_t(k))
        return std::nullopt;
    std::sort(values.begin(), values.end(), std::greater<>());
    return values[std::size_t(k) - 1];
}

// Series.sort_values(ascending=False) on the counts: pandas' nargsort reverses the
// values, argsorts them with numpy's quicksort (not stable past 16 values), and
// reverses the result.
std::vector<std::size_t> stragDescendingOrder(const std::vector<HtaStragglerCount> &counts)
{
    std::vector<double> reversed;
    for (auto it = counts.rbegin(); it != counts.rend(); ++it)
        reversed.push_back(double(it->count));
    const std::vector<std::uint32_t> ascending = numpyQuicksortOrder(reversed);
    std::vector<std::size_t> order;
    for (auto it = ascending.rbegin(); it != ascending.rend(); ++it)
        order.push_back(counts.size() - 1 - *it);
    return order;
}

} // namespace

HtaStragglerResult htaStragglers(const std::vector<HtaStragglerFacts> &input, int candidates,
                                 std::optional<std::vector<std::int64_t>> steps)
{
    HtaStragglerResult result;
    const int n = std::max(candidates, 1);

    // HTA files ranks by number (a file without rows is left out) and aligns them on the earliest row.
    std::vector<const HtaStragglerFacts *> ranks;
    for (const HtaStragglerFacts &f : input)
        if (f.rows > 0)
            ranks.push_back(&f);
    std::sort(ranks.begin(), ranks.end(), [](auto *a, auto *b) { return a->rank < b->rank; });
    for (std::size_t k = 1; k < ranks.size(); ++k)
        if (ranks[k]->rank == ranks[k - 1]->rank) {
            result.error = "two traces of rank " + std::to_string(ranks[k]->rank)
                + ": HTA would keep only one of them (the last file it lists)";
            return result;
        }
    double minTs = std::numeric_limits<double>::infinity();
    std::set<std::int64_t> available;
    for (const HtaStragglerFacts *f : ranks) {
        minTs = std::min(minTs, f->minTs);
        available.insert(f->steps.begin(), f->steps.end());
    }
    result.availableSteps.assign(available.begin(), available.end());

    // The steps asked for that exist, in the order asked; all of them when none is asked for.
    std::vector<std::int64_t> valid;
    if (steps) {
        for (std::int64_t s : *steps)
            if (available.contains(s))
                valid.push_back(s);
    } else
        valid = result.availableSteps;
    if (valid.empty()) {
        result.error = "ValueError: invalid value for argument: profiler_steps="
            + (steps ? stragList(*steps) : std::string("None"))
            + "; available profiler steps=" + stragList(result.availableSteps);
        return result;
    }
    const std::set<std::int64_t> selected(valid.begin(), valid.end());

    // t_min and the mean iteration time are over every row of every rank in the selected steps.
    std::set<std::int64_t> present;
    double tMin = std::numeric_limits<double>::infinity();
    double maxEnd = -std::numeric_limits<double>::infinity();
    for (const HtaStragglerFacts *f : ranks)
        for (const HtaStragglerIteration &i : f->iterations)
            if (selected.contains(i.iteration)) {
                present.insert(i.iteration);
                tMin = std::min(tMin, i.minTs - minTs);
                maxEnd = std::max(maxEnd, (i.lastEndTs - minTs) + i.lastEndDur);
            }
    result.iterations.assign(present.begin(), present.end());
    if (present.empty()) {
        result.error = "ValueError: attempt to get argmax of an empty sequence";
        return result;
    }
    result.tMin = tMin;
    result.meanIterationTime = (maxEnd - tMin) / double(present.size());
    const double meanIter = result.meanIterationTime;
    // Significant: at least 1% of the mean iteration time long.
    const double minDuration = meanIter * 0.01;

    // groupby(["rank", "stream", "iteration", "name"]).last(): the last significant
    // kernel in row order of each group, groups sorted by their keys.
    using StragKey = std::tuple<std::int64_t, std::int64_t, std::int64_t, std::string_view>;
    std::map<StragKey, StragLast> last;
    for (const HtaStragglerFacts *f : ranks)
        for (const HtaStragglerKernel &k : f->kernels) {
            // ncclKernel*, stream > 0 and iteration > 0 hold already (the facts keep no other).
            if (!present.contains(k.iteration) || !(k.dur >= minDuration))
                continue;
            last[StragKey{f->rank, k.stream, k.iteration, k.name}] = StragLast{f->rank, &k};
        }

    // Per (stream, iteration, name): the std across ranks of dur / mean iteration time,
    // in rank order; per (stream, name): the mean of those over iterations, NaN skipped.
    std::map<std::tuple<std::int64_t, std::int64_t, std::string_view>, StragWelford> spread;
    for (const auto &[key, row] : last)
        spread[{std::get<1>(key), std::get<2>(key), std::get<3>(key)}].add(row.kernel->dur / meanIter);
    std::map<std::pair<std::int64_t, std::string_view>, StragKahanMean> score;
    for (const auto &[key, welford] : spread)
        score[{std::get<0>(key), std::get<2>(key)}].add(welford.std());

    // idxmax: the first largest score in (stream, name) order. HTA orders names by
    // symbol id, which follows Python's string hashing; Tracelane orders them by text.
    const std::pair<std::int64_t, std::string_view> *chosen = nullptr;
    double best = 0;
    for (const auto &[key, mean] : score) {
        result.candidates.push_back(HtaStragglerCandidate{key.first, std::string(key.second), mean.mean()});
        if (!std::isnan(mean.mean()) && (!chosen || mean.mean() > best)) {
            chosen = &key;
            best = mean.mean();
        }
    }
    if (score.empty()) {
        result.error = "ValueError: attempt to get argmax of an empty sequence";
        return result;
    }
    if (!chosen) {
        // pandas returns NaN when every score is NaN (one rank per iteration), which HTA cannot unpack.
        result.error = "TypeError: cannot unpack non-iterable float object";
        return result;
    }
    result.stream = chosen->first;
    result.kernel = std::string(chosen->second);
    for (const auto &[key, row] : last)
        if (std::get<1>(key) == result.stream && std::get<3>(key) == result.kernel)
            result.metric.push_back(HtaStragglerMetricRow{row.rank, std::get<2>(key),
                                                          ((row.kernel->ts - minTs) - tMin) / meanIter,
                                                          row.kernel->ts - minTs, row.kernel->dur});

    // Top k: a rank is a straggler in an iteration when its metric is at least the
    // k-th largest (ties all count). With one iteration, one threshold over all rows.
    std::set<std::int64_t> metricIterations;
    for (const HtaStragglerMetricRow &m : result.metric)
        metricIterations.insert(m.iteration);
    std::map<std::int64_t, std::int64_t> countOf;
    const auto mark = [&](const std::vector<const HtaStragglerMetricRow *> &rows) {
        std::vector<double> values;
        for (const auto *m : rows)
            values.push_back(m->normalizedStart);
        const std::optional<double> threshold = stragThreshold(values, n);
        if (!threshold)
            return false;
        for (const auto *m : rows)
            countOf[m->rank] += m->normalizedStart >= *threshold ? 1 : 0;
        return true;
    };
    bool complete = true;
    if (metricIterations.size() <= 1) {
        std::vector<const HtaStragglerMetricRow *> all;
        for (const HtaStragglerMetricRow &m : result.metric)
            all.push_back(&m);
        complete = mark(all);
    } else
        for (std::int64_t iteration : metricIterations) {
            std::vector<const HtaStragglerMetricRow *> group;
            for (const HtaStragglerMetricRow &m : result.metric)
                if (m.iteration == iteration)
                    group.push_back(&m);
            complete = complete && mark(group);
        }
    if (!complete) {
        result.error = "IndexError: list index out of range";
        return result;
    }
    for (const auto &[rank, count] : countOf)
        result.counts.push_back(HtaStragglerCount{rank, count});

    // The first k ranks by count, most first, in pandas' order.
    for (std::size_t position : stragDescendingOrder(result.counts)) {
        if (result.stragglers.size() == std::size_t(n))
            break;
        result.stragglers.push_back(result.counts[position].rank);
    }
    return result;
}

Table htaStragglerTable(const HtaStragglerResult &result)
{
    Table table;
    table.columns = {"Rank", "Straggler Count", "Potential Straggler"};
    for (const HtaStragglerCount &c : result.counts) {
        const bool chosen = std::find(result.stragglers.begin(), result.stragglers.end(), c.rank)
            != result.stragglers.end();
        table.rows.push_back({Cell::integer(c.rank), Cell::integer(c.count), Cell::text(chosen ? "Yes" : "No")});
    }
    return table;
}

Table htaStragglerMetricTable(const HtaStragglerResult &result)
{
    Table table;
    table.columns = {"Rank", "Iteration", "Stream", "Kernel", "Start (us)", "Duration (us)", "Normalized Start"};
    for (const HtaStragglerMetricRow &m : result.metric)
        table.rows.push_back({Cell::integer(m.rank), Cell::integer(m.iteration), Cell::integer(result.stream),
                              Cell::text(result.kernel), Cell::fixed(m.ts, 3), Cell::fixed(m.dur, 3),
                              Cell::fixed(m.normalizedStart, 6)});
    return table;
}

} // namespace tracelane
