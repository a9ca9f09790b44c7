#include "hta_critical_path.h"

#include "hta_cp_frame.h"
#include "hta_cp_graph.h"
#include "hta_cp_launches.h"
#include "hta_events.h"

#include "analysis/compare/trace_diff_hta.h"

#include <algorithm>
#include <limits>
#include <map>
#include <regex>

namespace tracelane {

std::string_view htaCpEdgeTypeName(HtaCpEdgeType type)
{
    switch (type) {
    case HtaCpEdgeType::OperatorKernel: return "critical_path_operator";
    case HtaCpEdgeType::Dependency: return "critical_path_dependency";
    case HtaCpEdgeType::KernelLaunchDelay: return "critical_path_kernel_launch_delay";
    case HtaCpEdgeType::KernelKernelDelay: return "critical_path_kernel_kernel_delay";
    case HtaCpEdgeType::SyncDependency: return "critical_path_sync_dependency";
    }
    return {};
}

namespace htacp {
namespace {

// Python's slice [k:k+1] of n rows: the position it takes, if any.
std::optional<std::size_t> pythonSliceOne(int k, std::size_t n)
{
    const auto clamp = [n](long long i) {
        if (i < 0)
            i += static_cast<long long>(n);
        return std::clamp<long long>(i, 0, static_cast<long long>(n));
    };
    const long long begin = clamp(k), end = clamp(static_cast<long long>(k) + 1);
    if (k == -1 || begin >= end)
        return std::nullopt; // [-1:0] is empty
    return static_cast<std::size_t>(begin);
}

// HTA's clipping to the window: CPU rows (stream -1) starting in it and of positive
// length; GPU rows whose launching CPU row does, and every Stream Wait Event.
// In HTA index order, as pandas' index union leaves them.
std::vector<std::uint32_t> clip(const Frame &frame, double start, double end)
{
    const std::vector<Row> &rows = frame.rows;
    const auto inWindow = [&](const Row &r) { return r.ts >= start && r.ts <= end && r.dur > 0; };
    std::vector<std::uint8_t> launchedFromWindow(rows.size(), 0);
    for (const Row &r : rows)
        if (r.stream == -1 && r.indexCorrelation > 0 && inWindow(r))
            if (const Row *gpu = frame.byIndex(r.indexCorrelation))
                launchedFromWindow[gpu - rows.data()] = 1;
    std::vector<std::uint32_t> window;
    for (std::uint32_t i = 0; i < rows.size(); ++i) {
        const Row &r = rows[i];
        if (r.stream == -1 ? inWindow(r) : (launchedFromWindow[i] || frame.has(r.name, kStreamWait)))
            window.push_back(i);
    }
    std::sort(window.begin(), window.end(), [&](std::uint32_t a, std::uint32_t b) { return rows[a].index < rows[b].index; });
    return window;
}

// htaInstanceForIteration on a frame read already.
std::optional<int> instanceOf(const Frame &frame, std::string_view annotation, std::int64_t iteration)
{
    const std::string name = std::string(annotation) + "#" + std::to_string(iteration);
    const std::vector<std::uint32_t> instances = frame.annotationRows();
    std::optional<int> anyLane;
    for (std::size_t i = 0; i < instances.size(); ++i) {
        const Row &r = frame.rows[instances[i]];
        if (frame.trace.strings.view(r.name) != name)
            continue;
        const TrackKind kind = frame.trace.tracks[r.ref.track].kind;
        if (kind != TrackKind::GpuStream && kind != TrackKind::GpuRanges)
            return static_cast<int>(i);
        if (!anyLane)
            anyLane = static_cast<int>(i);
    }
    return anyLane;
}

constexpr std::string_view kCpuBound = "cpu_bound";

// HTA's bound_by of a path edge; empty optional when HTA's assertion fails (an
// operator edge attributed to no event of the window).
std::optional<std::string> boundBy(const Frame &frame, const Edge &e, const std::vector<std::uint8_t> &inWindow,
                                   const std::vector<std::regex> &dataLoad)
{
    switch (e.type) {
    case EdgeType::KernelKernelDelay: return "gpu_kernel_kernel_overhead";
    case EdgeType::KernelLaunchDelay: return "gpu_kernel_launch_overhead";
    case EdgeType::Dependency:
    case EdgeType::SyncDependency: return "";
    case EdgeType::OperatorKernel: break;
    }
    const Row *r = e.hasAttribution ? frame.byIndex(e.attributed) : nullptr;
    if (!r || !inWindow[r - frame.rows.data()])
        return std::nullopt;
    const std::string shortName = htaShortName(frame.trace.strings.view(r->name));
    if (r->stream < 0) {
        for (const std::regex &pattern : dataLoad)
            if (std::regex_search(shortName, pattern))
                return "data_loading";
        return std::string(kCpuBound);
    }
    return htaKernelType(shortName) == HtaKernelType::Communication ? "gpu_communication_bound" : "gpu_compute_bound";
}

HtaCpEdgeType publicType(EdgeType type)
{
    switch (type) {
    case EdgeType::OperatorKernel: return HtaCpEdgeType::OperatorKernel;
    case EdgeType::Dependency: return HtaCpEdgeType::Dependency;
    case EdgeType::KernelLaunchDelay: return HtaCpEdgeType::KernelLaunchDelay;
    case EdgeType::KernelKernelDelay: return HtaCpEdgeType::KernelKernelDelay;
    case EdgeType::SyncDependency: return HtaCpEdgeType::SyncDependency;
    }
    return HtaCpEdgeType::Dependency;
}

} // namespace

HtaCriticalPathResult criticalPath(const Trace &trace, const HtaCriticalPathOptions &options)
{
    HtaCriticalPathResult result;
    Frame frame(trace, options.annotation, options.dataLoadEvents);
    if (!frame.error.empty()) {
        result.error = frame.error;
        return result;
    }
    if (!frame.anyAnnotationName) {
        result.error = "HTA finds no annotation named with '" + options.annotation + "' in the trace";
        return result;
    }
    double start = -std::numeric_limits<double>::infinity(), end = std::numeric_limits<double>::infinity();
    if (!options.annotation.empty()) {
        int instanceId = options.instanceId;
        if (options.iteration) {
            const std::optional<int> instance = instanceOf(frame, options.annotation, *options.iteration);
            if (!instance) {
                result.error = "HTA holds no " + options.annotation + "#" + std::to_string(*options.iteration)
                               + " (it drops the last step)";
                return result;
            }
            instanceId = *instance;
        }
        const std::vector<std::uint32_t> instances = frame.annotationRows();
        const auto picked = pythonSliceOne(instanceId, instances.size());
        if (!picked) {
            result.error = "HTA 0.6 fails: instance " + std::to_string(instanceId) + " of '" + options.annotation
                           + "' does not exist (it has " + std::to_string(instances.size()) + ")";
            return result;
        }
        const Row &a = frame.rows[instances[*picked]];
        result.annotation = a.ref;
        start = a.ts;
        end = a.end();
        result.windowStartUs = start;
        result.windowEndUs = end;
    }
    frame.addWindowRows(start, end);
    const Launches launchTables = launches(frame);
    if (!launchTables.error.empty()) {
        result.error = launchTables.error;
        return result;
    }
    const std::vector<std::uint32_t> window = clip(frame, start, end);
    const Graph graph(frame, launchTables, window);
    if (!graph.error.empty()) {
        result.error = graph.error;
        return result;
    }
    result.graphNodes = graph.graphOrder.size();
    result.graphEdges = graph.edges.size();

    // HTA's checks before the longest path: no sync edge between two rows of one stream.
    for (const Edge &e : graph.edges) {
        if (e.type != EdgeType::SyncDependency)
            continue;
        const std::int64_t a = frame.rows[graph.nodes[e.from].row].stream, b = frame.rows[graph.nodes[e.to].row].stream;
        if (a != -1 && a == b) {
            result.error = "HTA 0.6 refuses the graph: a sync edge between kernels of one stream";
            return result;
        }
    }
    const std::vector<std::uint32_t> path = longestPath(graph, result.error);
    if (!result.error.empty())
        return result;
    if (path.empty()) {
        result.error = "HTA 0.6 fails: the critical path has fewer than two nodes (AssertionError)";
        return result;
    }

    std::vector<std::uint8_t> inWindow(frame.rows.size(), 0);
    for (const std::uint32_t p : window)
        inWindow[p] = 1;
    std::vector<std::regex> dataLoad;
    try {
        for (const std::string &pattern : options.dataLoadEvents)
            dataLoad.emplace_back(pattern);
    } catch (const std::regex_error &) {
        result.error = "HTA 0.6 fails: a data loading pattern is not a regular expression";
        return result;
    }
    std::map<std::string, HtaCriticalPathRow> byBound;
    const auto nodeOf = [&](std::uint32_t n) {
        const Node &node = graph.nodes[n];
        return HtaCpNode{frame.rows[node.row].ref, node.start, node.ts};
    };
    for (const std::uint32_t id : path) {
        const Edge &e = graph.edges[id];
        const std::optional<std::string> bound = boundBy(frame, e, inWindow, dataLoad);
        if (!bound) {
            result.error = "HTA 0.6 fails: a path edge attributed to no event of the window (AssertionError)";
            result.path.clear();
            return result;
        }
        HtaCriticalPathEdge out;
        out.from = nodeOf(e.from);
        out.to = nodeOf(e.to);
        out.type = publicType(e.type);
        out.weight = e.weight;
        if (const Row *r = e.hasAttribution ? frame.byIndex(e.attributed) : nullptr)
            out.attributed = r->ref;
        out.boundBy = *bound;
        HtaCriticalPathRow &row = byBound[*bound];
        row.boundBy = *bound;
        ++row.edges;
        row.duration += e.weight;
        result.totalDuration += e.weight;
        result.path.push_back(std::move(out));
    }
    for (auto &[name, row] : byBound) {
        row.percent = row.duration / result.totalDuration * 100;
        result.rows.push_back(row);
    }
    result.ok = true;
    return result;
}

} // namespace htacp

HtaCriticalPathResult htaCriticalPath(const Trace &trace, const HtaCriticalPathOptions &options)
{
    return htacp::criticalPath(trace, options);
}

std::optional<int> htaInstanceForIteration(const Trace &trace, std::string_view annotation, std::int64_t iteration)
{
    const htacp::Frame frame(trace, annotation, {});
    if (!frame.error.empty())
        return std::nullopt;
    return htacp::instanceOf(frame, annotation, iteration);
}

} // namespace tracelane
