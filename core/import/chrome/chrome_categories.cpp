#include "chrome_categories.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstring>

namespace tracelane {

bool equalsIgnoreCase(const std::string &a, const char *b)
{
    const std::size_t n = std::strlen(b);
    if (a.size() != n)
        return false;
    for (std::size_t i = 0; i < n; ++i)
        if (std::tolower(static_cast<unsigned char>(a[i])) != b[i])
            return false;
    return true;
}

// Kineto categories (current and pre-2022 spellings), ROCm (same names) and MTIA.
Category classify(const std::string &cat)
{
    if (cat.empty())
        return {Lane::Cpu, EventKind::Slice};
    if (equalsIgnoreCase(cat, "cpu_op") || equalsIgnoreCase(cat, "operator"))
        return {Lane::Cpu, EventKind::CpuOp};
    if (equalsIgnoreCase(cat, "python_function"))
        return {Lane::Cpu, EventKind::PythonFunction};
    if (equalsIgnoreCase(cat, "user_annotation"))
        return {Lane::Ranges, EventKind::Range};
    if (equalsIgnoreCase(cat, "cuda_runtime") || equalsIgnoreCase(cat, "cuda_driver")
        || equalsIgnoreCase(cat, "runtime") || equalsIgnoreCase(cat, "driver")
        || equalsIgnoreCase(cat, "mtia_runtime") || equalsIgnoreCase(cat, "opencl_runtime"))
        return {Lane::Api, EventKind::ApiCall};
    if (equalsIgnoreCase(cat, "kernel"))
        return {Lane::Gpu, EventKind::Kernel};
    if (equalsIgnoreCase(cat, "gpu_memcpy") || equalsIgnoreCase(cat, "memcpy"))
        return {Lane::Gpu, EventKind::Memcpy};
    if (equalsIgnoreCase(cat, "gpu_memset") || equalsIgnoreCase(cat, "memset"))
        return {Lane::Gpu, EventKind::Memset};
    if (equalsIgnoreCase(cat, "cuda_sync"))
        return {Lane::Gpu, EventKind::Sync};
    if (equalsIgnoreCase(cat, "gpu_user_annotation"))
        return {Lane::GpuRanges, EventKind::GpuRange};
    if (equalsIgnoreCase(cat, "mtia_ccp_events") || equalsIgnoreCase(cat, "cuda_profiler_range"))
        return {Lane::Gpu, EventKind::Slice}; // device-side work that is not a kernel
    return {Lane::Cpu, EventKind::Slice};
}

std::optional<std::int64_t> parseInteger(const std::string &text)
{
    std::int64_t v = 0;
    const char *end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), end, v);
    if (ec != std::errc() || ptr != end || text.empty())
        return std::nullopt;
    return v;
}

std::optional<double> parseDecimal(std::string_view text)
{
    // [+-] digits [. digits] [e [+-] digits], with a digit before or after the point.
    std::size_t i = 0;
    const auto digits = [&] {
        const std::size_t from = i;
        while (i < text.size() && text[i] >= '0' && text[i] <= '9')
            ++i;
        return i - from;
    };
    const bool plus = !text.empty() && text[0] == '+';
    if (!text.empty() && (text[0] == '+' || text[0] == '-'))
        ++i;
    std::size_t mantissa = digits();
    if (i < text.size() && text[i] == '.') {
        ++i;
        mantissa += digits();
    }
    if (mantissa == 0)
        return std::nullopt;
    if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
        ++i;
        if (i < text.size() && (text[i] == '+' || text[i] == '-'))
            ++i;
        if (digits() == 0)
            return std::nullopt;
    }
    if (i != text.size())
        return std::nullopt;
    double value = 0.0;
    const char *first = text.data() + (plus ? 1 : 0); // from_chars takes no '+'
    const auto [ptr, ec] = std::from_chars(first, text.data() + text.size(), value);
    if (ec != std::errc() || ptr != text.data() + text.size() || !std::isfinite(value))
        return std::nullopt;
    return value;
}

std::optional<std::int64_t> intArg(const RawEvent &event, const char *key)
{
    const RawArg *arg = event.findArg(key);
    if (!arg)
        return std::nullopt;
    if (arg->kind == RawArg::Kind::Int)
        return arg->i;
    if (arg->kind == RawArg::Kind::String)
        return parseInteger(arg->text);
    return std::nullopt;
}

} // namespace tracelane
