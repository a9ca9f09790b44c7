#pragma once
// Feeds a ByteSource to nlohmann::json::sax_parse one character at a time
// without holding the file in memory: an input iterator over a refilled buffer.

#include "import/byte_source.h"

#include <cstddef>
#include <iterator>
#include <vector>

namespace tracelane {

class BufferedInput
{
public:
    explicit BufferedInput(ByteSource &source, std::size_t bufferSize = 1 << 20)
        : m_source(source), m_buffer(bufferSize)
    {
        refill();
    }

    bool atEnd() const { return m_pos == m_end; }
    char current() const { return *m_pos; }
    void advance()
    {
        if (++m_pos == m_end)
            refill();
    }
    ByteSource &source() { return m_source; }

private:
    void refill()
    {
        const std::size_t n = m_source.read(m_buffer.data(), m_buffer.size());
        m_pos = m_buffer.data();
        m_end = m_pos + n;
    }

    ByteSource &m_source;
    std::vector<char> m_buffer;
    const char *m_pos = nullptr;
    const char *m_end = nullptr;
};

// Two iterators compare equal when both are at the end of the input.
class ByteSourceIterator
{
public:
    using iterator_category = std::input_iterator_tag;
    using value_type = char;
    using difference_type = std::ptrdiff_t;
    using pointer = const char *;
    using reference = const char &;

    ByteSourceIterator() = default; // the end iterator
    explicit ByteSourceIterator(BufferedInput &input) : m_input(&input) {}

    char operator*() const { return m_input->current(); }
    ByteSourceIterator &operator++()
    {
        m_input->advance();
        return *this;
    }
    friend bool operator==(const ByteSourceIterator &a, const ByteSourceIterator &b)
    {
        return a.isEnd() == b.isEnd();
    }
    friend bool operator!=(const ByteSourceIterator &a, const ByteSourceIterator &b) { return !(a == b); }

private:
    bool isEnd() const { return !m_input || m_input->atEnd(); }
    BufferedInput *m_input = nullptr;
};

} // namespace tracelane
