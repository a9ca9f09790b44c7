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

class ChromeSimdParser;

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

    // Takes the chunk's text (swapped out); waits for a free slot, which the
    // consumer (another thread) frees by taking results.
    void submit(EventChunk &chunk);
    // No more chunks will come: next() returns nullptr once all are taken.
    void close();
    // The next chunk in order once parsed; waits for it, or returns nullptr
    // when the pool is closed and every chunk was taken. Give it back with release().
    ParsedChunk *next();
    void release(ParsedChunk *chunk);
    // Takes and releases everything until the pool is closed (after an error).
    void drain();

private:
    enum class State : std::uint8_t { Free, Queued, Parsing, Done };
    struct Slot
    {
        ParsedChunk parsed;
        State state = State::Free;
        std::uint64_t sequence = 0;
    };

    void work();
    static void parse(ParsedChunk &parsed, ChromeSimdParser *simd);

    mutable std::mutex m_mutex;
    // Each kind of waiter has its own: a change wakes only who can act on it.
    std::condition_variable m_queued; // parser threads: a chunk to parse
    std::condition_variable m_done;   // the consumer: a chunk parsed, or the end
    std::condition_variable m_freed;  // the producer: a free slot
    std::vector<std::unique_ptr<Slot>> m_slots;
    std::vector<std::thread> m_threads;
    std::uint64_t m_nextSubmit = 0;
    std::uint64_t m_nextTake = 0;
    bool m_stopping = false;
    bool m_closed = false;
    bool m_useSimd = true;
};

} // namespace tracelane
