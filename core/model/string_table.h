#pragma once
// Interned strings: every name and string argument is stored once and referred
// to by a 32-bit id. Id 0 is always the empty string. Importers intern several
// strings per event, so the lookup is an open-addressing table of (hash, id)
// pairs with a hash that reads 8 bytes at a time.

#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
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
    // With hashOf(text) computed ahead, e.g. on the importer's parser threads.
    StringId intern(std::string_view text, std::uint64_t hash);
    static std::uint64_t hashOf(std::string_view text);
    std::optional<StringId> find(std::string_view text) const;
    std::string_view view(StringId id) const { return id < m_views.size() ? m_views[id] : std::string_view(); }
    std::size_t size() const { return m_views.size(); }
    std::size_t bytesUsed() const;

    // Frees the lookup index once nothing more will be interned; view() still works.
    void freezeLookup();

private:
    std::string_view store(std::string_view text);
    std::size_t slotOf(std::string_view text, std::uint64_t hash) const; // its slot, or the empty one it would take
    void rebuildLookup(std::size_t slots); // slots: a power of two

    std::deque<std::string> m_chunks; // stable storage; views point into it
    std::size_t m_chunkUsed = 0;
    std::vector<std::string_view> m_views;
    // Slots hold (high 32 bits of the hash) << 32 | (id + 1); 0 is empty. The
    // size is a power of two and at most half the slots are used. Empty once frozen.
    std::vector<std::uint64_t> m_slots;
};

} // namespace tracelane
