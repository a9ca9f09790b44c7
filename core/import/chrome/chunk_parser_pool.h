#pragma once
// Parses event chunks on worker threads while the caller reads and maps: the
// JSON lexer is most of the import's cost, so it runs on every core. Results
// are handed back strictly in submission order, so the model does not depend
// on the number of threads.

#include "chrome_chunk_scanner.h"
#include "lenient_json.h"
#include "raw_event.h"

#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace tracelane {

struct ParsedChunk
{
    EventChunk chunk;
    std::vector<RawEvent> events; // first `count` are valid; storage is reused
    std::size_t count = 0;
    std::uint64_t nonObjectEvents = 0;
    LenientRepair repair; // what made the text strict JSON, if it was not
    bool failed = false;
    std::size_t errorPosition = 0; // in chunk.text as it was read
    std::string errorMessage;
};

class ChunkParserPool
{
public:
    ChunkParserPool(unsigned threads, std::size_t maxInFlight);
    ~ChunkParserPool();
    ChunkParserPool(const ChunkParserPool &) = delete;
    ChunkParserPool &operator=(const ChunkParserPool &) = delete;

    // Takes the chunk's text (swapped out). Call only when hasFreeSlot(): the
    // caller frees slots by taking results, so waiting here could deadlock.
    void submit(EventChunk &chunk);
    // The next chunk in order once parsed; nullptr if none is pending, or if
    // `wait` is false and it is not parsed yet. Give it back with release().
    ParsedChunk *next(bool wait);
    void release(ParsedChunk *chunk);
    bool hasFreeSlot() const;

private:
    enum class State : std::uint8_t { Free, Queued, Parsing, Done };
    struct Slot
    {
        ParsedChunk parsed;
        State state = State::Free;
        std::uint64_t sequence = 0;
    };

    void work();
    static void parse(ParsedChunk &parsed);

    mutable std::mutex m_mutex;
    std::condition_variable m_changed;
    std::vector<std::unique_ptr<Slot>> m_slots;
    std::vector<std::thread> m_threads;
    std::uint64_t m_nextSubmit = 0;
    std::uint64_t m_nextTake = 0;
    bool m_stopping = false;
};

} // namespace tracelane
