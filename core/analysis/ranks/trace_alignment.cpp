#include "trace_alignment.h"

#include "analysis/operators/iteration_table.h"
#include "rank_identity.h"

#include "model/time_math.h"

#include <map>
#include <optional>

namespace tracelane {
namespace {

// A shift keeps every time of the trace a model time, or it is not used.
bool fits(const Trace &trace, TimeNs shift)
{
    return isModelTime(saturatingAdd(trace.startNs, shift)) && isModelTime(saturatingAdd(trace.endNs, shift));
}

std::vector<TimeNs> startShifts(const std::vector<const Trace *> &traces)
{
    std::vector<TimeNs> shifts(traces.size(), 0);
    for (std::size_t i = 1; i < traces.size(); ++i)
        shifts[i] = traces.front()->startNs - traces[i]->startNs; // model times: cannot overflow
    return shifts;
}

std::optional<std::vector<TimeNs>> clockShifts(const std::vector<const Trace *> &traces)
{
    std::vector<TimeNs> epochs;
    for (const Trace *trace : traces) {
        const auto epoch = epochOffset(*trace);
        if (!epoch)
            return std::nullopt;
        epochs.push_back(*epoch);
    }
    std::vector<TimeNs> shifts(traces.size(), 0);
    for (std::size_t i = 1; i < traces.size(); ++i) {
        const TimeNs shift = saturatingSub(epochs[i], epochs.front());
        if (!fits(*traces[i], shift))
            return std::nullopt;
        shifts[i] = shift;
    }
    return shifts;
}

// Start of each iteration by number, for one trace.
std::map<std::int64_t, TimeNs> iterationStarts(const Trace &trace)
{
    std::map<std::int64_t, TimeNs> starts;
    for (const Iteration &it : detectIterations(trace).iterations)
        starts.emplace(it.number, it.start); // the first of a repeated number
    return starts;
}

} // namespace

Alignment alignTraces(const std::vector<const Trace *> &traces, TimeAlignment wanted)
{
    Alignment result;
    if (traces.empty())
        return result;
    if (wanted == TimeAlignment::CommonClock) {
        if (auto shifts = clockShifts(traces)) {
            result.shifts = std::move(*shifts);
            result.used = TimeAlignment::CommonClock;
            return result;
        }
        result.note = "Not every trace has an absolute clock: each is placed by its start";
    }
    result.shifts = startShifts(traces);
    result.used = TimeAlignment::TraceStart;
    if (wanted != TimeAlignment::FirstIteration)
        return result;

    std::vector<std::map<std::int64_t, TimeNs>> starts;
    for (const Trace *trace : traces)
        starts.push_back(iterationStarts(*trace));
    // The smallest iteration number every trace has.
    std::optional<std::int64_t> common;
    for (const auto &[number, start] : starts.front()) {
        bool everywhere = true;
        for (std::size_t i = 1; i < starts.size() && everywhere; ++i)
            everywhere = starts[i].count(number) > 0;
        if (everywhere) {
            common = number;
            break;
        }
    }
    if (!common) {
        result.note = "The traces have no iteration in common: each is placed by its start";
        return result;
    }
    const TimeNs anchor = starts.front().at(*common);
    for (std::size_t i = 1; i < traces.size(); ++i) {
        const TimeNs shift = anchor - starts[i].at(*common);
        if (fits(*traces[i], shift))
            result.shifts[i] = shift;
    }
    result.used = TimeAlignment::FirstIteration;
    return result;
}

} // namespace tracelane
