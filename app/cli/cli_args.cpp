#include "cli_args.h"

#include <charconv>

#include <stdexcept>

namespace tracelane::cli {

CliArgs::CliArgs(const std::vector<std::string> &args, const std::set<std::string> &valueOptions,
                 const std::set<std::string> &flags)
{
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string &arg = args[i];
        // "-o" style short options exist only where a command declares them.
        const bool shortOption = arg.size() == 2 && arg[0] == '-' && (valueOptions.count(arg) || flags.count(arg));
        if (!shortOption && (arg.size() < 3 || arg.compare(0, 2, "--") != 0)) {
            m_positional.push_back(arg);
            continue;
        }
        std::string name = arg;
        std::optional<std::string> inlineValue;
        if (auto eq = arg.find('='); eq != std::string::npos) {
            name = arg.substr(0, eq);
            inlineValue = arg.substr(eq + 1);
        }
        if (valueOptions.count(name)) {
            if (inlineValue) {
                m_values[name] = *inlineValue;
            } else if (i + 1 < args.size()) {
                m_values[name] = args[++i];
            } else if (m_error.empty()) {
                m_error = "option " + name + " needs a value";
            }
        } else if (flags.count(name) && !inlineValue) {
            m_flags.insert(name);
        } else if (m_error.empty()) {
            m_error = "unknown option " + arg;
        }
    }
}

std::optional<std::string> CliArgs::value(const std::string &name) const
{
    if (auto it = m_values.find(name); it != m_values.end())
        return it->second;
    return std::nullopt;
}

std::string CliArgs::value(const std::string &name, const std::string &fallback) const
{
    return value(name).value_or(fallback);
}

std::optional<int> parseCount(const std::string &text)
{
    try {
        std::size_t used = 0;
        const int value = std::stoi(text, &used);
        if (used == text.size() && value >= 0)
            return value;
    } catch (const std::exception &) {
    }
    return std::nullopt;
}

std::optional<std::int64_t> parseInteger(const std::string &text)
{
    try {
        std::size_t used = 0;
        const long long value = std::stoll(text, &used);
        if (used == text.size())
            return std::int64_t(value);
    } catch (const std::exception &) {
    }
    return std::nullopt;
}

std::optional<PixelSize> parseSize(const std::string &text, int minSide, int maxSide)
{
    const auto x = text.find('x');
    if (x == std::string::npos)
        return std::nullopt;
    const auto width = parseCount(text.substr(0, x));
    const auto height = parseCount(text.substr(x + 1));
    if (!width || !height || *width < minSide || *height < minSide || *width > maxSide || *height > maxSide)
        return std::nullopt;
    return PixelSize{*width, *height};
}

std::optional<std::vector<std::uint32_t>> parseTrackIds(const std::string &text)
{
    std::vector<std::uint32_t> ids;
    std::size_t at = 0;
    while (at <= text.size()) {
        const std::size_t comma = std::min(text.find(',', at), text.size());
        std::uint32_t id = 0;
        const char *first = text.data() + at, *last = text.data() + comma;
        const auto [end, error] = std::from_chars(first, last, id);
        if (first == last || error != std::errc() || end != last)
            return std::nullopt;
        ids.push_back(id);
        at = comma + 1;
    }
    return ids;
}

} // namespace tracelane::cli
