#include "simd_line_parser.h"

#include <cstring>

namespace tracelane::nsys {

SimdLineParser::SimdLineParser(std::size_t maxDepth)
{
    // Capacity grows with the longest line; the depth limit stays.
    m_ready = !m_parser.allocate(64 * 1024, maxDepth);
}

bool SimdLineParser::parse(std::string_view line, simdjson::dom::element &root)
{
    if (!m_ready || line.size() > kMaxLineBytes)
        return false;
    if (m_padded.size() < line.size() + simdjson::SIMDJSON_PADDING)
        m_padded.resize(line.size() + simdjson::SIMDJSON_PADDING);
    std::memcpy(m_padded.data(), line.data(), line.size());
    return !m_parser.parse(m_padded.data(), line.size(), false).get(root);
}

} // namespace tracelane::nsys
