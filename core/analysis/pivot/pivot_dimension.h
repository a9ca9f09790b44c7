#pragma once
// What a pivot table groups by: one attribute of an event per level.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tracelane {

enum class PivotDimension : unsigned char {
    Name,
    Kind,
    Thread,         // thread name and tid; none on GPU tracks
    Stream,         // the profiler's stream number; GPU tracks only
    Device,         // the device ordinal; GPU tracks only
    Category,       // the file's category
    EnclosingRange, // innermost range around the event (GPU work: around its launch)
    Module,         // innermost "nn.Module: X" Python frame, as X
    Arg,            // one argument's value
};

struct PivotBy
{
    PivotDimension dimension = PivotDimension::Name;
    std::string argKey; // Arg only

    friend bool operator==(const PivotBy &, const PivotBy &) = default;
};

// The key of events without a value for a dimension.
inline constexpr std::string_view kPivotNone = "(none)";

// "name", "kind", "thread", "stream", "device", "category", "range", "module", "arg:KEY".
std::string pivotByToken(const PivotBy &by);
// The column title: "Name", ..., "Range", "Module", "Arg: KEY".
std::string pivotByTitle(const PivotBy &by);
// Parses one token (case-insensitive dimension, the key as written); nullopt otherwise.
std::optional<PivotBy> parsePivotBy(std::string_view token);
// "name,kind,arg:Input Dims"; nullopt with `error` set for a bad or empty list.
std::optional<std::vector<PivotBy>> parsePivotByList(std::string_view text, std::string &error);

} // namespace tracelane
