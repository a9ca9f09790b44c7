#pragma once
// Reads a (possibly gzipped) file one line at a time, through one reusable
// buffer: the whole file is never in memory, only the current line.

#include "import/byte_source.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace tracelane {

class LineReader
{
public:
    // A line longer than this is not a line-per-record file; reading stops with an ImportError.
    static constexpr std::size_t kMaxLineBytes = std::size_t(1) << 30;

    explicit LineReader(const std::string &path); // throws ImportError

    // The next line without its "\n" or "\r\n"; false at the end. The view stays
    // valid until the next call.
    bool next(std::string_view &line);
    std::uint64_t lineNumber() const { return m_lineNumber; } // 1-based, of the last line returned
    bool lastLineUnterminated() const { return m_unterminated; }
    const ByteSource &source() const { return m_source; }

private:
    bool fill();

    ByteSource m_source;
    std::string m_buffer;
    std::size_t m_begin = 0;    // start of the next line in m_buffer
    std::size_t m_scanned = 0;  // bytes after m_begin already known to hold no newline
    bool m_eof = false;
    bool m_unterminated = false;
    std::uint64_t m_lineNumber = 0;
};

} // namespace tracelane
