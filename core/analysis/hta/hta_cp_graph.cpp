#include "hta_cp_graph.h"

#include "hta_numpy_sort.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

namespace tracelane::htacp {
namespace {

// HTA's threshold: a gap between kernels on a stream up to this long (µs) is a
// kernel-kernel delay; a longer one is taken for a dependency it cannot see.
constexpr double kKernelKernelDelayThresholdUs = 1500;

std::uint64_t edgeKey(std::uint32_t from, std::uint32_t to) { return (std::uint64_t(from) << 32) | to; }

} // namespace

Graph::Graph(const Frame &f, const Launches &launches, const std::vector<std::uint32_t> &window)
    : frame(f), m_launches(launches)
{
    createNodes(window);
    runtimeLockEdges();
    if (error.empty())
        callStackEdges(window);
    if (error.empty())
        kernelEdges(window);
}

std::uint32_t Graph::addEdge(std::uint32_t from, std::uint32_t to, EdgeType type, bool zeroWeight)
{
    if (from == to) {
        error = "HTA 0.6 fails: an edge from a node to itself (AssertionError)";
        return 0;
    }
    const double weight = type == EdgeType::Dependency || type == EdgeType::SyncDependency || zeroWeight
                              ? 0.0
                              : nodes[to].ts - nodes[from].ts;
    const auto [it, inserted] = m_edgeOf.try_emplace(edgeKey(from, to), static_cast<std::uint32_t>(edges.size()));
    if (!inserted) {
        // networkx keeps the edge's place and overwrites its data; HTA's attribution stays.
        Edge &e = edges[it->second];
        e.type = type;
        e.weight = weight;
        return it->second;
    }
    for (const std::uint32_t n : {from, to})
        if (!m_inGraph[n]) {
            m_inGraph[n] = 1;
            graphOrder.push_back(n);
        }
    Edge e;
    e.from = from;
    e.to = to;
    e.type = type;
    e.weight = weight;
    edges.push_back(e);
    successors[from].push_back(it->second);
    predecessors[to].push_back(it->second);
    return it->second;
}

// HTA's _attribute_edge: an operator or kernel span belongs to its start's event,
// an unwinding edge (end to end) to the end's, a gap between two children (end to
// start) to their parent; a kernel-kernel delay to the earlier kernel.
void Graph::attribute(std::uint32_t edge, std::int64_t sourceParent)
{
    Edge &e = edges[edge];
    if (e.type != EdgeType::OperatorKernel && e.type != EdgeType::KernelKernelDelay)
        return;
    const Node &from = nodes[e.from];
    const Node &to = nodes[e.to];
    if (e.type == EdgeType::KernelKernelDelay || from.start)
        e.attributed = frame.rows[from.row].index;
    else if (!to.start)
        e.attributed = frame.rows[to.row].index;
    else
        e.attributed = sourceParent;
    e.hasAttribution = true;
}

// A start and an end node for each operator, runtime call, data loading event and
// linked GPU row of the window, sorted by time, then HTA index, starts first.
void Graph::createNodes(const std::vector<std::uint32_t> &window)
{
    m_start.assign(frame.rows.size(), kNoNode);
    m_end.assign(frame.rows.size(), kNoNode);
    for (const std::uint32_t p : window) {
        const Row &r = frame.rows[p];
        const bool op = r.cat == Cat::CpuOp || r.cat == Cat::CudaRuntime || r.cat == Cat::CudaDriver;
        if (op || frame.has(r.name, kDataLoad) || (r.stream != -1 && r.indexCorrelation >= 0)) {
            nodes.push_back({p, r.ts, true});
            nodes.push_back({p, r.end(), false});
        }
    }
    std::sort(nodes.begin(), nodes.end(), [&](const Node &a, const Node &b) {
        if (a.ts != b.ts)
            return a.ts < b.ts;
        const std::uint32_t ia = frame.rows[a.row].index, ib = frame.rows[b.row].index;
        if (ia != ib)
            return ia < ib;
        return a.start && !b.start;
    });
    for (std::uint32_t n = 0; n < nodes.size(); ++n)
        (nodes[n].start ? m_start : m_end)[nodes[n].row] = n;
    successors.resize(nodes.size());
    predecessors.resize(nodes.size());
    m_inGraph.assign(nodes.size(), 0);
}

bool Graph::sharesRuntimeLock(std::uint32_t a, std::uint32_t b) const
{
    return frame.has(frame.rows[nodes[a].row].name, kRuntimeLock) && frame.has(frame.rows[nodes[b].row].name, kRuntimeLock)
           && (nodes[a].start || !nodes[b].start);
}

// HTA's _construct_graph_from_cuda_runtime_events: calls that take the CUDA
// runtime lock, across threads, in node order. An end closes every call still
// open: its own span becomes an operator edge, the others' starts depend on it;
// consecutive ends are chained.
void Graph::runtimeLockEdges()
{
    std::vector<std::uint32_t> open;
    std::uint32_t last = kNoNode;
    for (std::uint32_t n = 0; n < nodes.size() && error.empty(); ++n) {
        if (!frame.has(frame.rows[nodes[n].row].name, kRuntimeLock))
            continue;
        if (nodes[n].start)
            open.push_back(n);
        else {
            while (!open.empty()) {
                const std::uint32_t previous = open.back();
                open.pop_back();
                if (nodes[previous].row == nodes[n].row)
                    attribute(addEdge(previous, n, EdgeType::OperatorKernel), frame.rows[nodes[n].row].index);
                else
                    addEdge(previous, n, EdgeType::Dependency);
            }
            if (last != kNoNode && !nodes[last].start)
                addEdge(last, n, EdgeType::Dependency);
        }
        last = n;
    }
}

namespace {

// One side of a row on a call stack (HTA's call_stack.Event).
struct StackEvent
{
    double time;
    double dur;
    std::uint32_t index; // HTA index
    std::uint32_t local; // position in the stack's rows
    bool start;
};

// HTA's compare_events for spans of positive length, as a key: by time; ends
// before starts; among starts the longer first, then by index; among ends the
// shorter first, then the later index first.
bool stackOrder(const StackEvent &a, const StackEvent &b)
{
    if (a.time != b.time)
        return a.time < b.time;
    if (a.start != b.start)
        return !a.start;
    if (a.dur != b.dur)
        return a.start ? a.dur > b.dur : a.dur < b.dur;
    return a.start ? a.index < b.index : a.index > b.index;
}

} // namespace

// HTA's _construct_graph_from_call_stacks: one call stack per CPU (pid, tid) of the
// window, the backward thread folded into the forward one; a depth-first walk adds
// an edge from the last node seen to each start and end, unless both take the
// CUDA runtime lock (those edges come from runtimeLockEdges).
void Graph::callStackEdges(const std::vector<std::uint32_t> &window)
{
    const std::vector<Row> &rows = frame.rows;
    // Forward and backward threads: the only tid with an op or annotation named
    // "forward", and the only one named "autograd" (HTA tests the tids for truth: 0 is none).
    std::set<std::int64_t> forward, autograd;
    for (const std::uint32_t p : window) {
        const Row &r = rows[p];
        if (r.cat != Cat::CpuOp && r.cat != Cat::UserAnnotation)
            continue;
        if (frame.has(r.name, kForward))
            forward.insert(frame.groups[r.group].tid);
        if (frame.has(r.name, kAutograd))
            autograd.insert(frame.groups[r.group].tid);
    }
    std::optional<std::pair<std::int64_t, std::int64_t>> remap; // backward tid -> forward tid
    if (forward.size() == 1 && autograd.size() == 1 && *forward.begin() != 0 && *autograd.begin() != 0
        && *forward.begin() != *autograd.begin())
        remap = std::make_pair(*autograd.begin(), *forward.begin());

    // Group the window by (pid, tid); a group is a CPU stack when all its streams are below 0.
    std::map<std::pair<std::int64_t, std::int64_t>, std::vector<std::uint32_t>> stacks;
    std::set<std::pair<std::int64_t, std::int64_t>> notCpu;
    for (const std::uint32_t p : window) {
        const PidTid &g = frame.groups[rows[p].group];
        std::pair<std::int64_t, std::int64_t> key{g.pid, g.tid};
        if (remap && key.second == remap->first)
            key.second = remap->second;
        if (rows[p].stream >= 0)
            notCpu.insert(key);
        else
            stacks[key].push_back(p);
    }
    for (const auto &stack : stacks) {
        // Named, not a structured binding: the lambdas below capture it (clang 14 cannot capture bindings).
        const auto &key = stack.first;
        const auto &members = stack.second;
        if (notCpu.count(key))
            continue;
        // The stack as HTA builds it: in event order, each start a child of the top of
        // the stack, each end popping the top (whichever event that is).
        std::vector<StackEvent> events;
        events.reserve(members.size() * 2);
        for (std::uint32_t k = 0; k < members.size(); ++k) {
            const Row &r = rows[members[k]];
            const double dur = std::max(r.dur, 0.0);
            events.push_back({r.ts, dur, r.index, k, true});
            events.push_back({r.ts + dur, dur, r.index, k, false});
        }
        std::sort(events.begin(), events.end(), stackOrder);
        constexpr std::uint32_t kRoot = 0xFFFFFFFFu;
        std::vector<std::uint32_t> parent(members.size(), kRoot);
        std::vector<std::vector<std::uint32_t>> children(members.size() + 1); // [members.size()]: the root
        std::vector<std::uint32_t> open;
        for (const StackEvent &e : events) {
            if (e.start) {
                parent[e.local] = open.empty() ? kRoot : open.back();
                children[open.empty() ? members.size() : open.back()].push_back(e.local);
                open.push_back(e.local);
            } else if (!open.empty())
                open.pop_back();
        }

        std::uint32_t lastNode = kNoNode;
        int depth = 0;
        std::int64_t lastParent = -1;
        const auto parentIndex = [&](std::uint32_t k) -> std::int64_t {
            return parent[k] == kRoot ? -1 : std::int64_t(rows[members[parent[k]]].index);
        };
        const auto enter = [&](std::uint32_t k) {
            const std::uint32_t p = members[k];
            if (m_start[p] == kNoNode || m_end[p] == kNoNode)
                return;
            if (lastNode != kNoNode && !sharesRuntimeLock(lastNode, m_start[p]))
                attribute(addEdge(lastNode, m_start[p], depth == 0 ? EdgeType::Dependency : EdgeType::OperatorKernel),
                          lastParent);
            lastNode = m_start[p];
            lastParent = parentIndex(k);
            ++depth;
        };
        const auto exit = [&](std::uint32_t k) {
            const std::uint32_t p = members[k];
            if (m_start[p] == kNoNode || m_end[p] == kNoNode)
                return;
            if (lastNode != kNoNode && !sharesRuntimeLock(lastNode, m_end[p]))
                attribute(addEdge(lastNode, m_end[p], EdgeType::OperatorKernel, frame.has(rows[p].name, kBlocking)),
                          lastParent);
            lastNode = m_end[p];
            lastParent = parentIndex(k);
            --depth;
        };
        // Depth first from the root, children in the order they started.
        std::vector<std::pair<std::uint32_t, std::size_t>> walk{{static_cast<std::uint32_t>(members.size()), 0}};
        while (!walk.empty() && error.empty()) {
            auto &[node, next] = walk.back();
            if (next < children[node].size()) {
                const std::uint32_t child = children[node][next++];
                enter(child);
                walk.push_back({child, 0});
            } else {
                if (node != members.size())
                    exit(node);
                walk.pop_back();
            }
        }
        if (!error.empty())
            return;
    }
}

// HTA's _construct_graph_from_kernels: GPU rows and sync rows in time order (syncs
// by their end), numpy's order where times tie.
void Graph::kernelEdges(const std::vector<std::uint32_t> &window)
{
    const std::vector<Row> &rows = frame.rows;
    std::vector<std::uint32_t> gpu;
    std::vector<double> sortBy;
    for (const std::uint32_t p : window) {
        const Row &r = rows[p];
        if ((r.stream != -1 || frame.has(r.name, kDeviceSync)) && r.indexCorrelation >= 0) {
            gpu.push_back(p);
            sortBy.push_back(r.cat == Cat::CudaSync ? r.end() : r.ts);
        }
    }
    const auto positionOf = [&](std::int64_t index) -> std::optional<std::uint32_t> {
        const Row *r = frame.byIndex(index);
        if (!r)
            return std::nullopt;
        return static_cast<std::uint32_t>(r - rows.data());
    };
    const auto queueLength = [&](std::optional<std::uint32_t> p) -> std::optional<std::int64_t> {
        if (!p || *p >= m_launches.queueLength.size())
            return std::nullopt;
        return m_launches.queueLength[*p];
    };
    const auto endOfIndex = [&](std::int64_t index) {
        const auto p = positionOf(index);
        return p ? m_end[*p] : kNoNode;
    };

    // The last node on each stream (by stream number alone, as HTA keys it), in the
    // order the streams were first seen.
    std::vector<std::pair<std::int64_t, std::uint32_t>> lastOnStream;
    std::unordered_map<std::int64_t, std::size_t> streamSlot;
    const auto lastOn = [&](std::int64_t stream) {
        const auto it = streamSlot.find(stream);
        return it == streamSlot.end() ? kNoNode : lastOnStream[it->second].second;
    };
    const auto setLast = [&](std::int64_t stream, std::uint32_t node) {
        const auto [it, inserted] = streamSlot.try_emplace(stream, lastOnStream.size());
        if (inserted)
            lastOnStream.push_back({stream, node});
        else
            lastOnStream[it->second].second = node;
    };
    std::map<std::int64_t, std::optional<std::int64_t>> kernelSync; // kernel index -> the kernel it waits for

    const auto syncToCpu = [&](std::uint32_t gpuNode, std::int64_t runtimeIndex) {
        const std::uint32_t end = endOfIndex(runtimeIndex);
        if (end != kNoNode)
            addEdge(gpuNode, end, EdgeType::SyncDependency);
    };
    const auto handleSync = [&](const Row &row) {
        const bool streamWait = frame.has(row.name, kStreamWait);
        const bool eventSync = frame.has(row.name, kDeviceSync) && !frame.has(row.name, kContextSync);
        if (streamWait || eventSync) {
            // The launch before the cudaEventRecord the sync waits on.
            if (!m_launches.launchBeforeRecord)
                return;
            const auto previous = m_launches.launchBeforeRecord->find(row.waitOnRecordCorrelation);
            if (previous == m_launches.launchBeforeRecord->end() || previous->second == -1)
                return;
            const Row *launch = frame.byIndex(previous->second);
            const std::int64_t sourceKernel = launch->indexCorrelation;
            if (streamWait) {
                if (!m_launches.launchAfterWait) {
                    error = "HTA 0.6 fails: a Stream Wait Event without cudaStreamWaitEvent calls (TypeError)";
                    return;
                }
                const auto next = m_launches.launchAfterWait->find(row.indexCorrelation);
                if (next == m_launches.launchAfterWait->end()) {
                    error = "HTA 0.6 fails: a Stream Wait Event whose call it cannot look up (KeyError)";
                    return;
                }
                if (next->second < 0)
                    return;
                kernelSync[frame.byIndex(next->second)->indexCorrelation] = sourceKernel;
            } else {
                const std::uint32_t kernelEnd = endOfIndex(sourceKernel);
                if (kernelEnd != kNoNode)
                    syncToCpu(kernelEnd, row.indexCorrelation);
            }
            return;
        }
        if (frame.has(row.name, kContextSync)) {
            for (const auto &[stream, node] : lastOnStream)
                syncToCpu(node, row.indexCorrelation);
        } else if (frame.has(row.name, kStreamSync)) {
            if (const std::uint32_t node = lastOn(row.stream); node != kNoNode)
                syncToCpu(node, row.indexCorrelation);
        } else
            error = "HTA 0.6 fails: a cuda_sync row of a kind it does not know (AssertionError)";
    };

    for (const std::uint32_t k : numpyQuicksortOrder(sortBy)) {
        if (!error.empty())
            return;
        const Row &row = rows[gpu[k]];
        if (row.cat == Cat::CudaSync) {
            handleSync(row);
            continue;
        }
        const std::uint32_t start = m_start[gpu[k]], end = m_end[gpu[k]];
        if (start == kNoNode || end == kNoNode)
            continue;
        attribute(addEdge(start, end, EdgeType::OperatorKernel), -1);

        std::optional<std::int64_t> syncIndex;
        if (auto it = kernelSync.find(row.index); it != kernelSync.end()) {
            syncIndex = it->second;
            it->second.reset();
        }
        std::uint32_t syncEnd = kNoNode;
        if (syncIndex) {
            syncEnd = endOfIndex(*syncIndex);
            if (syncEnd == kNoNode)
                syncIndex.reset();
            else
                addEdge(syncEnd, start, EdgeType::SyncDependency);
        }
        const std::optional<std::uint32_t> runtime = positionOf(row.indexCorrelation);
        const std::optional<std::int64_t> queuedAtLaunch = queueLength(runtime);
        const std::optional<std::int64_t> queuedAfter = queueLength(positionOf(row.index));
        const std::uint32_t last = lastOn(row.stream);
        if (queuedAtLaunch == 1 && queuedAfter == 0
            && (last == kNoNode || nodes[last].ts < rows[*runtime].ts)
            && (!syncIndex || nodes[syncEnd].ts < rows[*runtime].ts)) {
            // Nothing queued on the stream when launched: the wait is the launch's.
            const std::uint32_t runtimeStart = m_start[*runtime];
            if (runtimeStart == kNoNode) {
                error = "HTA 0.6 fails: a kernel whose launch call is not in the graph (AssertionError)";
                return;
            }
            addEdge(runtimeStart, start, EdgeType::KernelLaunchDelay);
        } else if (last != kNoNode && nodes[start].ts - nodes[last].ts < kKernelKernelDelayThresholdUs
                   && (!syncIndex || nodes[syncEnd].ts < nodes[last].ts)) {
            attribute(addEdge(last, start, EdgeType::KernelKernelDelay), -1);
        }
        setLast(row.stream, end);
    }
}

} // namespace tracelane::htacp
