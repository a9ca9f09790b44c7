#include "string_table.h"

namespace tracelane {
namespace {
constexpr std::size_t kChunkSize = 1 << 20;
}

StringTable::StringTable()
{
    m_views.emplace_back();
    m_lookup.emplace(std::string_view(), 0);
}

std::string_view StringTable::store(std::string_view text)
{
    if (text.size() > kChunkSize / 4) { // large strings get a chunk of their own
        m_chunks.emplace_front(text);
        return m_chunks.front();
    }
    if (m_chunks.empty() || m_chunkUsed + text.size() > m_chunks.back().size()) {
        m_chunks.emplace_back(kChunkSize, '\0');
        m_chunkUsed = 0;
    }
    char *dst = m_chunks.back().data() + m_chunkUsed;
    text.copy(dst, text.size());
    m_chunkUsed += text.size();
    return {dst, text.size()};
}

StringId StringTable::intern(std::string_view text)
{
    if (auto it = m_lookup.find(text); it != m_lookup.end())
        return it->second;
    const std::string_view stored = store(text);
    const auto id = static_cast<StringId>(m_views.size());
    m_views.push_back(stored);
    m_lookup.emplace(stored, id);
    return id;
}

std::optional<StringId> StringTable::find(std::string_view text) const
{
    if (m_lookup.empty()) { // frozen: linear search is acceptable for rare lookups
        for (std::size_t i = 0; i < m_views.size(); ++i)
            if (m_views[i] == text)
                return static_cast<StringId>(i);
        return std::nullopt;
    }
    if (auto it = m_lookup.find(text); it != m_lookup.end())
        return it->second;
    return std::nullopt;
}

std::size_t StringTable::bytesUsed() const
{
    std::size_t bytes = m_views.capacity() * sizeof(std::string_view);
    for (const auto &chunk : m_chunks)
        bytes += chunk.capacity();
    bytes += m_lookup.size() * (sizeof(std::string_view) + sizeof(StringId) + 2 * sizeof(void *));
    return bytes;
}

void StringTable::freezeLookup()
{
    std::unordered_map<std::string_view, StringId>().swap(m_lookup);
}

} // namespace tracelane
