#include "nsys_string_ids.h"

namespace tracelane::nsys {

void StringIds::set(std::int64_t id, std::string_view text)
{
    ++m_count;
    const auto index = static_cast<std::uint64_t>(id);
    // Grow the flat array only as far as the strings seen so far justify; the
    // doubling of a vector keeps that amortised O(1) per string.
    if (index >= m_dense.size() && index < 2 * m_count + 4096)
        m_dense.resize(index + 1);
    Entry &entry = index < m_dense.size() ? m_dense[index] : m_sparse[id];
    entry.text.assign(text);
    entry.interned = kPending;
}

StringIds::Entry *StringIds::find(std::int64_t id)
{
    const auto index = static_cast<std::uint64_t>(id);
    if (index < m_dense.size() && m_dense[index].interned != kNone)
        return &m_dense[index];
    // Also for an id in the flat array's range: it may have been set before the array reached it.
    const auto it = m_sparse.find(id);
    return it == m_sparse.end() ? nullptr : &it->second;
}

std::optional<StringId> StringIds::intern(std::int64_t id, TraceBuilder &builder)
{
    Entry *entry = id >= 0 ? find(id) : nullptr;
    if (!entry || entry->interned == kNone)
        return std::nullopt;
    if (entry->interned == kPending) {
        entry->interned = builder.internName(entry->text);
        std::string().swap(entry->text);
    }
    return entry->interned;
}

void StringIds::clear()
{
    std::vector<Entry>().swap(m_dense);
    std::unordered_map<std::int64_t, Entry>().swap(m_sparse);
}

} // namespace tracelane::nsys
