// Aggregates SQLite lacks that trace summaries need: median(x), stddev(x)
// (sample, n - 1, as nsys reports it) and variance(x). NULLs are skipped; an
// empty group gives NULL. Integers are kept exact: the median of an even count
// of integers is the mean of the two middle ones, ending in .0 or .5, the same
// numbers as the CLI's summaries (analysis/summaries/duration_stats.h).
#include "sql_tables.h"

#include "analysis/summaries/duration_stats.h"

#include <sqlite3.h>

#include <algorithm>
#include <cmath>
#include <new>
#include <vector>

namespace tracelane::sql {
namespace {

struct Samples
{
    std::vector<std::int64_t> integers;
    std::vector<double> reals; // every value once a non-integer arrives
    bool onlyIntegers = true;

    void add(sqlite3_value *value)
    {
        const int type = sqlite3_value_numeric_type(value);
        if (type == SQLITE_NULL)
            return;
        if (type == SQLITE_INTEGER && onlyIntegers) {
            integers.push_back(sqlite3_value_int64(value));
            return;
        }
        if (onlyIntegers) {
            onlyIntegers = false;
            reals.assign(integers.begin(), integers.end());
            integers = {};
        }
        reals.push_back(sqlite3_value_double(value));
    }
    std::size_t size() const { return onlyIntegers ? integers.size() : reals.size(); }
};

// The aggregate context holds a pointer to the samples, freed in xFinal.
Samples *samplesOf(sqlite3_context *context, bool create)
{
    auto **slot = static_cast<Samples **>(sqlite3_aggregate_context(context, create ? sizeof(Samples *) : 0));
    if (!slot)
        return nullptr;
    if (!*slot && create)
        *slot = new (std::nothrow) Samples;
    return *slot;
}

void step(sqlite3_context *context, int argc, sqlite3_value **argv)
{
    Samples *samples = samplesOf(context, true);
    if (!samples) {
        sqlite3_result_error_nomem(context);
        return;
    }
    try {
        if (argc > 0)
            samples->add(argv[0]);
    } catch (const std::bad_alloc &) {
        sqlite3_result_error_nomem(context);
    }
}

enum class Statistic { Median, StdDev, Variance };

double realStatistic(std::vector<double> &values, Statistic statistic)
{
    const std::size_t n = values.size();
    if (statistic == Statistic::Median) {
        std::sort(values.begin(), values.end());
        return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
    }
    long double sum = 0;
    for (double v : values)
        sum += v;
    const long double mean = sum / n;
    long double squares = 0;
    for (double v : values)
        squares += (v - mean) * (v - mean);
    const long double variance = squares / (n - 1);
    return static_cast<double>(statistic == Statistic::Variance ? variance : std::sqrt(variance));
}

template<Statistic statistic>
void finish(sqlite3_context *context)
{
    Samples **slot = static_cast<Samples **>(sqlite3_aggregate_context(context, 0));
    Samples *samples = slot ? *slot : nullptr;
    const std::size_t n = samples ? samples->size() : 0;
    if (n == 0 || (statistic != Statistic::Median && n < 2)) {
        sqlite3_result_null(context);
    } else {
        try {
            if (samples->onlyIntegers) {
                const DurationStats stats = computeDurationStats(samples->integers);
                const double result = statistic == Statistic::Median ? stats.median
                                      : statistic == Statistic::StdDev ? stats.stddev
                                                                       : stats.stddev * stats.stddev;
                sqlite3_result_double(context, result);
            } else {
                sqlite3_result_double(context, realStatistic(samples->reals, statistic));
            }
        } catch (const std::bad_alloc &) {
            sqlite3_result_error_nomem(context);
        }
    }
    delete samples;
    if (slot)
        *slot = nullptr;
}

} // namespace

int registerAggregates(sqlite3 *db)
{
    const int flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC;
    int rc = sqlite3_create_function(db, "median", 1, flags, nullptr, nullptr, step, finish<Statistic::Median>);
    if (rc == SQLITE_OK)
        rc = sqlite3_create_function(db, "stddev", 1, flags, nullptr, nullptr, step, finish<Statistic::StdDev>);
    if (rc == SQLITE_OK)
        rc = sqlite3_create_function(db, "variance", 1, flags, nullptr, nullptr, step, finish<Statistic::Variance>);
    return rc;
}

} // namespace tracelane::sql
