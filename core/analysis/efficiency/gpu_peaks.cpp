#include "gpu_peaks.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace tracelane {

namespace {

// More specific names first: "H100 PCIe" before plain "H100". "A100" covers
// both its forms (312 TFLOP/s either way). Dense figures: the datasheets'
// "with sparsity" numbers halved where only those are given.
constexpr std::array<GpuPeakEntry, 16> kGpuPeaks = {{
    {{"H100", "PCIe"}, {"H100 PCIe", 756.0}},
    {{"H100", "NVL"}, {"H100 NVL", 835.0}},
    {{"H100", ""}, {"H100 SXM", 989.0}},
    {{"H200", ""}, {"H200", 989.0}},
    {{"GH200", ""}, {"GH200", 989.0}},
    {{"B200", ""}, {"B200", 2250.0}},
    {{"A100", ""}, {"A100", 312.0}},
    {{"A800", ""}, {"A800", 312.0}},
    {{"L40S", ""}, {"L40S", 362.0}},
    {{"L4", ""}, {"L4", 121.0}},
    {{"A10", ""}, {"A10", 125.0}},
    {{"V100", "PCIe"}, {"V100 PCIe (FP16)", 112.0}},
    {{"V100", ""}, {"V100 SXM2 (FP16)", 125.0}},
    {{"T4", ""}, {"T4 (FP16)", 65.0}},
    {{"MI300X", ""}, {"MI300X", 1307.0}},
    {{"MI250X", ""}, {"MI250X", 383.0}},
}};

bool peakContains(std::string_view haystack, std::string_view needle)
{
    if (needle.empty())
        return true;
    const auto it = std::search(haystack.begin(), haystack.end(), needle.begin(), needle.end(), [](char a, char b) {
        return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
    });
    return it != haystack.end();
}

// A fragment must stand as its own word start ("L4" must not match "L40S"):
// the character after it is not a letter or digit.
bool peakContainsWord(std::string_view haystack, std::string_view needle)
{
    if (needle.empty())
        return true;
    for (std::size_t from = 0; from + needle.size() <= haystack.size(); ++from) {
        const std::string_view rest = haystack.substr(from);
        if (!peakContains(rest.substr(0, needle.size()), needle))
            continue;
        const std::size_t after = from + needle.size();
        const bool endsWord = after == haystack.size() || !std::isalnum(static_cast<unsigned char>(haystack[after]));
        const bool startsWord = from == 0 || !std::isalnum(static_cast<unsigned char>(haystack[from - 1]));
        if (endsWord && startsWord)
            return true;
    }
    return false;
}

} // namespace

std::optional<GpuPeak> gpuPeakFor(std::string_view deviceName)
{
    for (const GpuPeakEntry &entry : kGpuPeaks)
        if (peakContainsWord(deviceName, entry.fragments[0]) && peakContains(deviceName, entry.fragments[1]))
            return entry.peak;
    return std::nullopt;
}

std::span<const GpuPeakEntry> gpuPeakTable()
{
    return kGpuPeaks;
}

} // namespace tracelane
