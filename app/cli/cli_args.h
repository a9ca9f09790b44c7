#pragma once
// Minimal option parsing for tracelane-cli subcommands:
//   positional arguments, "--name value", "--name=value", boolean "--flag", and
//   declared short options ("-o value").

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace tracelane::cli {

class CliArgs
{
public:
    // `valueOptions` take a value; any other "--x" is a flag. Unknown options are
    // reported by error().
    CliArgs(const std::vector<std::string> &args, const std::set<std::string> &valueOptions,
            const std::set<std::string> &flags);

    const std::vector<std::string> &positional() const { return m_positional; }
    std::optional<std::string> value(const std::string &name) const;
    std::string value(const std::string &name, const std::string &fallback) const;
    bool flag(const std::string &name) const { return m_flags.count(name) > 0; }
    const std::string &error() const { return m_error; }

private:
    std::vector<std::string> m_positional;
    std::map<std::string, std::string> m_values;
    std::set<std::string> m_flags;
    std::string m_error;
};

// A whole non-negative integer ("12"; not "12x", "-1" or "").
std::optional<int> parseCount(const std::string &text);
// A whole integer of either sign ("-3", "94360862357504"; not "3x" or "").
std::optional<std::int64_t> parseInteger(const std::string &text);
// A comma-separated list of track ids ("3,7,12"); nullopt for anything else.
std::optional<std::vector<std::uint32_t>> parseTrackIds(const std::string &text);

struct PixelSize
{
    int width = 0;
    int height = 0;
};
// "WIDTHxHEIGHT", each side within [minSide, maxSide].
std::optional<PixelSize> parseSize(const std::string &text, int minSide, int maxSide);

} // namespace tracelane::cli
