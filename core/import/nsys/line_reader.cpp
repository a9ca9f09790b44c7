#include "line_reader.h"

#include "import/import_error.h"

#include <cstring>

namespace tracelane {
namespace {
constexpr std::size_t kChunkBytes = 1 << 20;
}

LineReader::LineReader(const std::string &path)
    : m_source(path)
{
    m_buffer.reserve(2 * kChunkBytes);
}

bool LineReader::fill()
{
    if (m_eof)
        return false;
    if (m_begin > 0) { // drop lines already returned before growing the buffer
        m_buffer.erase(0, m_begin);
        m_begin = 0;
    }
    if (m_buffer.size() > kMaxLineBytes)
        throw ImportError("'" + m_source.path() + "': line " + std::to_string(m_lineNumber + 1)
                          + " is longer than 1 GiB; expected one JSON object per line");
    const std::size_t old = m_buffer.size();
    m_buffer.resize(old + kChunkBytes);
    const std::size_t n = m_source.read(m_buffer.data() + old, kChunkBytes);
    m_buffer.resize(old + n);
    m_eof = n == 0;
    return n > 0;
}

bool LineReader::next(std::string_view &line)
{
    for (;;) {
        const char *start = m_buffer.data() + m_begin;
        const std::size_t available = m_buffer.size() - m_begin;
        if (const void *nl = std::memchr(start + m_scanned, '\n', available - m_scanned)) {
            std::size_t length = static_cast<std::size_t>(static_cast<const char *>(nl) - start);
            m_begin += length + 1;
            m_scanned = 0;
            if (length > 0 && start[length - 1] == '\r')
                --length;
            line = {start, length};
            ++m_lineNumber;
            return true;
        }
        m_scanned = available;
        if (!fill()) {
            if (m_begin == m_buffer.size())
                return false;
            line = {m_buffer.data() + m_begin, m_buffer.size() - m_begin};
            m_begin = m_buffer.size();
            m_scanned = 0;
            m_unterminated = true;
            ++m_lineNumber;
            return true;
        }
    }
}

} // namespace tracelane
