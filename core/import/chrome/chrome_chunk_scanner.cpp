#include "chrome_chunk_scanner.h"

namespace tracelane {

ChromeChunkScanner::ChromeChunkScanner(std::size_t chunkBytes, std::function<void(EventChunk &)> emit)
    : m_chunkBytes(chunkBytes), m_emit(std::move(emit))
{
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
                m_pendingBase = m_offset;
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
            m_pendingBase = m_offset;
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

namespace {

// Characters that change the scanner's state outside strings.
struct StructuralTable
{
    bool outside[256] = {};
    constexpr StructuralTable()
    {
        for (unsigned char c : {'"', '{', '}', '[', ']', ','})
            outside[c] = true;
    }
};
constexpr StructuralTable kStructural;

bool isSpace(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

} // namespace

// Scans data[from, size) of the event array; appends it to m_pending in spans
// (never byte by byte) and emits a chunk at the first element boundary past
// the chunk size. Returns where it stopped: at `size`, or just past the array's
// closing bracket.
std::size_t ChromeChunkScanner::scanEvents(const char *data, std::size_t from, std::size_t size)
{
    std::size_t segment = from; // data[segment, j) is not yet in m_pending
    auto pendingPos = [&](std::size_t j) { return m_pending.size() + (j - segment); };
    auto flushSegment = [&](std::size_t j) {
        m_pending.append(data + segment, j - segment);
        segment = j;
    };
    std::size_t j = from;
    while (j < size) {
        if (m_inString) {
            if (m_escape) {
                m_escape = false;
                ++j;
                continue;
            }
            while (j < size && data[j] != '"' && data[j] != '\\') // strings are short: a plain loop beats memchr
                ++j;
            if (j == size)
                break;
            if (data[j] == '\\')
                m_escape = true;
            else
                m_inString = false;
            ++j;
            continue;
        }
        const char c = data[j];
        if (!kStructural.outside[static_cast<unsigned char>(c)]) {
            if (m_depth == m_eventsDepth && !m_elementStarted && !isSpace(c)) { // a scalar element
                m_starts.push_back(pendingPos(j));
                m_elementStarted = true;
            }
            ++j;
            continue;
        }
        if (m_depth == m_eventsDepth && !m_elementStarted && c != ',' && c != ']') {
            m_starts.push_back(pendingPos(j));
            m_elementStarted = true;
        }
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
            if (m_depth == m_eventsDepth) { // the event array closes
                flushSegment(j);
                emitUpTo(m_pending.size());
                --m_depth;
                if (m_eventsDepth == 2) {
                    m_header += ']';
                    m_mode = Mode::Header;
                } else {
                    m_mode = Mode::Done;
                }
                return j + 1;
            }
            --m_depth;
            break;
        case ',':
            if (m_depth == m_eventsDepth) {
                m_lastBoundary = pendingPos(j);
                m_elementStarted = false;
                if (m_lastBoundary >= m_chunkBytes) {
                    flushSegment(j);
                    emitUpTo(m_lastBoundary);
                }
            }
            break;
        default:
            break;
        }
        ++j;
    }
    flushSegment(j);
    return j;
}

void ChromeChunkScanner::emitUpTo(std::size_t end)
{
    std::size_t first = 0;
    while (first < end && (m_pending[first] == ',' || m_pending[first] == ' ' || m_pending[first] == '\n'
                           || m_pending[first] == '\r' || m_pending[first] == '\t'))
        ++first;
    std::size_t last = end;
    while (last > first && (m_pending[last - 1] == ',' || m_pending[last - 1] == ' ' || m_pending[last - 1] == '\n'
                            || m_pending[last - 1] == '\r' || m_pending[last - 1] == '\t'))
        --last;
    std::size_t kept = 0; // element starts at or past `end` belong to the next chunk
    if (last > first) {
        m_chunk.clear();
        m_chunk.text.reserve(last - first + 2);
        m_chunk.text += '[';
        m_chunk.text.append(m_pending, first, last - first);
        m_chunk.text += ']';
        m_chunk.fileOffset = m_pendingBase + first;
        for (std::size_t s : m_starts) {
            if (s >= end)
                break;
            m_chunk.elementStarts.push_back(static_cast<std::uint32_t>(s - first + 1));
            ++kept;
        }
        m_emit(m_chunk);
    } else {
        while (kept < m_starts.size() && m_starts[kept] < end)
            ++kept;
    }
    m_starts.erase(m_starts.begin(), m_starts.begin() + static_cast<std::ptrdiff_t>(kept));
    for (std::size_t &s : m_starts)
        s -= end;
    m_pending.erase(0, end);
    m_pendingBase += end;
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
        emitUpTo(m_pending.size());
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
