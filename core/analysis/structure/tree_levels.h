#pragma once
// What is a level of each kind of structure tree, and the name its node gets.

#include "structure_tree.h"

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace tracelane {

// The track kind that holds a tree's level events: CPU threads for modules,
// stacks and ops, the threads' range tracks for ranges.
TrackKind treeLevelTrackKind(TreeLevels levels);

bool isTreeLevelEvent(TreeLevels levels, const Event &event, std::string_view name);

// "(outside modules)", ...: the root holding GPU work launched outside every level event.
std::string_view treeOutsideName(TreeLevels levels);

// A level event's node name: a module frame without its "nn.Module: " prefix;
// an iteration marker with its number as "*" (ProfilerStep#*), so that steps merge.
class TreeNames
{
public:
    TreeNames(const Trace &trace, TreeLevels levels);

    std::uint32_t levelName(StringId id);     // index into names()
    std::uint32_t operationName(StringId id); // a GPU operation's name, as it is
    std::uint32_t add(std::string name);
    std::vector<std::string> take() { return std::move(m_names); }

private:
    std::uint32_t intern(std::vector<std::uint32_t> &cache, StringId id, std::string_view text);

    const Trace &m_trace;
    TreeLevels m_levels;
    std::vector<std::uint32_t> m_levelCache, m_operationCache; // by StringId
    std::unordered_map<std::string, std::uint32_t> m_mergedIterations;
    std::vector<std::string> m_names;
};

} // namespace tracelane
