#pragma once
// The largest of values[first, last) in O(kFanOut * levels) instead of
// O(last - first): above the values sit levels of block maxima, each entry the
// largest of kFanOut entries below it. A counter lane asks this once per pixel
// column, so a column covering a million samples costs no more than one
// covering a hundred. About n / 63 extra entries.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace tracelane {

template <typename T>
class BasicRangeMax
{
public:
    static constexpr std::size_t kFanOut = 64;

    BasicRangeMax() = default;
    explicit BasicRangeMax(std::vector<T> values)
    {
        m_levels.push_back(std::move(values));
        while (m_levels.back().size() > kFanOut) {
            const std::vector<T> &below = m_levels.back();
            std::vector<T> level((below.size() + kFanOut - 1) / kFanOut);
            for (std::size_t b = 0; b < level.size(); ++b)
                level[b] = *std::max_element(below.begin() + std::ptrdiff_t(b * kFanOut),
                                             below.begin() + std::ptrdiff_t(std::min(below.size(), (b + 1) * kFanOut)));
            m_levels.push_back(std::move(level));
        }
    }

    std::size_t size() const { return m_levels.empty() ? 0 : m_levels.front().size(); }
    T operator[](std::size_t i) const { return m_levels.front()[i]; }
    const std::vector<T> &values() const
    {
        static const std::vector<T> none;
        return m_levels.empty() ? none : m_levels.front();
    }

    // The largest of `floor` and values[first, last).
    T max(std::size_t first, std::size_t last, T floor) const
    {
        T best = floor;
        last = std::min(last, size());
        for (std::size_t level = 0; level < m_levels.size() && first < last; ++level) {
            const std::vector<T> &v = m_levels[level];
            // Whole blocks of this level lie in [up, down): the ragged ends are
            // scanned here, the blocks between them one level up.
            const std::size_t up = std::min(last, (first + kFanOut - 1) / kFanOut * kFanOut);
            const std::size_t down = std::max(up, last / kFanOut * kFanOut);
            if (level + 1 == m_levels.size() || up == down) {
                for (std::size_t i = first; i < last; ++i)
                    best = std::max(best, v[i]);
                break;
            }
            for (std::size_t i = first; i < up; ++i)
                best = std::max(best, v[i]);
            for (std::size_t i = down; i < last; ++i)
                best = std::max(best, v[i]);
            first = up / kFanOut;
            last = down / kFanOut;
        }
        return best;
    }

private:
    std::vector<std::vector<T>> m_levels; // [0]: the values
};

using RangeMax = BasicRangeMax<std::int32_t>; // queue depths
using CounterRangeMax = BasicRangeMax<double>; // counter samples

} // namespace tracelane
