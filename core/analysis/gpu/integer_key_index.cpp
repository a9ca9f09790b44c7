#include "integer_key_index.h"

#include <algorithm>
#include <bit>

namespace tracelane {

IntegerKeyIndex::IntegerKeyIndex(std::vector<std::int64_t> keys)
{
    if (keys.empty())
        return;
    const auto [lowest, highest] = std::minmax_element(keys.begin(), keys.end());
    min_ = *lowest;
    // Unsigned difference: no overflow for keys at both ends of the int64 range.
    const std::uint64_t span = static_cast<std::uint64_t>(*highest) - static_cast<std::uint64_t>(min_);
    if (span < 64 * static_cast<std::uint64_t>(keys.size()) + 4096) {
        bits_.assign(span / 64 + 1, 0);
        for (const std::int64_t key : keys) {
            const std::uint64_t offset = static_cast<std::uint64_t>(key) - static_cast<std::uint64_t>(min_);
            bits_[offset / 64] |= std::uint64_t{1} << (offset % 64);
        }
        rankBefore_.resize(bits_.size());
        std::uint32_t running = 0;
        for (std::size_t w = 0; w < bits_.size(); ++w) {
            rankBefore_[w] = running;
            running += static_cast<std::uint32_t>(std::popcount(bits_[w]));
        }
        size_ = running;
        return;
    }
    std::sort(keys.begin(), keys.end());
    keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
    sortedKeys_ = std::move(keys);
    size_ = sortedKeys_.size();
}

std::optional<std::uint32_t> IntegerKeyIndex::find(std::int64_t key) const
{
    if (!bits_.empty()) {
        const std::uint64_t offset = static_cast<std::uint64_t>(key) - static_cast<std::uint64_t>(min_);
        if (offset / 64 >= bits_.size())
            return std::nullopt;
        const std::uint64_t word = bits_[offset / 64];
        const std::uint64_t bit = std::uint64_t{1} << (offset % 64);
        if (!(word & bit))
            return std::nullopt;
        return rankBefore_[offset / 64] + static_cast<std::uint32_t>(std::popcount(word & (bit - 1)));
    }
    const auto it = std::lower_bound(sortedKeys_.begin(), sortedKeys_.end(), key);
    if (it == sortedKeys_.end() || *it != key)
        return std::nullopt;
    return static_cast<std::uint32_t>(it - sortedKeys_.begin());
}

} // namespace tracelane
