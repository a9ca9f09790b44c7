#include "sql_values.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <string>

namespace tracelane::sql {
namespace {

constexpr double kTwo63 = 9223372036854775808.0;

std::optional<std::int64_t> clampedInteger(double d)
{
    if (std::isnan(d))
        return std::nullopt;
    if (d >= kTwo63)
        return INT64_MAX;
    if (d < -kTwo63)
        return INT64_MIN;
    return static_cast<std::int64_t>(d);
}

} // namespace

std::optional<std::int64_t> exactInteger(sqlite3_value *value)
{
    switch (sqlite3_value_numeric_type(value)) {
    case SQLITE_INTEGER: return sqlite3_value_int64(value);
    case SQLITE_FLOAT: {
        const double d = sqlite3_value_double(value);
        if (d != std::floor(d) || d >= kTwo63 || d < -kTwo63)
            return std::nullopt;
        return static_cast<std::int64_t>(d);
    }
    default: return std::nullopt;
    }
}

std::optional<std::int64_t> lowerBound(sqlite3_value *value)
{
    switch (sqlite3_value_numeric_type(value)) {
    case SQLITE_INTEGER: return sqlite3_value_int64(value);
    case SQLITE_FLOAT: return clampedInteger(std::floor(sqlite3_value_double(value)));
    default: return std::nullopt;
    }
}

std::optional<std::int64_t> upperBound(sqlite3_value *value)
{
    switch (sqlite3_value_numeric_type(value)) {
    case SQLITE_INTEGER: return sqlite3_value_int64(value);
    case SQLITE_FLOAT: return clampedInteger(std::ceil(sqlite3_value_double(value)));
    default: return std::nullopt;
    }
}

std::string_view textOf(sqlite3_value *value)
{
    const auto *text = reinterpret_cast<const char *>(sqlite3_value_text(value));
    return text ? std::string_view(text, std::size_t(sqlite3_value_bytes(value))) : std::string_view();
}

Cell realCell(double value)
{
    if (!std::isfinite(value))
        return Cell::fixed(value, 1);
    // The shortest fixed-point text that reads back as the same double.
    char buffer[400];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed);
    if (result.ec != std::errc())
        return Cell::text(std::to_string(value));
    const std::string_view text(buffer, std::size_t(result.ptr - buffer));
    const auto point = text.find('.');
    const int decimals = point == std::string_view::npos ? 1 : int(text.size() - point - 1);
    return Cell::fixed(value, decimals);
}

Cell cellOf(sqlite3_stmt *statement, int column)
{
    switch (sqlite3_column_type(statement, column)) {
    case SQLITE_INTEGER: return Cell::integer(sqlite3_column_int64(statement, column));
    case SQLITE_FLOAT: return realCell(sqlite3_column_double(statement, column));
    case SQLITE_TEXT: {
        const auto *text = reinterpret_cast<const char *>(sqlite3_column_text(statement, column));
        return Cell::text(std::string(text, std::size_t(sqlite3_column_bytes(statement, column))));
    }
    case SQLITE_BLOB: {
        const auto *bytes = static_cast<const unsigned char *>(sqlite3_column_blob(statement, column));
        const int size = sqlite3_column_bytes(statement, column);
        std::string hex = "x'";
        char pair[3];
        for (int i = 0; i < size; ++i) {
            std::snprintf(pair, sizeof pair, "%02x", bytes[i]);
            hex += pair;
        }
        return Cell::text(hex + "'");
    }
    default: return Cell::empty();
    }
}

} // namespace tracelane::sql
