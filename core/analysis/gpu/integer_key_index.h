#pragma once
// Maps a set of 64-bit integer keys (correlation ids) to dense slots 0..n-1 in
// ascending key order. Correlation ids are mostly close together, so a bitmap
// over [min, max] with a running count per 64-bit word answers in O(1) without
// hashing (1.5 bits per value in the span: at most 96 bits per key); keys spread
// wider fall back to a sorted array and binary search. Memory stays O(n).

#include <cstdint>
#include <optional>
#include <vector>

namespace tracelane {

class IntegerKeyIndex
{
public:
    IntegerKeyIndex() = default;
    // Duplicates share one slot.
    explicit IntegerKeyIndex(std::vector<std::int64_t> keys);

    std::optional<std::uint32_t> find(std::int64_t key) const;
    std::size_t size() const { return size_; }

private:
    std::size_t size_ = 0;
    std::int64_t min_ = 0;
    std::vector<std::uint64_t> bits_;       // dense: bit (key - min_) set when present
    std::vector<std::uint32_t> rankBefore_; // dense: keys present in the words before each word
    std::vector<std::int64_t> sortedKeys_;  // sparse
};

} // namespace tracelane
