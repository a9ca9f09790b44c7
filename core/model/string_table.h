#pragma once
// Interned strings: every name and string argument is stored once and referred
// to by a 32-bit id. Id 0 is always the empty string.

#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace tracelane {

using StringId = std::uint32_t;

class StringTable
{
public:
    StringTable();
    StringTable(const StringTable &) = delete;
    StringTable &operator=(const StringTable &) = delete;
    StringTable(StringTable &&) = default;
    StringTable &operator=(StringTable &&) = default;

    StringId intern(std::string_view text);
    std::optional<StringId> find(std::string_view text) const;
    std::string_view view(StringId id) const { return id < m_views.size() ? m_views[id] : std::string_view(); }
    std::size_t size() const { return m_views.size(); }
    std::size_t bytesUsed() const;

    // Frees the lookup index once nothing more will be interned; view() still works.
    void freezeLookup();

private:
    std::string_view store(std::string_view text);

    std::deque<std::string> m_chunks; // stable storage; views point into it
    std::size_t m_chunkUsed = 0;
    std::vector<std::string_view> m_views;
    std::unordered_map<std::string_view, StringId> m_lookup;
};

} // namespace tracelane
