#include "kernel_efficiency.h"

#include "tensor_core_kernels.h"

#include "analysis/operators/iteration_table.h"
#include "model/time_math.h"

#include <algorithm>
#include <array>
#include <map>

namespace tracelane {

namespace {

constexpr StringId kEffAbsentKey = 0xFFFFFFFFu; // an id no string has: never found

StringId effKey(const Trace &trace, std::string_view key)
{
    return trace.strings.find(key).value_or(kEffAbsentKey);
}

std::optional<double> effNumber(const std::optional<ArgValue> &value)
{
    return value ? value->asDouble() : std::nullopt;
}

// Blocks per SM and occupancy of every kernel, the two figures the means need.
class EffPairReader
{
public:
    explicit EffPairReader(const Trace &trace)
        : m_trace(trace), m_keys{effKey(trace, "blocks per SM"), effKey(trace, "est. achieved occupancy %")}
    {
        m_any = m_keys[0] != kEffAbsentKey || m_keys[1] != kEffAbsentKey;
    }
    bool any() const { return m_any; }
    // Plain values and flags rather than optionals: GCC 12 warns falsely on
    // optionals filled in a loop.
    struct Pair
    {
        double blocks = 0, occupancy = 0;
        bool hasBlocks = false, hasOccupancy = false;
    };
    Pair read(const Track &track, const Event &e)
    {
        Pair pair;
        if (!m_any || e.args == kNoArgs)
            return pair;
        findArgs(m_trace.argSchemas, track.argBlob, e.args, m_keys, m_values);
        const auto blocks = effNumber(m_values[0]);
        const auto occupancy = effNumber(m_values[1]);
        pair.hasBlocks = blocks.has_value();
        pair.blocks = blocks.value_or(0.0);
        pair.hasOccupancy = occupancy.has_value();
        pair.occupancy = occupancy.value_or(0.0);
        return pair;
    }

private:
    const Trace &m_trace;
    std::array<StringId, 2> m_keys;
    std::array<std::optional<ArgValue>, 2> m_values;
    bool m_any = false;
};

struct EffNameSums
{
    std::int64_t instances = 0;
    TimeNs total = 0;
    long double weight = 0, smWeighted = 0, occupancyWeighted = 0;
    bool hasBlocks = false, hasOccupancy = false;
};

double effCappedBlocks(double blocks)
{
    return std::clamp(blocks, 0.0, 1.0);
}

} // namespace

std::optional<double> KernelLaunchFigures::smEfficiencyPct() const
{
    if (!blocksPerSm)
        return std::nullopt;
    return 100.0 * effCappedBlocks(*blocksPerSm);
}

KernelFigureReader::KernelFigureReader(const Trace &trace)
    : m_trace(trace),
      m_keys{effKey(trace, "blocks per SM"), effKey(trace, "warps per SM"), effKey(trace, "est. achieved occupancy %"),
             effKey(trace, "registers per thread"), effKey(trace, "shared memory")}
{
}

KernelLaunchFigures KernelFigureReader::read(EventRef kernel) const
{
    KernelLaunchFigures figures;
    const Track &track = m_trace.tracks[kernel.track];
    const Event &e = track.events[kernel.index];
    if (e.args == kNoArgs)
        return figures;
    std::array<std::optional<ArgValue>, 5> values;
    findArgs(m_trace.argSchemas, track.argBlob, e.args, m_keys, values);
    figures.blocksPerSm = effNumber(values[0]);
    figures.warpsPerSm = effNumber(values[1]);
    figures.occupancyPct = effNumber(values[2]);
    figures.registersPerThread = values[3] ? values[3]->asInt() : std::nullopt;
    figures.sharedMemory = values[4] ? values[4]->asInt() : std::nullopt;
    return figures;
}

const KernelEfficiencyRow *KernelEfficiency::row(const std::string &name) const
{
    const auto it = m_index.find(name);
    return it == m_index.end() ? nullptr : &rows[it->second];
}

KernelEfficiency kernelEfficiencyByName(const Trace &trace)
{
    return kernelEfficiencyByName(std::vector<const Trace *>{&trace});
}

KernelEfficiency kernelEfficiencyByName(const std::vector<const Trace *> &traces)
{
    std::map<std::string, EffNameSums> byName;
    bool hasFigures = false;
    for (const Trace *trace : traces) {
        if (!trace)
            continue;
        EffPairReader reader(*trace);
        // Sums per name id first: one string lookup per distinct name, not per kernel.
        std::unordered_map<StringId, EffNameSums> byId;
        for (const Track &track : trace->tracks) {
            if (track.kind != TrackKind::GpuStream)
                continue;
            for (const Event &e : track.events) {
                if (e.kind != EventKind::Kernel)
                    continue;
                EffNameSums &sums = byId[e.name];
                ++sums.instances;
                sums.total = saturatingAdd(sums.total, e.duration);
                const auto w = static_cast<long double>(e.duration);
                sums.weight += w;
                const auto figures = reader.read(track, e);
                if (figures.hasBlocks) {
                    sums.hasBlocks = true;
                    sums.smWeighted += w * effCappedBlocks(figures.blocks);
                }
                if (figures.hasOccupancy) {
                    sums.hasOccupancy = true;
                    sums.occupancyWeighted += w * figures.occupancy;
                }
            }
        }
        for (const auto &[id, own] : byId) {
            EffNameSums &sums = byName[std::string(trace->strings.view(id))];
            sums.instances += own.instances;
            sums.total = saturatingAdd(sums.total, own.total);
            sums.weight += own.weight;
            sums.smWeighted += own.smWeighted;
            sums.occupancyWeighted += own.occupancyWeighted;
            sums.hasBlocks = sums.hasBlocks || own.hasBlocks;
            sums.hasOccupancy = sums.hasOccupancy || own.hasOccupancy;
            hasFigures = hasFigures || own.hasBlocks || own.hasOccupancy;
        }
    }

    KernelEfficiency out;
    out.hasFigures = hasFigures;
    out.rows.reserve(byName.size());
    for (auto &[name, sums] : byName) {
        KernelEfficiencyRow row;
        row.name = name;
        row.instances = sums.instances;
        row.total = sums.total;
        row.tensorCores = usesTensorCores(name);
        // Zero-length instances only: nothing to weight by, so no mean.
        if (sums.weight > 0) {
            if (sums.hasBlocks)
                row.smEfficiencyPct = static_cast<double>(100.0L * sums.smWeighted / sums.weight);
            if (sums.hasOccupancy)
                row.occupancyPct = static_cast<double>(sums.occupancyWeighted / sums.weight);
        }
        out.m_index.emplace(name, out.rows.size());
        out.rows.push_back(std::move(row));
    }
    return out;
}

StepsWindow stepsWindow(const Trace &trace)
{
    IterationOptions options;
    options.pattern = "ProfilerStep#(\\d+)";
    const IterationTable steps = detectIterations(trace, options);
    if (steps.iterations.empty())
        return {trace.startNs, trace.endNs, false};
    StepsWindow window{kMaxTimeNs, kMinTimeNs, true};
    for (const Iteration &step : steps.iterations) {
        window.start = std::min(window.start, step.start);
        window.end = std::max(window.end, step.end);
        if (step.gpu.ops > 0) {
            window.start = std::min(window.start, step.gpu.projectedStart);
            window.end = std::max(window.end, step.gpu.projectedEnd);
        }
    }
    return window;
}

namespace {

struct EffEndpoint
{
    TimeNs time = 0;
    bool isEnd = false; // starts sort before ends at the same time
    double blocks = 0;
};

struct EffDeviceSums
{
    std::vector<EffEndpoint> endpoints;
    bool hasBlocks = false;
    TimeNs kernelTime = 0;
    long double occupancyWeighted = 0, occupancyTime = 0;
    bool hasOccupancy = false;
};

// Sum over the window of min(concurrent blocks per SM, 1) x time, in ns.
long double effCappedBlockTime(std::vector<EffEndpoint> &endpoints, const StepsWindow &window, bool &anyInWindow)
{
    std::sort(endpoints.begin(), endpoints.end(), [](const EffEndpoint &a, const EffEndpoint &b) {
        return a.time != b.time ? a.time < b.time : (!a.isEnd && b.isEnd);
    });
    long double total = 0;
    double running = 0;
    std::int64_t open = 0;
    TimeNs last = endpoints.empty() ? 0 : endpoints.front().time;
    for (const EffEndpoint &p : endpoints) {
        if (p.time > last && open > 0 && running > 0) {
            const TimeNs from = std::max(last, window.start);
            const TimeNs to = std::min(p.time, window.end);
            if (from < to) {
                anyInWindow = true;
                total += static_cast<long double>(to - from) * std::min(running, 1.0);
            }
        }
        last = p.time;
        open += p.isEnd ? -1 : 1;
        running = open == 0 ? 0.0 : running + (p.isEnd ? -p.blocks : p.blocks); // no rounding residue when idle
    }
    return total;
}

} // namespace

std::vector<DeviceEfficiencyRow> deviceEfficiency(const Trace &trace, const StepsWindow &window)
{
    EffPairReader reader(trace);
    std::map<std::int32_t, EffDeviceSums> byDevice; // by index into trace.devices
    for (const Track &track : trace.tracks) {
        if (track.kind != TrackKind::GpuStream || track.stream < 0)
            continue;
        const std::int32_t device = trace.streams[track.stream].device;
        EffDeviceSums *sums = nullptr;
        for (const Event &e : track.events) {
            if (e.kind != EventKind::Kernel)
                continue;
            if (!sums)
                sums = &byDevice[device];
            const TimeNs from = std::max(e.start, window.start);
            const TimeNs to = std::min(e.end(), window.end);
            const TimeNs inside = from < to ? to - from : 0;
            sums->kernelTime = saturatingAdd(sums->kernelTime, inside);
            const auto figures = reader.read(track, e);
            // As the plugin: only positive blocks per SM and non-negative occupancy count.
            if (figures.hasBlocks && figures.blocks > 0 && e.duration > 0) {
                sums->hasBlocks = true;
                sums->endpoints.push_back({e.start, false, figures.blocks});
                sums->endpoints.push_back({e.end(), true, figures.blocks});
            }
            if (figures.hasOccupancy && figures.occupancy >= 0) {
                sums->hasOccupancy = true;
                sums->occupancyWeighted += static_cast<long double>(inside) * figures.occupancy;
                sums->occupancyTime += static_cast<long double>(inside);
            }
        }
    }

    std::vector<DeviceEfficiencyRow> rows;
    const TimeNs windowLength = window.end - window.start;
    for (auto &[device, sums] : byDevice) {
        DeviceEfficiencyRow row;
        if (device >= 0 && static_cast<std::size_t>(device) < trace.devices.size()) {
            row.deviceId = trace.devices[device].id;
            row.deviceName = std::string(trace.strings.view(trace.devices[device].name));
        }
        row.kernelTime = sums.kernelTime;
        if (sums.hasBlocks && windowLength > 0) {
            bool anyInWindow = false;
            const long double busy = effCappedBlockTime(sums.endpoints, window, anyInWindow);
            if (anyInWindow)
                row.smEfficiencyPct = static_cast<double>(100.0L * busy / static_cast<long double>(windowLength));
        }
        if (sums.hasOccupancy && sums.occupancyTime > 0)
            row.occupancyPct = static_cast<double>(sums.occupancyWeighted / sums.occupancyTime);
        rows.push_back(std::move(row));
    }
    std::sort(rows.begin(), rows.end(),
              [](const DeviceEfficiencyRow &a, const DeviceEfficiencyRow &b) { return a.deviceId < b.deviceId; });
    return rows;
}

} // namespace tracelane
