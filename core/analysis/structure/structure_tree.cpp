#include "structure_tree.h"

#include "tree_levels.h"

#include "analysis/gpu/gpu_launches.h"
#include "analysis/operators/iteration_table.h"
#include "model/time_math.h"

#include <algorithm>
#include <span>
#include <unordered_map>

namespace tracelane {

namespace {

// How far below the innermost open event a launch call is looked for when it
// outlasts that event (improper nesting): bounded, so no input makes the walk quadratic.
constexpr std::size_t kLaunchSearchDepth = 32;

struct OpenLevel
{
    TimeNs start = 0;
    TimeNs end = 0;
    std::uint32_t node = 0;
};

// A launch no level event of its own thread holds, kept for anyThread.
struct HomelessLaunch
{
    const GpuLaunch *launch = nullptr;
    std::int32_t process = kNoIndex;
};

// A level event as the anyThread pass reads it: by thread, in start order.
struct PlacedLevel
{
    TimeNs start = 0;
    TimeNs end = 0;
    std::uint32_t node = 0;
};

class TreeAssembler
{
public:
    TreeAssembler(const Trace &trace, const TreeOptions &options)
        : m_trace(trace), m_options(options), m_names(trace, options.levels)
    {
        m_tree.levels = options.levels;
        m_counted.resize(trace.tracks.size());
        if (options.anyThread)
            m_placed.resize(trace.threads.size());
    }

    void walkThread(std::size_t thread, const std::vector<std::uint32_t> &tracks, std::span<const GpuLaunch> launches);
    void placeHomelessLaunches();
    StructureTree finish();

private:
    std::uint32_t child(std::uint32_t parent, std::uint32_t name, bool gpuOperation);
    std::uint32_t outsideRoot();
    void openLevel(EventRef ref);
    void attributeLaunch(const GpuLaunch &launch);
    void countGpuWork(const GpuLaunch &launch, std::uint32_t node);
    bool inScope(TimeNs start) const { return start >= m_options.from && start < m_options.to; }

    const Trace &m_trace;
    const TreeOptions &m_options;
    TreeNames m_names;
    StructureTree m_tree;
    std::unordered_map<std::uint64_t, std::uint32_t> m_children; // (parent + 1, name, leaf) -> node
    std::uint32_t m_outside = kNoTreeNode;
    std::vector<OpenLevel> m_stack;
    std::vector<std::vector<bool>> m_counted; // GPU operations already attributed, by track and index
    std::size_t m_thread = 0;                 // the thread being walked
    std::vector<std::vector<PlacedLevel>> m_placed; // anyThread: level events by thread
    std::vector<HomelessLaunch> m_homeless;         // anyThread: launches waiting for another thread's event
};

std::uint32_t TreeAssembler::child(std::uint32_t parent, std::uint32_t name, bool gpuOperation)
{
    const std::uint64_t key = (std::uint64_t(parent + 1) << 32) ^ (std::uint64_t(name) << 1) ^ (gpuOperation ? 1 : 0);
    const auto [it, added] = m_children.try_emplace(key, std::uint32_t(m_tree.nodes.size()));
    if (!added)
        return it->second;
    TreeNode node;
    node.parent = parent;
    node.name = name;
    node.gpuOperation = gpuOperation;
    if (parent != kNoTreeNode) {
        node.depth = m_tree.nodes[parent].depth + 1;
        m_tree.nodes[parent].children.push_back(it->second);
    } else {
        m_tree.roots.push_back(it->second);
    }
    m_tree.nodes.push_back(std::move(node));
    return it->second;
}

std::uint32_t TreeAssembler::outsideRoot()
{
    if (m_outside == kNoTreeNode) {
        m_outside = child(kNoTreeNode, m_names.add(std::string(treeOutsideName(m_options.levels))), true);
        m_tree.nodes[m_outside].outside = true;
    }
    return m_outside;
}

void TreeAssembler::openLevel(EventRef ref)
{
    const Event &e = m_trace.event(ref);
    while (!m_stack.empty() && m_stack.back().end <= e.start)
        m_stack.pop_back();
    const std::uint32_t parent = m_stack.empty() ? kNoTreeNode : m_stack.back().node;
    const std::uint32_t node = child(parent, m_names.levelName(e.name), false);
    TreeNode &n = m_tree.nodes[node];
    ++n.calls;
    n.cpuTotal = saturatingAdd(n.cpuTotal, e.duration);
    n.cpuSelf = saturatingAdd(n.cpuSelf, e.duration);
    if (parent != kNoTreeNode) {
        const TimeNs parentEnd = m_stack.back().end;
        if (e.end() > parentEnd)
            ++m_tree.clippedEvents;
        m_tree.nodes[parent].cpuSelf = saturatingSub(m_tree.nodes[parent].cpuSelf, std::min(e.end(), parentEnd) - e.start);
    }
    m_stack.push_back({e.start, e.end(), node});
    if (m_options.anyThread)
        m_placed[m_thread].push_back({e.start, e.end(), node});
    ++m_tree.levelEvents;
    if (m_options.keepInstances)
        m_tree.instances.push_back({ref, node});
}

void TreeAssembler::attributeLaunch(const GpuLaunch &launch)
{
    std::vector<bool> &counted = m_counted[launch.gpuOp.track];
    if (counted.empty())
        counted.resize(m_trace.tracks[launch.gpuOp.track].events.size());
    if (counted[launch.gpuOp.index])
        return; // one call among several linked to this operation already counted it
    counted[launch.gpuOp.index] = true;

    while (!m_stack.empty() && m_stack.back().end <= launch.callStart)
        m_stack.pop_back();
    std::uint32_t node = kNoTreeNode;
    for (std::size_t i = m_stack.size(), looked = 0; i > 0 && looked < kLaunchSearchDepth; --i, ++looked)
        if (launch.callEnd <= m_stack[i - 1].end) {
            node = m_stack[i - 1].node;
            break;
        }
    if (node == kNoTreeNode && m_options.anyThread) {
        m_homeless.push_back({&launch, m_trace.threads[m_thread].process});
        return;
    }
    countGpuWork(launch, node);
}

void TreeAssembler::countGpuWork(const GpuLaunch &launch, std::uint32_t node)
{
    const Event &op = m_trace.event(launch.gpuOp);
    ++m_tree.gpuOperations;
    m_tree.gpuTime = saturatingAdd(m_tree.gpuTime, op.duration);
    if (node == kNoTreeNode) {
        node = outsideRoot();
        m_tree.gpuOutside = saturatingAdd(m_tree.gpuOutside, op.duration);
    }
    if (m_options.gpuLeaves) {
        node = child(node, m_names.operationName(op.name), true);
        ++m_tree.nodes[node].calls;
    }
    m_tree.nodes[node].gpuSelf = saturatingAdd(m_tree.nodes[node].gpuSelf, op.duration);
}

// anyThread: each launch its own thread left outside goes to the deepest level
// event of another thread of its process that holds the call. One sweep per
// thread in call order, with that thread's stack of open events.
void TreeAssembler::placeHomelessLaunches()
{
    std::stable_sort(m_homeless.begin(), m_homeless.end(), [](const HomelessLaunch &a, const HomelessLaunch &b) {
        return a.launch->callStart < b.launch->callStart;
    });
    struct Sweep
    {
        std::size_t next = 0;
        std::vector<PlacedLevel> open;
    };
    std::vector<Sweep> sweeps(m_placed.size());
    std::vector<std::vector<std::size_t>> threadsOfProcess(m_trace.processes.size());
    for (std::size_t t = 0; t < m_placed.size(); ++t)
        if (!m_placed[t].empty() && m_trace.threads[t].process >= 0
            && std::size_t(m_trace.threads[t].process) < threadsOfProcess.size())
            threadsOfProcess[std::size_t(m_trace.threads[t].process)].push_back(t);
    for (const HomelessLaunch &homeless : m_homeless) {
        const GpuLaunch &launch = *homeless.launch;
        std::uint32_t best = kNoTreeNode;
        if (homeless.process >= 0 && std::size_t(homeless.process) < threadsOfProcess.size())
            for (std::size_t t : threadsOfProcess[std::size_t(homeless.process)]) {
                if (std::int32_t(t) == launch.thread)
                    continue;
                Sweep &sweep = sweeps[t];
                const std::vector<PlacedLevel> &levels = m_placed[t];
                while (sweep.next < levels.size() && levels[sweep.next].start <= launch.callStart) {
                    while (!sweep.open.empty() && sweep.open.back().end <= levels[sweep.next].start)
                        sweep.open.pop_back();
                    sweep.open.push_back(levels[sweep.next++]);
                }
                while (!sweep.open.empty() && sweep.open.back().end <= launch.callStart)
                    sweep.open.pop_back();
                for (std::size_t i = sweep.open.size(), looked = 0; i > 0 && looked < kLaunchSearchDepth; --i, ++looked)
                    if (launch.callEnd <= sweep.open[i - 1].end) {
                        const std::uint32_t node = sweep.open[i - 1].node;
                        if (best == kNoTreeNode || m_tree.nodes[node].depth > m_tree.nodes[best].depth)
                            best = node;
                        break;
                    }
            }
        if (best != kNoTreeNode)
            ++m_tree.otherThreadLaunches;
        countGpuWork(launch, best);
    }
    m_homeless.clear();
}

// The thread's level events from all its tracks in start order (longer first
// at equal starts), interleaved with its launch calls: a call is placed after
// every event starting at or before it, so an event starting with it holds it.
void TreeAssembler::walkThread(std::size_t thread, const std::vector<std::uint32_t> &tracks,
                               std::span<const GpuLaunch> launches)
{
    m_thread = thread;
    struct Cursor
    {
        std::uint32_t track;
        std::uint32_t index;
        std::uint32_t end;
    };
    std::vector<Cursor> cursors;
    for (std::uint32_t t : tracks) {
        const auto &events = m_trace.tracks[t].events;
        // Events are sorted by start: only the scope's stretch is read.
        const auto first = std::lower_bound(events.begin(), events.end(), m_options.from,
                                            [](const Event &e, TimeNs from) { return e.start < from; });
        const auto last = std::lower_bound(first, events.end(), m_options.to,
                                           [](const Event &e, TimeNs to) { return e.start < to; });
        if (first != last)
            cursors.push_back({t, std::uint32_t(first - events.begin()), std::uint32_t(last - events.begin())});
    }
    auto skipToLevel = [&](Cursor &c) {
        const auto &events = m_trace.tracks[c.track].events;
        while (c.index < c.end
               && !isTreeLevelEvent(m_options.levels, events[c.index], m_trace.strings.view(events[c.index].name)))
            ++c.index;
    };
    for (Cursor &c : cursors)
        skipToLevel(c);

    m_stack.clear();
    std::size_t nextLaunch = 0;
    while (nextLaunch < launches.size() && launches[nextLaunch].callStart < m_options.from)
        ++nextLaunch;
    for (;;) {
        Cursor *next = nullptr;
        for (Cursor &c : cursors) {
            if (c.index >= c.end)
                continue;
            if (!next) {
                next = &c;
                continue;
            }
            const Event &a = m_trace.tracks[c.track].events[c.index];
            const Event &b = m_trace.tracks[next->track].events[next->index];
            if (a.start < b.start || (a.start == b.start && a.duration > b.duration))
                next = &c;
        }
        const TimeNs nextStart = next ? m_trace.tracks[next->track].events[next->index].start : INT64_MAX;
        while (nextLaunch < launches.size() && launches[nextLaunch].callStart < nextStart) {
            if (inScope(launches[nextLaunch].callStart))
                attributeLaunch(launches[nextLaunch]);
            ++nextLaunch;
        }
        if (!next)
            break;
        openLevel({next->track, next->index});
        ++next->index;
        skipToLevel(*next);
    }
}

StructureTree TreeAssembler::finish()
{
    // A parent comes before its children: one backward pass adds each total to its parent.
    for (std::size_t i = m_tree.nodes.size(); i-- > 0;) {
        TreeNode &node = m_tree.nodes[i];
        node.gpuTotal = saturatingAdd(node.gpuTotal, node.gpuSelf);
        if (node.parent != kNoTreeNode)
            m_tree.nodes[node.parent].gpuTotal = saturatingAdd(m_tree.nodes[node.parent].gpuTotal, node.gpuTotal);
    }
    m_tree.names = m_names.take();
    return std::move(m_tree);
}

} // namespace

std::string_view treeLevelsName(TreeLevels levels)
{
    switch (levels) {
    case TreeLevels::Modules: return "modules";
    case TreeLevels::Stacks: return "stacks";
    case TreeLevels::Ranges: return "ranges";
    case TreeLevels::Ops: return "ops";
    }
    return "ops";
}

std::optional<TreeLevels> parseTreeLevels(std::string_view text)
{
    for (TreeLevels levels : {TreeLevels::Modules, TreeLevels::Stacks, TreeLevels::Ranges, TreeLevels::Ops})
        if (text == treeLevelsName(levels))
            return levels;
    return std::nullopt;
}

std::string StructureTree::path(std::uint32_t node, std::string_view separator) const
{
    std::vector<std::uint32_t> chain;
    for (std::uint32_t n = node; n != kNoTreeNode; n = nodes[n].parent)
        chain.push_back(n);
    std::string out;
    for (std::size_t i = chain.size(); i-- > 0;) {
        out += names[nodes[chain[i]].name];
        if (i > 0)
            out += separator;
    }
    return out;
}

StructureTree buildStructureTree(const Trace &trace, const TreeOptions &options)
{
    TreeAssembler assembler(trace, options);
    const TrackKind levelKind = treeLevelTrackKind(options.levels);
    std::vector<std::vector<std::uint32_t>> tracksOfThread(trace.threads.size());
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
        const Track &track = trace.tracks[t];
        if (track.kind == levelKind && track.thread >= 0 && std::size_t(track.thread) < trace.threads.size())
            tracksOfThread[std::size_t(track.thread)].push_back(t);
    }
    const std::vector<GpuLaunch> launches = collectGpuLaunches(trace); // by thread, then call start
    std::size_t first = 0;
    for (std::size_t thread = 0; thread < trace.threads.size(); ++thread) {
        while (first < launches.size() && std::size_t(launches[first].thread) < thread)
            ++first;
        std::size_t last = first;
        while (last < launches.size() && std::size_t(launches[last].thread) == thread)
            ++last;
        const bool selected = options.threads.empty() || (thread < options.threads.size() && options.threads[thread]);
        if (selected)
            assembler.walkThread(thread, tracksOfThread[thread],
                                 std::span<const GpuLaunch>(launches).subspan(first, last - first));
        first = last;
    }
    assembler.placeHomelessLaunches();
    return assembler.finish();
}

std::string limitTreeToIteration(const Trace &trace, std::int64_t number, TreeOptions &options)
{
    const IterationTable iterations = detectIterations(trace);
    for (const Iteration &iteration : iterations.iterations)
        if (iteration.number == number) {
            options.from = iteration.start;
            options.to = iteration.end;
            return {};
        }
    return "no iteration " + std::to_string(number) + " (pattern " + patternsTriedText(iterations) + ")";
}

std::vector<EventRef> treeNodeInstances(const StructureTree &tree, std::uint32_t node)
{
    std::vector<EventRef> refs;
    for (const TreeInstance &instance : tree.instances)
        if (instance.node == node)
            refs.push_back(instance.ref);
    return refs;
}

std::vector<std::uint32_t> sortedChildren(const StructureTree &tree, const std::vector<std::uint32_t> &nodes,
                                          TreeMetric metric)
{
    std::vector<std::uint32_t> sorted = nodes;
    auto total = [&](std::uint32_t n) {
        return metric == TreeMetric::Gpu ? tree.nodes[n].gpuTotal : tree.nodes[n].cpuTotal;
    };
    std::stable_sort(sorted.begin(), sorted.end(), [&](std::uint32_t a, std::uint32_t b) {
        if (total(a) != total(b))
            return total(a) > total(b);
        return tree.name(a) < tree.name(b);
    });
    return sorted;
}

} // namespace tracelane
