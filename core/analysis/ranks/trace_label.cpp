#include "trace_label.h"

#include "rank_identity.h"

#include <algorithm>
#include <filesystem>
#include <numeric>
#include <tuple>

namespace tracelane {

std::string TraceLabel::label() const
{
    return rank ? std::to_string(*rank) : file;
}

TraceLabel traceLabel(const Trace &trace, const std::string &path)
{
    const std::string &named = path.empty() ? trace.source.path : path;
    std::string file = std::filesystem::path(named).filename().string();
    return {distributedInfo(trace).rank, file.empty() ? named : std::move(file)};
}

std::vector<std::size_t> rankOrder(const std::vector<TraceLabel> &labels)
{
    std::vector<std::size_t> order(labels.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        const TraceLabel &x = labels[a];
        const TraceLabel &y = labels[b];
        const bool xNone = !x.rank, yNone = !y.rank;
        const std::int64_t xRank = x.rank.value_or(0), yRank = y.rank.value_or(0);
        return std::tie(xNone, xRank, x.file) < std::tie(yNone, yRank, y.file);
    });
    return order;
}

} // namespace tracelane
