#include "string_table.h"

#include <algorithm>
#include <bit>
#include <cstring>

namespace tracelane {
namespace {

constexpr std::size_t kChunkSize = 1 << 20;

std::uint64_t hashText(std::string_view text)
{
    // Words of 8 bytes (the last one overlapping), mixed by multiplication;
    // the finalizer is MurmurHash3's. Short strings read 4-byte halves. Long
    // strings (argument JSON, stacks) run four independent lanes, so the
    // multiplications overlap instead of waiting on each other.
    constexpr std::uint64_t k = 0x9E3779B97F4A7C15ull;
    const char *p = text.data();
    const std::size_t n = text.size();
    std::uint64_t h = n * k;
    auto mixInto = [&](std::uint64_t &lane, std::uint64_t word) {
        lane = (lane ^ word) * k;
        lane ^= lane >> 32;
    };
    auto mix = [&](std::uint64_t word) { mixInto(h, word); };
    auto load64 = [](const char *at) {
        std::uint64_t v;
        std::memcpy(&v, at, 8);
        return v;
    };
    auto load32 = [](const char *at) {
        std::uint32_t v;
        std::memcpy(&v, at, 4);
        return std::uint64_t(v);
    };
    if (n > 64) {
        std::uint64_t a = h, b = h + 1, c = h + 2, d = h + 3;
        auto block = [&](const char *at) {
            mixInto(a, load64(at));
            mixInto(b, load64(at + 8));
            mixInto(c, load64(at + 16));
            mixInto(d, load64(at + 24));
        };
        for (std::size_t i = 0; i + 32 < n; i += 32)
            block(p + i);
        block(p + n - 32);
        mix(a);
        mix(b);
        mix(c);
        mix(d);
    } else if (n >= 8) {
        for (std::size_t i = 0; i + 8 < n; i += 8)
            mix(load64(p + i));
        mix(load64(p + n - 8));
    } else if (n >= 4) {
        mix(load32(p) | load32(p + n - 4) << 32);
    } else if (n > 0) {
        mix(std::uint64_t(static_cast<unsigned char>(p[0])) | std::uint64_t(static_cast<unsigned char>(p[n / 2])) << 8
            | std::uint64_t(static_cast<unsigned char>(p[n - 1])) << 16);
    }
    h ^= h >> 33;
    h *= 0xFF51AFD7ED558CCDull;
    h ^= h >> 33;
    return h;
}

std::uint64_t slotValue(std::uint64_t hash, StringId id) { return (hash >> 32 << 32) | (std::uint64_t(id) + 1); }
StringId slotId(std::uint64_t slot) { return static_cast<StringId>((slot & 0xFFFFFFFFu) - 1); }

} // namespace

StringTable::StringTable()
{
    m_views.emplace_back();
    rebuildLookup(64);
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

std::size_t StringTable::slotOf(std::string_view text, std::uint64_t hash) const
{
    const std::size_t mask = m_slots.size() - 1;
    const std::uint64_t tag = hash >> 32;
    for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
        const std::uint64_t slot = m_slots[i];
        if (slot == 0 || ((slot >> 32) == tag && m_views[slotId(slot)] == text))
            return i;
    }
}

void StringTable::rebuildLookup(std::size_t slots)
{
    m_slots.assign(slots, 0);
    const std::size_t mask = slots - 1;
    for (std::size_t id = 0; id < m_views.size(); ++id) {
        const std::uint64_t hash = hashText(m_views[id]);
        std::size_t i = hash & mask;
        while (m_slots[i] != 0)
            i = (i + 1) & mask;
        m_slots[i] = slotValue(hash, static_cast<StringId>(id));
    }
}

std::uint64_t StringTable::hashOf(std::string_view text)
{
    return hashText(text);
}

StringId StringTable::intern(std::string_view text)
{
    return intern(text, hashText(text));
}

StringId StringTable::intern(std::string_view text, std::uint64_t hash)
{
    if (m_slots.empty()) // frozen: interning again needs the index back
        rebuildLookup(std::bit_ceil(std::max<std::size_t>(64, m_views.size() * 4)));
    const std::size_t i = slotOf(text, hash);
    if (m_slots[i] != 0)
        return slotId(m_slots[i]);
    const std::string_view stored = store(text);
    const auto id = static_cast<StringId>(m_views.size());
    m_views.push_back(stored);
    m_slots[i] = slotValue(hash, id);
    if (m_views.size() * 2 > m_slots.size())
        rebuildLookup(m_slots.size() * 2);
    return id;
}

std::optional<StringId> StringTable::find(std::string_view text) const
{
    if (m_slots.empty()) { // frozen: linear search is acceptable for rare lookups
        for (std::size_t i = 0; i < m_views.size(); ++i)
            if (m_views[i] == text)
                return static_cast<StringId>(i);
        return std::nullopt;
    }
    const std::uint64_t slot = m_slots[slotOf(text, hashText(text))];
    if (slot == 0)
        return std::nullopt;
    return slotId(slot);
}

std::size_t StringTable::bytesUsed() const
{
    std::size_t bytes = m_views.capacity() * sizeof(std::string_view);
    for (const auto &chunk : m_chunks)
        bytes += chunk.capacity();
    bytes += m_slots.capacity() * sizeof(std::uint64_t);
    return bytes;
}

void StringTable::freezeLookup()
{
    std::vector<std::uint64_t>().swap(m_slots);
}

} // namespace tracelane
