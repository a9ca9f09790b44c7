#include "simd_line_parser.h"

#include <cstring>

namespace tracelane::nsys {

bool SimdLineParser::parse(std::string_view line, simdjson::dom::element &root)
{
    if (line.size() > kMaxLineBytes)
        return false;
    if (m_padded.size() < line.size() + simdjson::SIMDJSON_PADDING)
        m_padded.resize(line.size() + simdjson::SIMDJSON_PADDING);
    std::memcpy(m_padded.data(), line.data(), line.size());
    return !m_parser.parse(m_padded.data(), line.size(), false).get(root);
}

} // namespace tracelane::nsys
