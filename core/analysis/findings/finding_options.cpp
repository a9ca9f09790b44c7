// The rules' thresholds by name, as `tracelane-cli findings --option NAME=VALUE` sets them.
#include "findings.h"

#include <charconv>
#include <cmath>
#include <functional>
#include <string>

namespace tracelane::findings {
namespace {

std::optional<double> parseNumber(std::string_view text)
{
    double value = 0.0;
    const char *end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (ec != std::errc() || ptr != end || !std::isfinite(value))
        return std::nullopt;
    return value;
}

std::optional<double> parsePercent(std::string_view text)
{
    if (text.ends_with('%'))
        text.remove_suffix(1);
    const auto v = parseNumber(text);
    return v && *v >= 0.0 ? v : std::nullopt;
}

// "500ms", "0.5s", "250us", "100ns"; a bare number is in milliseconds (nsys's gap=<ms>).
std::optional<TimeNs> parseDuration(std::string_view text)
{
    struct Unit
    {
        std::string_view suffix;
        double ns;
    };
    static constexpr Unit kUnits[] = {{"ns", 1.0}, {"us", 1e3}, {"ms", 1e6}, {"s", 1e9}};
    double scale = 1e6;
    for (const Unit &u : kUnits) {
        if (text.ends_with(u.suffix)) {
            text.remove_suffix(u.suffix.size());
            scale = u.ns;
            break;
        }
    }
    const auto v = parseNumber(text);
    if (!v || *v < 0.0 || *v * scale > 9.2e18)
        return std::nullopt;
    return static_cast<TimeNs>(std::llround(*v * scale));
}

std::optional<std::int64_t> parseWhole(std::string_view text)
{
    std::int64_t value = 0;
    const char *end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (ec != std::errc() || ptr != end || value < 0)
        return std::nullopt;
    return value;
}

std::optional<bool> parseBool(std::string_view text)
{
    if (text == "1" || text == "true" || text == "yes" || text == "on")
        return true;
    if (text == "0" || text == "false" || text == "no" || text == "off")
        return false;
    return std::nullopt;
}

struct OptionSetter
{
    FindingOptionInfo info;
    std::function<bool(FindingOptions &, std::string_view)> set; // false for a bad value
};

template<typename T, typename Parse>
std::function<bool(FindingOptions &, std::string_view)> setterOf(T FindingOptions::*field, Parse parse)
{
    return [field, parse](FindingOptions &o, std::string_view text) {
        const auto v = parse(text);
        if (!v)
            return false;
        o.*field = static_cast<T>(*v);
        return true;
    };
}

const std::vector<OptionSetter> &setters()
{
    static const std::vector<OptionSetter> all = {
        {{"cuda_memcpy_sync.small_h2d_bytes", "64000",
          "host-to-device copies of at most this many bytes are not reported (they return before the copy ends)"},
         setterOf(&FindingOptions::memcpySyncSmallH2dBytes, parseWhole)},
        {{"cuda_memcpy_sync.skip_d2d", "0", "1: leave out device-to-device copies (the nsys recipe's variant)"},
         setterOf(&FindingOptions::memcpySyncSkipDeviceToDevice, parseBool)},
        {{"gpu_gaps.gap", "500ms", "report gaps longer than this (a bare number is in milliseconds, as nsys's gap=)"},
         setterOf(&FindingOptions::gpuGap, parseDuration)},
        {{"gpu_time_util.threshold", "50", "report chunks whose in-use percentage is below this"},
         setterOf(&FindingOptions::gpuTimeUtilThreshold, parsePercent)},
        {{"gpu_time_util.chunks", "30", "equal chunks per GPU, 1 to 1000"},
         [](FindingOptions &o, std::string_view text) {
             const auto v = parseWhole(text);
             if (!v || *v < 1 || *v > 1000)
                 return false;
             o.gpuTimeUtilChunks = static_cast<int>(*v);
             return true;
         }},
        {{"dataloader.share", "5", "fires when the DataLoader takes more than this percentage of the step"},
         setterOf(&FindingOptions::dataloaderShare, parsePercent)},
        {{"communication.share", "10", "fires when unhidden communication takes more than this percentage of the step"},
         setterOf(&FindingOptions::communicationShare, parsePercent)},
        {{"gpu_utilization.threshold", "50", "fires for a GPU running kernels less than this percentage of the steps"},
         setterOf(&FindingOptions::gpuUtilization, parsePercent)},
        {{"tensor_cores.share", "0",
          "fires when eligible operators launched more than this percentage of the kernel time"},
         setterOf(&FindingOptions::tensorCoresEligibleShare, parsePercent)},
        {{"launch_queue_full.depth", "1024", "pending launches per stream at which a launch call blocks"},
         [](FindingOptions &o, std::string_view text) {
             const auto v = parseWhole(text);
             if (!v || *v < 1 || *v > 1'000'000'000)
                 return false;
             o.launchQueueDepth = static_cast<std::int32_t>(*v);
             return true;
         }},
        {{"short_kernels.min_count", "100", "fires from this many short kernels..."},
         setterOf(&FindingOptions::shortKernelsMinCount, parseWhole)},
        {{"short_kernels.min_share", "25", "...that are at least this percentage of the launched kernels"},
         setterOf(&FindingOptions::shortKernelsMinShare, parsePercent)},
        {{"straggler.excess", "10", "fires when a rank's median step is this percentage longer than the others'"},
         setterOf(&FindingOptions::stragglerExcess, parsePercent)},
        {{"severity.high", "10", "share of the step from which a finding is high"},
         setterOf(&FindingOptions::severityHigh, parsePercent)},
        {{"severity.medium", "1", "share of the step from which a finding is medium"},
         setterOf(&FindingOptions::severityMedium, parsePercent)},
    };
    return all;
}

} // namespace
} // namespace tracelane::findings

namespace tracelane {

std::string setFindingOption(FindingOptions &options, std::string_view name, std::string_view value)
{
    for (const findings::OptionSetter &s : findings::setters()) {
        if (s.info.name != name)
            continue;
        if (!s.set(options, value))
            return "bad value for " + std::string(name) + ": " + std::string(value);
        return {};
    }
    return "unknown option " + std::string(name);
}

const std::vector<FindingOptionInfo> &findingOptionList()
{
    static const std::vector<FindingOptionInfo> all = [] {
        std::vector<FindingOptionInfo> list;
        for (const findings::OptionSetter &s : findings::setters())
            list.push_back(s.info);
        return list;
    }();
    return all;
}

} // namespace tracelane
