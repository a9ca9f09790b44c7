// The PyTorch profiler TensorBoard plugin's step-based recommendations:
// dataloader, communication and gpu_utilization. Its overview splits each
// step's time into roles by priority (kernel, memcpy, memset, communication,
// runtime, DataLoader, CPU op, other): a role gets only the time no earlier
// role took.
#include "finding_context.h"
#include "interval_ops.h"
#include "name_match.h"

#include "analysis/gpu/gpu_op_class.h"

#include <algorithm>
#include <array>
#include <map>

namespace tracelane::findings {
namespace {

// The plugin's collective operations: CPU ops named exactly so.
bool isPluginCollective(std::string_view name)
{
    static constexpr std::array<std::string_view, 10> kNames = {
        "nccl:broadcast", "nccl:reduce", "nccl:all_reduce", "nccl:all_gather", "nccl:reduce_scatter",
        "gloo:broadcast", "gloo:reduce", "gloo:all_reduce", "gloo:all_gather", "gloo:reduce_scatter",
    };
    return std::find(kNames.begin(), kNames.end(), name) != kNames.end();
}

// "enumerate(DataLoader)#_SingleProcessDataLoaderIter.__next__", "enumerate(DataPipe)#...".
bool isDataLoaderStep(std::string_view name)
{
    return (name.starts_with("enumerate(DataLoader)#") && name.ends_with(".__next__"))
           || name.starts_with("enumerate(DataPipe)#");
}

bool overlapsSet(const IntervalSet &set, const Event &e)
{
    return e.duration > 0 && coveredLength(set, e.start, e.end()) > 0;
}

std::string scopeLabel(const Context &context, std::size_t scope)
{
    const std::string &label = context.scopes()[scope].label;
    return label.empty() ? std::string() : label + ": ";
}

FindingEvent roleEvent(const Context &context, EventRef ref, const IntervalSet &counted)
{
    const Event &e = context.trace.event(ref);
    FindingEvent f;
    f.event = ref;
    if (isGpuWork(e.kind)) // a collective kernel: its launching call
        for (const Flow *flow : context.trace.flowsTo(ref))
            if (flow->kind == FlowKind::Launch && !f.call.isValid())
                f.call = flow->from;
    f.start = e.start;
    f.duration = e.duration;
    f.cost = coveredLength(counted, e.start, e.end());
    return f;
}

} // namespace

const std::vector<ScopeRoles> &Context::roles()
{
    if (m_roles)
        return *m_roles;
    const std::vector<Step> &allSteps = steps();
    struct Pieces
    {
        std::vector<TimeInterval> steps, busyGpu, communication, runtime, dataloader;
        std::vector<EventRef> communicationEvents, dataloaderEvents;
    };
    std::vector<Pieces> pieces(m_scopes.size());
    std::vector<ScopeRoles> roles(m_scopes.size());
    for (const Step &s : allSteps) {
        pieces[s.scope].steps.push_back({s.start, s.end});
        roles[s.scope].stepTime += s.end - s.start;
    }
    GpuOpClassifier classify(trace.strings);
    NameMatch collective(trace.strings, isPluginCollective);
    NameMatch dataloader(trace.strings, isDataLoaderStep);
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
        const Track &track = trace.tracks[t];
        Pieces &p = pieces[scopeOfTrack(t)];
        for (std::uint32_t i = 0; i < track.events.size(); ++i) {
            const Event &e = track.events[i];
            const TimeInterval span{e.start, e.end()};
            switch (track.kind) {
            case TrackKind::GpuStream:
                if (!isGpuWork(e.kind))
                    break;
                if (e.kind == EventKind::Kernel && classify(e) == GpuOpClass::Communication) {
                    p.communication.push_back(span);
                    p.communicationEvents.push_back({t, i});
                } else {
                    p.busyGpu.push_back(span);
                }
                break;
            case TrackKind::ThreadApi:
                if (e.kind == EventKind::ApiCall)
                    p.runtime.push_back(span);
                break;
            case TrackKind::CpuThread:
            case TrackKind::ThreadRanges:
                if (e.kind != EventKind::CpuOp && e.kind != EventKind::Range)
                    break;
                if (collective(e.name)) {
                    p.communication.push_back(span);
                    p.communicationEvents.push_back({t, i});
                } else if (dataloader(e.name)) {
                    p.dataloader.push_back(span);
                    p.dataloaderEvents.push_back({t, i});
                }
                break;
            default:
                break;
            }
        }
    }
    for (std::size_t s = 0; s < roles.size(); ++s) {
        ScopeRoles &r = roles[s];
        Pieces &p = pieces[s];
        r.steps = IntervalSet::unionOf(std::move(p.steps));
        r.busyGpu = IntervalSet::unionOf(std::move(p.busyGpu));
        r.communication = IntervalSet::unionOf(std::move(p.communication));
        r.dataloader = IntervalSet::unionOf(std::move(p.dataloader));
        if (!r.dataloader.empty()) // API calls matter only against DataLoader time
            r.runtime = IntervalSet::unionOf(std::move(p.runtime));
        for (const EventRef ref : p.communicationEvents)
            if (overlapsSet(r.steps, trace.event(ref)))
                r.communicationEvents.push_back(ref);
        for (const EventRef ref : p.dataloaderEvents)
            if (overlapsSet(r.steps, trace.event(ref)))
                r.dataloaderEvents.push_back(ref);
    }
    m_roles = std::move(roles);
    return *m_roles;
}

void dataloaderRule(Context &context, std::vector<RuleResult> &out)
{
    const auto &roles = context.roles();
    for (std::size_t s = 0; s < roles.size(); ++s) {
        const ScopeRoles &r = roles[s];
        // The DataLoader's time is what the GPU, collectives and API calls leave of it.
        const IntervalSet earlier = r.dataloader.empty() ? IntervalSet() : IntervalSet::unionOf([&] {
            std::vector<TimeInterval> all = r.busyGpu.intervals();
            all.insert(all.end(), r.communication.intervals().begin(), r.communication.intervals().end());
            all.insert(all.end(), r.runtime.intervals().begin(), r.runtime.intervals().end());
            return all;
        }());
        const IntervalSet counted = differenceOf(intersectionOf(r.steps, r.dataloader), earlier);
        Finding f;
        f.rule = "dataloader";
        f.time = counted.length();
        f.shareOfStep = r.stepTime > 0 ? 100.0 * static_cast<double>(f.time) / static_cast<double>(r.stepTime) : 0.0;
        for (const EventRef ref : r.dataloaderEvents)
            f.events.push_back(roleEvent(context, ref, counted));
        f.count = static_cast<std::int64_t>(f.events.size());
        sortByDurationDescending(f.events);
        f.message = scopeLabel(context, s) + percentText(f.shareOfStep) + " % of the step time ("
                    + durationText(f.time) + ") is spent loading input data in the DataLoader";
        f.fix = "Load data in worker processes: set num_workers on the DataLoader (with pin_memory=True), so the "
                "next batches are prepared while the GPU computes";
        const bool fires = f.shareOfStep > context.options.dataloaderShare;
        out.push_back(context.result(std::move(f), fires));
    }
}

void communicationRule(Context &context, std::vector<RuleResult> &out)
{
    const auto &roles = context.roles();
    for (std::size_t s = 0; s < roles.size(); ++s) {
        const ScopeRoles &r = roles[s];
        const IntervalSet counted = differenceOf(intersectionOf(r.steps, r.communication), r.busyGpu);
        Finding f;
        f.rule = "communication";
        f.time = counted.length();
        f.shareOfStep = r.stepTime > 0 ? 100.0 * static_cast<double>(f.time) / static_cast<double>(r.stepTime) : 0.0;
        for (const EventRef ref : r.communicationEvents)
            f.events.push_back(roleEvent(context, ref, counted));
        f.count = static_cast<std::int64_t>(f.events.size());
        sortByDurationDescending(f.events);
        f.message = scopeLabel(context, s) + percentText(f.shareOfStep) + " % of the step time ("
                    + durationText(f.time) + ") is communication that no computation hides";
        f.fix = "Communicate less or less often: gradient compression (DDP communication hooks), gradient "
                "accumulation or a larger batch; both raise the effective batch size, which can hurt convergence "
                "(an optimizer such as LAMB helps there)";
        const bool fires = f.shareOfStep > context.options.communicationShare;
        out.push_back(context.result(std::move(f), fires));
    }
}

void gpuUtilizationRule(Context &context, std::vector<RuleResult> &out)
{
    const Trace &trace = context.trace;
    // The span of each scope's steps: first start to last end.
    std::vector<std::optional<TimeInterval>> span(context.scopes().size());
    for (const Step &s : context.steps()) {
        auto &sp = span[s.scope];
        sp = sp ? TimeInterval{std::min(sp->start, s.start), std::max(sp->end, s.end)} : TimeInterval{s.start, s.end};
    }
    // Kernels (all of them, collectives too) per device.
    std::map<std::int32_t, std::vector<TimeInterval>> kernels;
    std::map<std::int32_t, std::int64_t> pidOfDevice;
    std::map<std::int32_t, std::size_t> scopeOfDevice;
    for (const StreamOps &stream : context.streams()) {
        if (stream.device == kNoIndex)
            continue;
        auto &list = kernels[stream.device];
        scopeOfDevice.emplace(stream.device, context.scopeOfTrack(stream.track));
        const Track &track = trace.tracks[stream.track];
        for (std::size_t k = 0; k < stream.ops.size(); ++k) {
            const Event &e = track.events[stream.ops[k]];
            if (e.kind != EventKind::Kernel)
                continue;
            list.push_back({e.start, e.end()});
            if (stream.launchCall[k].isValid() && !pidOfDevice.count(stream.device))
                pidOfDevice[stream.device] = context.pidOfTrack(stream.launchCall[k].track);
        }
    }
    for (auto &[device, list] : kernels) {
        const std::size_t scope = scopeOfDevice[device];
        if (list.empty() || !span[scope] || span[scope]->length() <= 0)
            continue;
        const TimeInterval window = *span[scope];
        const TimeNs busy = coveredLength(IntervalSet::unionOf(std::move(list)), window.start, window.end);
        const double util = 100.0 * static_cast<double>(busy) / static_cast<double>(window.length());
        Finding f;
        f.rule = "gpu_utilization";
        f.count = 1;
        f.time = window.length() - busy;
        f.shareOfStep = 100.0 * static_cast<double>(f.time) / static_cast<double>(window.length());
        FindingEvent region;
        region.start = window.start;
        region.duration = window.length();
        region.cost = f.time;
        region.inUse = util;
        region.device = device;
        const auto pid = pidOfDevice.find(device);
        region.pid = pid == pidOfDevice.end() ? -1 : pid->second;
        f.events.push_back(region);
        f.message = scopeLabel(context, scope) + "GPU " + std::to_string(trace.devices[device].id)
                    + " ran kernels " + percentText(util) + " % of the steps' span (" + durationText(window.length())
                    + "): low utilisation";
        f.fix = "Give the GPU more work per step, e.g. a larger batch size (which can change how fast and how stably "
                "the model converges), and remove what keeps it waiting (synchronisations, input loading)";
        const bool fires = util < context.options.gpuUtilization;
        out.push_back(context.result(std::move(f), fires));
    }
}

} // namespace tracelane::findings
