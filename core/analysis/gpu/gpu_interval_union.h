#pragma once
// Length of the union of time intervals: how long the GPU was busy with a set
// of operations, counting overlapping work on several streams once.

#include "model/time_units.h"

#include <algorithm>
#include <utility>
#include <vector>

namespace tracelane {

class GpuIntervalUnion
{
public:
    void add(TimeNs start, TimeNs end)
    {
        if (end > start)
            m_intervals.emplace_back(start, end);
    }

    TimeNs length()
    {
        std::sort(m_intervals.begin(), m_intervals.end());
        TimeNs total = 0;
        TimeNs coveredTo = 0;
        bool any = false;
        for (const auto &[start, end] : m_intervals) {
            if (!any || start > coveredTo) {
                total += end - start;
                coveredTo = end;
                any = true;
            } else if (end > coveredTo) {
                total += end - coveredTo;
                coveredTo = end;
            }
        }
        return total;
    }

private:
    std::vector<std::pair<TimeNs, TimeNs>> m_intervals;
};

} // namespace tracelane
