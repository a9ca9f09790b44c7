// Tracelane's step rules: h2d_in_step (host-to-device copies launched inside a
// step that no kernel hides) and straggler (with several traces, the rank
// whose steps take longest).
#include "finding_context.h"
#include "interval_ops.h"

#include <algorithm>
#include <tuple>
#include <map>

namespace tracelane::findings {
namespace {

// The step of `scope` containing `time`, or null. `steps` by scope, then start.
const Step *stepAt(const std::vector<Step> &steps, std::size_t scope, TimeNs time)
{
    auto it = std::upper_bound(steps.begin(), steps.end(), std::pair(scope, time),
                               [](const std::pair<std::size_t, TimeNs> &key, const Step &s) {
                                   return key.first != s.scope ? key.first < s.scope : key.second < s.start;
                               });
    if (it == steps.begin())
        return nullptr;
    const Step &s = *std::prev(it);
    return s.scope == scope && time >= s.start && time <= s.end ? &s : nullptr;
}

// Mean of the middle two for an even count, as the rank summary takes it.
double medianOf(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2.0;
}

} // namespace

void h2dInStepRule(Context &context, std::vector<RuleResult> &out)
{
    const Trace &trace = context.trace;
    std::vector<Step> steps = context.steps();
    // Real steps only: a trace without them has no step to copy inside.
    if (!context.stepGiven())
        std::erase_if(steps, [](const Step &s) { return !s.ref.isValid(); });
    std::sort(steps.begin(), steps.end(), [](const Step &a, const Step &b) {
        return std::tie(a.scope, a.start, a.end) < std::tie(b.scope, b.start, b.end);
    });
    // Kernel time per device: what a copy can hide behind (made when a copy needs it).
    std::map<std::int32_t, IntervalSet> kernels;
    const auto kernelsOf = [&](std::int32_t device) -> const IntervalSet & {
        const auto known = kernels.find(device);
        if (known != kernels.end())
            return known->second;
        std::vector<TimeInterval> pieces;
        for (const StreamOps &stream : context.streams()) {
            if (stream.device != device)
                continue;
            const Track &track = trace.tracks[stream.track];
            for (const std::uint32_t i : stream.ops)
                if (track.events[i].kind == EventKind::Kernel)
                    pieces.push_back({track.events[i].start, track.events[i].end()});
        }
        return kernels.emplace(device, IntervalSet::unionOf(std::move(pieces))).first->second;
    };

    Finding f;
    f.rule = "h2d_in_step";
    for (const StreamOps &stream : context.streams()) {
        const Track &track = trace.tracks[stream.track];
        for (std::size_t k = 0; k < stream.ops.size(); ++k) {
            const Event &op = track.events[stream.ops[k]];
            const EventRef call = stream.launchCall[k];
            if (op.kind != EventKind::Memcpy || !call.isValid() || !context.inWindow(op.start))
                continue;
            const EventRef ref{stream.track, stream.ops[k]};
            if (context.memoryOps().read(ref).direction != CopyDirection::HostToDevice)
                continue;
            const Step *step = stepAt(steps, context.scopeOfTrack(call.track), trace.event(call).start);
            if (!step)
                continue;
            const TimeNs exposed = op.duration - coveredLength(kernelsOf(stream.device), op.start, op.end());
            if (exposed <= 0)
                continue;
            FindingEvent e;
            e.event = ref;
            e.call = call;
            e.owner = step->ref;
            e.start = op.start;
            e.duration = op.duration;
            e.cost = exposed;
            f.time += exposed;
            f.events.push_back(e);
        }
    }
    f.count = static_cast<std::int64_t>(f.events.size());
    f.shareOfStep = context.shareOfWindow(f.time);
    sortByDurationDescending(f.events);
    f.message = std::to_string(f.count) + " host-to-device copies launched inside the steps ran with no kernel beside "
                "them on their GPU for " + durationText(f.time);
    f.fix = "Copy the next batch while the current one computes: pinned memory and non_blocking=True on a side "
            "stream (or a prefetching DataLoader with pin_memory=True), waiting on an event before use";
    const bool fires = f.count > 0;
    out.push_back(context.result(std::move(f), fires));
}

void stragglerRule(Context &context, std::vector<RuleResult> &out)
{
    if (context.scopes().size() < 2)
        return;
    // Each rank's steps as the rank summary finds them ("Iteration N", else "ProfilerStep#N").
    const auto ranges = context.stepRanges({R"(Iteration (\d+))", R"(ProfilerStep#(\d+))"});
    std::vector<std::vector<const StepRange *>> byScope(context.scopes().size());
    for (std::size_t s = 0; s < ranges.size(); ++s)
        for (const StepRange &r : ranges[s])
            if (context.inWindow(r.start))
                byScope[s].push_back(&r);
    std::vector<std::pair<std::size_t, double>> medians; // (scope, median CPU time)
    for (std::size_t s = 0; s < byScope.size(); ++s) {
        if (byScope[s].empty())
            continue;
        std::vector<double> times;
        for (const StepRange *r : byScope[s])
            times.push_back(static_cast<double>(r->end - r->start));
        medians.emplace_back(s, medianOf(std::move(times)));
    }
    if (medians.size() < 2)
        return;
    const auto slowest = std::max_element(medians.begin(), medians.end(), [](const auto &a, const auto &b) {
        return a.second < b.second; // the first of equals
    });
    std::vector<double> others;
    for (const auto &m : medians)
        if (&m != &*slowest)
            others.push_back(m.second);
    const double typical = medianOf(others);
    const double lag = slowest->second - typical;
    Finding f;
    f.rule = "straggler";
    f.shareOfStep = typical > 0 ? 100.0 * lag / typical : 0.0;
    for (const StepRange *r : byScope[slowest->first]) {
        FindingEvent e;
        e.event = r->ref;
        e.start = r->start;
        e.duration = r->end - r->start;
        e.cost = std::max<TimeNs>(0, e.duration - static_cast<TimeNs>(std::llround(typical)));
        e.iteration = r->number;
        f.time += e.cost;
        f.events.push_back(e);
    }
    f.count = static_cast<std::int64_t>(f.events.size());
    std::sort(f.events.begin(), f.events.end(), [](const FindingEvent &a, const FindingEvent &b) {
        return std::tie(a.start, a.event) < std::tie(b.start, b.event);
    });
    const std::string &label = context.scopes()[slowest->first].label;
    f.message = label + " is the straggler: its median step takes " + durationText(std::llround(slowest->second))
                + ", " + percentText(f.shareOfStep) + " % longer than the other ranks' (" + durationText(std::llround(typical))
                + "), and every collective waits for it";
    f.fix = "Find what only this rank does or waits for: compare its steps with another rank's (tracelane-cli diff), "
            "look for uneven data or batch sizes, data loading, a slower GPU or host, and its extra synchronisations";
    const bool fires = lag > 0 && f.shareOfStep >= context.options.stragglerExcess;
    out.push_back(context.result(std::move(f), fires));
}

} // namespace tracelane::findings
