#include "collective_kinds.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <utility>

namespace tracelane {
namespace {

// Letters and digits only, lower case: "_allgather_base" and "all_gather"
// meet as "allgatherbase" and "allgather".
std::string squeezedName(std::string_view name)
{
    std::string out;
    out.reserve(name.size());
    for (const char c : name)
        if (std::isalnum(static_cast<unsigned char>(c)))
            out.push_back(char(std::tolower(static_cast<unsigned char>(c))));
    return out;
}

// Longest prefixes first, so "reducescatter" is not read as "reduce".
constexpr std::array<std::pair<std::string_view, std::string_view>, 13> kCollectivePrefixes{{
    {"reducescatter", "reduce_scatter"},
    {"allreduce", "all_reduce"},
    {"allgather", "all_gather"},
    {"alltoall", "all_to_all"},
    {"broadcast", "broadcast"},
    {"sendrecv", "send_recv"},
    {"barrier", "barrier"},
    {"scatter", "scatter"},
    {"gather", "gather"},
    {"reduce", "reduce"},
    {"bcast", "broadcast"},
    {"send", "send"},
    {"recv", "recv"},
}};

std::string_view knownCollective(std::string_view squeezed)
{
    for (const auto &[prefix, canonical] : kCollectivePrefixes)
        if (squeezed.starts_with(prefix))
            return canonical;
    return {};
}

} // namespace

std::string canonicalCollective(std::string_view name)
{
    // "nccl:all_reduce", "c10d::allreduce_", "gloo:broadcast": the part after the namespace.
    if (const auto colon = name.rfind(':'); colon != std::string_view::npos)
        name.remove_prefix(colon + 1);
    const std::string squeezed = squeezedName(name);
    if (const std::string_view known = knownCollective(squeezed); !known.empty())
        return std::string(known);
    std::string lower(name);
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    return lower;
}

std::string collectiveOfKernel(std::string_view kernelName)
{
    for (const std::string_view prefix : {"ncclDevKernel_", "ncclKernel_", "rcclKernel_", "rcclDevKernel_"})
        if (kernelName.starts_with(prefix)) {
            const std::string_view rest = kernelName.substr(prefix.size());
            return std::string(knownCollective(squeezedName(rest.substr(0, rest.find('_')))));
        }
    return {};
}

std::optional<std::uint64_t> dtypeBytes(std::string_view dtype)
{
    static constexpr std::array<std::pair<std::string_view, std::uint64_t>, 22> kSizes{{
        {"Float", 4},         {"Double", 8},        {"Half", 2},           {"BFloat16", 2},
        {"Int", 4},           {"Long", 8},          {"Short", 2},          {"Char", 1},
        {"Byte", 1},          {"Bool", 1},          {"ComplexHalf", 4},    {"ComplexFloat", 8},
        {"ComplexDouble", 16}, {"UInt16", 2},       {"UInt32", 4},         {"UInt64", 8},
        {"QInt8", 1},         {"QUInt8", 1},        {"QInt32", 4},         {"Float8_e4m3fn", 1},
        {"Float8_e5m2", 1},   {"Float8_e8m0fnu", 1},
    }};
    for (const auto &[name, bytes] : kSizes)
        if (dtype == name)
            return bytes;
    if (dtype.starts_with("Float8_")) // the fnuz variants
        return 1;
    return std::nullopt;
}

std::optional<double> busBandwidthFactor(std::string_view canonical, std::int64_t ranks)
{
    if (ranks < 1)
        return std::nullopt;
    const double n = double(ranks);
    if (canonical == "all_reduce")
        return 2.0 * (n - 1.0) / n;
    if (canonical == "all_gather" || canonical == "reduce_scatter" || canonical == "all_to_all" ||
        canonical == "gather" || canonical == "scatter")
        return (n - 1.0) / n;
    if (canonical == "broadcast" || canonical == "reduce" || canonical == "send" || canonical == "recv" ||
        canonical == "send_recv")
        return 1.0;
    return std::nullopt;
}

} // namespace tracelane
