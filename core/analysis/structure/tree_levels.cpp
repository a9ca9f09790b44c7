#include "tree_levels.h"


namespace tracelane {

namespace {

constexpr std::string_view kModulePrefix = "nn.Module: ";
constexpr std::uint32_t kUnnamed = 0xFFFFFFFFu;

// "ProfilerStep#5" -> "ProfilerStep#*", "Iteration 12" -> "Iteration *" (the
// automatic iteration markers, iteration_table.h): empty for any other name.
std::string iterationNodeName(std::string_view name)
{
    for (std::string_view prefix : {std::string_view("ProfilerStep#"), std::string_view("Iteration ")}) {
        if (!name.starts_with(prefix) || name.size() == prefix.size())
            continue;
        const std::string_view number = name.substr(prefix.size());
        if (number.find_first_not_of("0123456789") == std::string_view::npos)
            return std::string(prefix) + '*';
    }
    return {};
}

} // namespace

TrackKind treeLevelTrackKind(TreeLevels levels)
{
    return levels == TreeLevels::Ranges ? TrackKind::ThreadRanges : TrackKind::CpuThread;
}

bool isTreeLevelEvent(TreeLevels levels, const Event &event, std::string_view name)
{
    switch (levels) {
    case TreeLevels::Modules: return event.kind == EventKind::PythonFunction && name.starts_with(kModulePrefix);
    case TreeLevels::Stacks: return event.kind == EventKind::PythonFunction;
    case TreeLevels::Ranges: return event.kind == EventKind::Range;
    case TreeLevels::Ops: return event.kind == EventKind::CpuOp;
    }
    return false;
}

std::string_view treeOutsideName(TreeLevels levels)
{
    switch (levels) {
    case TreeLevels::Modules: return "(outside modules)";
    case TreeLevels::Stacks: return "(outside Python frames)";
    case TreeLevels::Ranges: return "(outside ranges)";
    case TreeLevels::Ops: return "(outside CPU ops)";
    }
    return "(outside)";
}

TreeNames::TreeNames(const Trace &trace, TreeLevels levels)
    : m_trace(trace), m_levels(levels), m_levelCache(trace.strings.size(), kUnnamed),
      m_operationCache(trace.strings.size(), kUnnamed)
{
}

std::uint32_t TreeNames::intern(std::vector<std::uint32_t> &cache, StringId id, std::string_view text)
{
    if (id >= cache.size())
        cache.resize(std::size_t(id) + 1, kUnnamed);
    if (cache[id] == kUnnamed)
        cache[id] = add(std::string(text));
    return cache[id];
}

std::uint32_t TreeNames::levelName(StringId id)
{
    if (id < m_levelCache.size() && m_levelCache[id] != kUnnamed)
        return m_levelCache[id];
    std::string_view text = m_trace.strings.view(id);
    if (std::string merged = iterationNodeName(text); !merged.empty()) {
        // Every step shares one node name.
        const auto [it, added] = m_mergedIterations.try_emplace(std::move(merged), 0);
        if (added)
            it->second = add(it->first);
        m_levelCache[id] = it->second;
        return it->second;
    }
    if (m_levels == TreeLevels::Modules && text.starts_with(kModulePrefix))
        text.remove_prefix(kModulePrefix.size());
    return intern(m_levelCache, id, text);
}

std::uint32_t TreeNames::operationName(StringId id)
{
    return intern(m_operationCache, id, m_trace.strings.view(id));
}

std::uint32_t TreeNames::add(std::string name)
{
    m_names.push_back(std::move(name));
    return std::uint32_t(m_names.size() - 1);
}

} // namespace tracelane
