#include "chunk_reader_thread.h"

#include "chunk_parser_pool.h"
#include "import/byte_source.h"
#include "unescaped_quotes.h"

#include <vector>

namespace tracelane {
namespace {

constexpr std::size_t kReadBytes = 1 << 20;

} // namespace

ChunkReaderThread::ChunkReaderThread(ByteSource &source, ChromeChunkScanner &scanner, ChunkParserPool &pool,
                                     UnescapedQuoteRepair *quotes)
    : m_source(source), m_scanner(scanner), m_pool(pool), m_quotes(quotes), m_thread([this] { run(); })
{
}

ChunkReaderThread::~ChunkReaderThread()
{
    if (m_thread.joinable()) {
        stop();
        m_pool.drain();
        m_thread.join();
    }
}

void ChunkReaderThread::run()
{
    try {
        std::vector<char> buffer(kReadBytes);
        std::string repaired;
        while (!m_stop) {
            const std::size_t n = m_source.read(buffer.data(), buffer.size());
            if (n == 0)
                break;
            if (m_quotes) {
                repaired.clear();
                m_quotes->feed(buffer.data(), n, repaired);
                m_scanner.feed(repaired.data(), repaired.size());
            } else {
                m_scanner.feed(buffer.data(), n);
            }
            m_fileRead = m_source.fileBytesRead();
            m_produced = m_source.bytesProduced();
            m_inflated = m_source.fileBytesInflated();
        }
        if (!m_stop && m_quotes) {
            repaired.clear();
            m_quotes->finish(repaired);
            m_scanner.feed(repaired.data(), repaired.size());
        }
        if (!m_stop)
            m_ending = m_scanner.finish();
    } catch (...) {
        m_error = std::current_exception();
    }
    m_pool.close();
}

ChromeChunkScanner::Ending ChunkReaderThread::finish()
{
    if (m_thread.joinable())
        m_thread.join();
    if (m_error)
        std::rethrow_exception(m_error);
    return m_ending;
}

} // namespace tracelane
