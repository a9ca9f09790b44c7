#pragma once
// Cuts a Chrome trace into pieces that can be parsed independently:
//   - "header": the top-level object with the event array left empty
//     ({"schemaVersion":1,"traceEvents":[],"traceName":"x"}), parsed last;
//   - event chunks: "[" + a run of whole events + "]", about chunkBytes each.
// It only tracks strings, escapes and nesting depth (a few instructions per
// byte); the JSON itself is validated when the pieces are parsed.
//
// Example: {"a":1,"traceEvents":[{"ph":"X"},{"ph":"i"}]}
//   header  {"a":1,"traceEvents":[]}
//   chunk   [{"ph":"X"},{"ph":"i"}]        (offset of '{' in the file)

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace tracelane {

struct EventChunk
{
    std::string text;             // "[" + events + "]"
    std::uint64_t fileOffset = 0; // decompressed offset of text[1]
    std::vector<std::uint32_t> elementStarts; // offset in text of each array element
    void clear()
    {
        text.clear();
        elementStarts.clear();
    }
};

class ChromeChunkScanner
{
public:
    enum class Ending { Complete, UnterminatedArray, InsideEvent, InsideHeader, NotJson };

    // `emit` receives each chunk; it may keep the text by swapping it out.
    ChromeChunkScanner(std::size_t chunkBytes, std::function<void(EventChunk &)> emit);

    void feed(const char *data, std::size_t size);
    Ending finish(); // flushes the last chunk and closes what the file left open

    const std::string &header() const { return m_header; }
    bool rootIsArray() const { return m_eventsDepth == 1; }
    std::uint64_t bytesScanned() const { return m_offset; }

private:
    enum class Mode : std::uint8_t { Start, Header, Events, Done };

    void headerByte(char c);
    std::size_t scanEvents(const char *data, std::size_t from, std::size_t size);
    void emitUpTo(std::size_t end);

    std::size_t m_chunkBytes;
    std::function<void(EventChunk &)> m_emit;
    EventChunk m_chunk;
    std::vector<std::size_t> m_starts; // element starts in m_pending
    Mode m_mode = Mode::Start;
    int m_depth = 0;
    int m_eventsDepth = 0;  // depth inside the event array
    bool m_inString = false;
    bool m_escape = false;
    bool m_expectKey = false;
    bool m_keyIsEvents = false;
    bool m_awaitEventsArray = false;
    bool m_notJson = false;
    std::string m_key;
    std::string m_header;
    std::string m_pending;          // events not yet emitted
    std::uint64_t m_pendingBase = 0; // file offset of m_pending[0]
    std::size_t m_lastBoundary = 0;  // end of the last complete element in m_pending
    bool m_elementStarted = false;    // the current array element's start is in m_starts
    std::uint64_t m_offset = 0;
};

} // namespace tracelane
