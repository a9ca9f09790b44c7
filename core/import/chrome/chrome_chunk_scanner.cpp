#include "chrome_chunk_scanner.h"

#include "json_char_masks.h"

#include <bit>

namespace tracelane {

namespace {

bool isSpace(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

// Room for a chunk and the event that crosses its nominal end.
std::size_t chunkCapacity(std::size_t chunkBytes) { return chunkBytes + chunkBytes / 8; }

} // namespace

ChromeChunkScanner::ChromeChunkScanner(std::size_t chunkBytes, std::function<void(EventChunk &)> emit)
    : m_chunkBytes(chunkBytes), m_emit(std::move(emit))
{
    m_chunk.text.reserve(chunkCapacity(m_chunkBytes));
    m_chunk.text.push_back('[');
}

void ChromeChunkScanner::feed(const char *data, std::size_t size)
{
    std::size_t i = 0;
    while (i < size) {
        switch (m_mode) {
        case Mode::Start: {
            const char c = data[i++];
            ++m_offset;
            if (c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\xEF' || c == '\xBB' || c == '\xBF')
                break;
            if (c == '{') {
                m_mode = Mode::Header;
                m_depth = 1;
                m_expectKey = true;
                m_header += c;
            } else if (c == '[') {
                m_mode = Mode::Events;
                m_depth = m_eventsDepth = 1;
            } else {
                m_notJson = true;
                m_mode = Mode::Done;
            }
            break;
        }
        case Mode::Header:
            ++m_offset;
            headerByte(data[i++]);
            break;
        case Mode::Events: {
            const std::size_t next = scanEvents(data, i, size);
            m_offset += next - i;
            i = next;
            break;
        }
        case Mode::Done:
            m_offset += size - i;
            i = size;
            break;
        }
    }
}

void ChromeChunkScanner::headerByte(char c)
{
    m_header += c;
    if (m_inString) {
        if (m_escape)
            m_escape = false;
        else if (c == '\\')
            m_escape = true;
        else if (c == '"')
            m_inString = false;
        else if (m_depth == 1 && m_expectKey && m_key.size() < 16)
            m_key += c;
        return;
    }
    switch (c) {
    case '"':
        m_inString = true;
        if (m_depth == 1 && m_expectKey)
            m_key.clear();
        break;
    case ':':
        if (m_depth == 1 && m_expectKey) {
            m_expectKey = false;
            m_awaitEventsArray = m_key == "traceEvents";
        }
        break;
    case ',':
        if (m_depth == 1)
            m_expectKey = true;
        break;
    case '[':
        ++m_depth;
        if (m_depth == 2 && m_awaitEventsArray) {
            m_awaitEventsArray = false;
            m_mode = Mode::Events;
            m_eventsDepth = 2;
        }
        break;
    case '{':
        ++m_depth;
        m_awaitEventsArray = false;
        break;
    case ']':
    case '}':
        if (--m_depth == 0)
            m_mode = Mode::Done;
        break;
    case ' ': case '\n': case '\r': case '\t':
        break;
    default:
        m_awaitEventsArray = false; // a scalar value
        break;
    }
}

// Scans data[from, size) of the event array and appends it to the chunk being
// filled; emits a chunk at the first element boundary past the chunk size.
// Returns where it stopped: at `size`, or just past the array's closing bracket.
//
// A block of 64 bytes that stays inside one element (it has fewer closing
// brackets outside strings than the depth above the array's level) costs a few
// mask operations. Other blocks visit their brackets in order, and at the
// array's level its commas and the first byte of each element. A block with a
// backslash, and the last bytes of the data, go byte by byte.
std::size_t ChromeChunkScanner::scanEvents(const char *data, std::size_t from, std::size_t size)
{
    m_data = data;
    m_segment = from;
    m_dataBase = m_offset - from;
    std::size_t i = from;
    while (i < size) {
        if (size - i < 64) {
            i = scanBytes(data, i, size);
            if (m_mode != Mode::Events)
                return i;
            break;
        }
        const char *block = data + i;
        const JsonCharMasks masks = classifyBlock(block);
        if (masks.backslashes || m_escape) {
            i = scanBytes(data, i, i + 64);
            if (m_mode != Mode::Events)
                return i;
            continue;
        }
        const std::uint64_t inside = insideStrings(masks.quotes, m_inString);
        const std::uint64_t opens = masks.opens & ~inside;
        const std::uint64_t closes = masks.closes & ~inside;
        m_inString = (inside >> 63) != 0;
        const int closeCount = countBits(closes);
        if (m_depth - m_eventsDepth > closeCount) { // the block stays inside one element
            m_depth += countBits(opens) - closeCount;
            i += 64;
            continue;
        }
        // Inside an element only brackets count; at the array's level, commas
        // and the first byte of each element too (masks built on first need).
        const std::uint64_t brackets = opens | closes;
        std::uint64_t separators = 0, nonSpace = 0;
        bool atArrayLevel = false;
        std::uint64_t ahead = ~std::uint64_t(0); // bits at or after the current position
        for (;;) {
            int at;
            if (m_depth != m_eventsDepth) {
                const std::uint64_t next = brackets & ahead;
                if (!next)
                    break;
                at = std::countr_zero(next);
                m_depth += (opens >> at) & 1 ? 1 : -1;
            } else {
                if (!atArrayLevel) {
                    atArrayLevel = true;
                    separators = brackets | (blockBytesEqual(block, ',') & ~inside);
                    nonSpace = blockNonSpace(block);
                }
                if (!m_elementStarted) {
                    const std::uint64_t next = nonSpace & ahead;
                    if (!next)
                        break;
                    at = std::countr_zero(next);
                    if (block[at] != ',' && block[at] != ']')
                        elementStart(i + at);
                }
                const std::uint64_t next = separators & ahead;
                if (!next)
                    break;
                at = std::countr_zero(next);
                switch (block[at]) {
                case '{':
                case '[':
                    ++m_depth;
                    break;
                case '}':
                    --m_depth;
                    break;
                case ']':
                    return arrayClosed(i + at);
                default: // ','
                    elementBoundary(i + at);
                    break;
                }
            }
            if (at == 63)
                break;
            ahead = ~std::uint64_t(0) << (at + 1);
        }
        i += 64;
    }
    appendUpTo(size);
    return size;
}

// The same, one byte at a time: for escapes and the end of the data.
std::size_t ChromeChunkScanner::scanBytes(const char *data, std::size_t from, std::size_t end)
{
    for (std::size_t j = from; j < end; ++j) {
        const char c = data[j];
        if (m_inString) {
            if (m_escape)
                m_escape = false;
            else if (c == '\\')
                m_escape = true;
            else if (c == '"')
                m_inString = false;
            continue;
        }
        if (m_depth == m_eventsDepth && !m_elementStarted && c != ',' && c != ']' && !isSpace(c))
            elementStart(j);
        switch (c) {
        case '"':
            m_inString = true;
            break;
        case '{':
        case '[':
            ++m_depth;
            break;
        case '}':
            --m_depth;
            break;
        case ']':
            if (m_depth == m_eventsDepth)
                return arrayClosed(j);
            --m_depth;
            break;
        case ',':
            if (m_depth == m_eventsDepth)
                elementBoundary(j);
            break;
        default:
            break;
        }
    }
    return end;
}

void ChromeChunkScanner::elementStart(std::size_t at)
{
    if (m_chunk.elementStarts.empty()) { // drop the separators before the chunk's first element
        m_chunk.text.resize(1);
        m_segment = at;
        m_chunk.fileOffset = m_dataBase + at;
        m_lastBoundary = 0;
        // ...but not an empty element ("[," or ",,"): the parser must reject it
        // here as it does inside a chunk, wherever the chunk cuts fall.
        if (m_emptyElement) {
            m_chunk.text += ',';
            --m_chunk.fileOffset;
        }
    }
    m_emptyElement = false;
    m_chunk.elementStarts.push_back(static_cast<std::uint32_t>(m_chunk.text.size() + (at - m_segment)));
    m_elementStarted = true;
}

void ChromeChunkScanner::elementBoundary(std::size_t at)
{
    if (!m_elementStarted)
        m_emptyElement = true; // a comma with no element since the last one or the '['
    m_lastBoundary = m_chunk.text.size() + (at - m_segment);
    m_elementStarted = false;
    if (m_lastBoundary > m_chunkBytes) {
        appendUpTo(at);
        emitUpTo(m_chunk.text.size());
        m_segment = at + 1;
    }
}

std::size_t ChromeChunkScanner::arrayClosed(std::size_t at)
{
    appendUpTo(at);
    emitUpTo(m_chunk.text.size());
    --m_depth;
    m_inString = false; // the block scan may have looked past the bracket
    if (m_eventsDepth == 2) {
        m_header += ']';
        m_mode = Mode::Header;
    } else {
        m_mode = Mode::Done;
    }
    return at + 1;
}

void ChromeChunkScanner::appendUpTo(std::size_t at)
{
    m_chunk.text.append(m_data + m_segment, at - m_segment);
    m_segment = at;
}

// Emits text[1, textEnd) as one chunk, without the separators around it, and
// starts the next chunk empty. Elements starting at or past textEnd are dropped
// (only finish() passes less than the whole text).
void ChromeChunkScanner::emitUpTo(std::size_t textEnd)
{
    std::string &text = m_chunk.text;
    std::vector<std::uint32_t> &starts = m_chunk.elementStarts;
    while (textEnd > 1 && (text[textEnd - 1] == ',' || isSpace(text[textEnd - 1])))
        --textEnd;
    std::size_t kept = 0;
    while (kept < starts.size() && starts[kept] < textEnd)
        ++kept;
    if (kept > 0) {
        text.resize(textEnd);
        text += ']';
        starts.resize(kept);
        m_emit(m_chunk);
    }
    text.assign(1, '[');
    starts.clear();
    if (text.capacity() < chunkCapacity(m_chunkBytes))
        text.reserve(chunkCapacity(m_chunkBytes));
    m_lastBoundary = 0;
}

ChromeChunkScanner::Ending ChromeChunkScanner::finish()
{
    switch (m_mode) {
    case Mode::Start:
        return Ending::NotJson;
    case Mode::Done:
        return m_notJson ? Ending::NotJson : Ending::Complete;
    case Mode::Header:
        return Ending::InsideHeader;
    case Mode::Events:
        break;
    }
    if (m_depth == m_eventsDepth && !m_inString) {
        emitUpTo(m_chunk.text.size());
        if (m_eventsDepth == 2)
            m_header += "]}"; // close the array and the object the writer left open
        m_mode = Mode::Done;
        return Ending::UnterminatedArray;
    }
    emitUpTo(m_lastBoundary);
    if (m_eventsDepth == 2)
        m_header += "]}";
    m_mode = Mode::Done;
    return Ending::InsideEvent;
}

} // namespace tracelane
