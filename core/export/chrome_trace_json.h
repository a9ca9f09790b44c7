#pragma once
// Pieces of Chrome-trace JSON text, appended to a buffer: nanosecond times as
// microseconds with three decimals, doubles that read back as the same double
// (and as a double, not an integer), and strings that are valid UTF-8 JSON.

#include "model/args.h"
#include "model/time_units.h"

#include <string>
#include <string_view>

namespace tracelane::chrome_json {

// 1234567 ns -> "1234.567"; -1 ns -> "-0.001". Exact for every int64.
void appendMicroseconds(std::string &out, TimeNs ns);
// Shortest text that reads back as the same double, with ".0" where it would
// otherwise read back as an integer; NaN and infinities (not JSON) as null.
void appendDouble(std::string &out, double value);
// A JSON string; bytes that are not valid UTF-8 become U+FFFD, so strict
// parsers (ours, Perfetto's) accept the file.
void appendString(std::string &out, std::string_view text);
void appendArgValue(std::string &out, const ArgValue &value, const StringTable &strings);

} // namespace tracelane::chrome_json
