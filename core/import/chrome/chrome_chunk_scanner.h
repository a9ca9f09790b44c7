#pragma once
// Cuts a Chrome trace into pieces that can be parsed independently:
//   - "header": the top-level object with the event array left empty
//     ({"schemaVersion":1,"traceEvents":[],"traceName":"x"}), parsed last;
//   - event chunks: "[" + a run of whole events + "]", about chunkBytes each.
// It only tracks strings, escapes and nesting depth, 64 bytes at a time (see
// json_char_masks.h); the JSON itself is validated when the pieces are parsed.
// Event bytes are copied once, straight into the chunk being filled.
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
    bool sawEventArray() const { return m_eventsDepth != 0; }
    std::uint64_t bytesScanned() const { return m_offset; }

private:
    enum class Mode : std::uint8_t { Start, Header, Events, Done };

    void headerByte(char c);
    std::size_t scanEvents(const char *data, std::size_t from, std::size_t size);
    std::size_t scanBytes(const char *data, std::size_t from, std::size_t end);
    // Actions at event-array level; `at` indexes the data being fed.
    void elementStart(std::size_t at);
    void elementBoundary(std::size_t at);
    std::size_t arrayClosed(std::size_t at);
    void appendUpTo(std::size_t at);
    void emitUpTo(std::size_t textEnd);

    std::size_t m_chunkBytes;
    std::function<void(EventChunk &)> m_emit;
    EventChunk m_chunk;                // "[" + events not yet emitted (no closing bracket yet)
    Mode m_mode = Mode::Start;
    int m_depth = 0;
    int m_eventsDepth = 0;  // depth inside the event array
    bool m_inString = false;
    bool m_escape = false;
    bool m_expectKey = false;
    bool m_awaitEventsArray = false;
    bool m_notJson = false;
    std::string m_key;
    std::string m_header;
    // While feeding: data[m_segment, i) belongs after m_chunk.text but is not
    // copied yet; m_dataBase is the file offset of data[0].
    const char *m_data = nullptr;
    std::size_t m_segment = 0;
    std::uint64_t m_dataBase = 0;
    std::size_t m_lastBoundary = 0;  // text position of the last ',' between elements, 0 if none
    bool m_elementStarted = false;   // the current array element's start is in elementStarts
    bool m_emptyElement = false;     // two commas (or '[' and a comma) with no element between
    std::uint64_t m_offset = 0;
};

} // namespace tracelane
