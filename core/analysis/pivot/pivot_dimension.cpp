#include "pivot_dimension.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <utility>

namespace tracelane {
namespace {

constexpr std::array<std::pair<std::string_view, PivotDimension>, 8> kPivotTokens{{
    {"name", PivotDimension::Name},
    {"kind", PivotDimension::Kind},
    {"thread", PivotDimension::Thread},
    {"stream", PivotDimension::Stream},
    {"device", PivotDimension::Device},
    {"category", PivotDimension::Category},
    {"range", PivotDimension::EnclosingRange},
    {"module", PivotDimension::Module},
}};

bool pivotEqualsIgnoringCase(std::string_view a, std::string_view b)
{
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
}

} // namespace

std::string pivotByToken(const PivotBy &by)
{
    if (by.dimension == PivotDimension::Arg)
        return "arg:" + by.argKey;
    for (const auto &[token, dimension] : kPivotTokens)
        if (dimension == by.dimension)
            return std::string(token);
    return {};
}

std::string pivotByTitle(const PivotBy &by)
{
    switch (by.dimension) {
    case PivotDimension::Name: return "Name";
    case PivotDimension::Kind: return "Kind";
    case PivotDimension::Thread: return "Thread";
    case PivotDimension::Stream: return "Stream";
    case PivotDimension::Device: return "Device";
    case PivotDimension::Category: return "Category";
    case PivotDimension::EnclosingRange: return "Range";
    case PivotDimension::Module: return "Module";
    case PivotDimension::Arg: return "Arg: " + by.argKey;
    }
    return {};
}

std::optional<PivotBy> parsePivotBy(std::string_view token)
{
    if (token.size() > 4 && pivotEqualsIgnoringCase(token.substr(0, 4), "arg:"))
        return PivotBy{PivotDimension::Arg, std::string(token.substr(4))};
    for (const auto &[name, dimension] : kPivotTokens)
        if (pivotEqualsIgnoringCase(token, name))
            return PivotBy{dimension, {}};
    return std::nullopt;
}

std::optional<std::vector<PivotBy>> parsePivotByList(std::string_view text, std::string &error)
{
    std::vector<PivotBy> out;
    std::size_t at = 0;
    while (at <= text.size()) {
        const std::size_t comma = std::min(text.find(',', at), text.size());
        const std::string_view token = text.substr(at, comma - at);
        const auto by = parsePivotBy(token);
        if (!by) {
            error = "unknown dimension '" + std::string(token)
                    + "' (name, kind, thread, stream, device, category, range, module, arg:KEY)";
            return std::nullopt;
        }
        out.push_back(*by);
        at = comma + 1;
    }
    return out;
}

} // namespace tracelane
