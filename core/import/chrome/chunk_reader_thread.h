#pragma once
// Reads the file (inflating a .json.gz) and cuts it into event chunks on a
// thread of its own, ahead of the parser threads, so that the importer's own
// thread only maps parsed events into the model: reading, parsing and mapping
// overlap instead of taking turns.

#include "chrome_chunk_scanner.h"

#include <atomic>
#include <cstdint>
#include <exception>
#include <thread>

namespace tracelane {

class ByteSource;
class ChunkParserPool;
class UnescapedQuoteRepair;

class ChunkReaderThread
{
public:
    // Starts at once; submits every chunk to `pool` and closes it at the end.
    // With `quotes`, the text passes through it on the way to the scanner.
    ChunkReaderThread(ByteSource &source, ChromeChunkScanner &scanner, ChunkParserPool &pool,
                      UnescapedQuoteRepair *quotes = nullptr);
    ~ChunkReaderThread(); // stops and waits
    ChunkReaderThread(const ChunkReaderThread &) = delete;
    ChunkReaderThread &operator=(const ChunkReaderThread &) = delete;

    // Stops after the current read. The pool must still be drained until it
    // reports its end: a full pool holds the thread in submit().
    void stop() { m_stop = true; }
    // Waits for the thread; rethrows what reading threw; how the text ended.
    ChromeChunkScanner::Ending finish();

    // Progress, safe to read while the thread runs.
    std::uint64_t fileBytesRead() const { return m_fileRead; }
    std::uint64_t bytesProduced() const { return m_produced; } // decompressed
    std::uint64_t fileBytesInflated() const { return m_inflated; }

private:
    void run();

    ByteSource &m_source;
    ChromeChunkScanner &m_scanner;
    ChunkParserPool &m_pool;
    UnescapedQuoteRepair *m_quotes = nullptr;
    std::atomic<bool> m_stop{false};
    std::atomic<std::uint64_t> m_fileRead{0};
    std::atomic<std::uint64_t> m_produced{0};
    std::atomic<std::uint64_t> m_inflated{0};
    std::exception_ptr m_error;
    ChromeChunkScanner::Ending m_ending = ChromeChunkScanner::Ending::Complete;
    std::thread m_thread;
};

} // namespace tracelane
