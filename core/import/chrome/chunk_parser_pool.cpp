#include "chunk_parser_pool.h"

#include "chrome_sax_handler.h"
#include "chrome_simd_parser.h"

#include "model/string_table.h"

#include <cstdlib>
#include <cstring>
#include <nlohmann/json.hpp>

namespace tracelane {

namespace {

// TRACELANE_CHROME_PARSER=nlohmann parses every chunk with nlohmann alone: for
// benchmarks (before/after) and for tests that compare the two parsers.
bool simdParserWanted()
{
    const char *value = std::getenv("TRACELANE_CHROME_PARSER");
    return !value || std::strcmp(value, "nlohmann") != 0;
}

} // namespace

ChunkParserPool::ChunkParserPool(unsigned threads, std::size_t maxInFlight) : m_useSimd(simdParserWanted())
{
    for (std::size_t i = 0; i < std::max<std::size_t>(maxInFlight, 1); ++i)
        m_slots.push_back(std::make_unique<Slot>());
    for (unsigned i = 0; i < std::max(threads, 1u); ++i)
        m_threads.emplace_back([this] { work(); });
}

ChunkParserPool::~ChunkParserPool()
{
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_queued.notify_all();
    for (std::thread &t : m_threads)
        t.join();
}

void ChunkParserPool::submit(EventChunk &chunk)
{
    std::unique_lock lock(m_mutex);
    Slot *free = nullptr;
    m_freed.wait(lock, [&] {
        for (auto &slot : m_slots)
            if (slot->state == State::Free) {
                free = slot.get();
                return true;
            }
        return false;
    });
    free->parsed.chunk.text.swap(chunk.text);
    free->parsed.chunk.elementStarts.swap(chunk.elementStarts);
    free->parsed.chunk.fileOffset = chunk.fileOffset;
    free->sequence = m_nextSubmit++;
    free->state = State::Queued;
    lock.unlock();
    m_queued.notify_one();
}

void ChunkParserPool::close()
{
    {
        std::lock_guard lock(m_mutex);
        m_closed = true;
    }
    m_done.notify_all();
}

ParsedChunk *ChunkParserPool::next()
{
    std::unique_lock lock(m_mutex);
    Slot *found = nullptr;
    m_done.wait(lock, [&] {
        for (auto &slot : m_slots)
            if (slot->state == State::Done && slot->sequence == m_nextTake) {
                found = slot.get();
                return true;
            }
        return m_closed && m_nextTake == m_nextSubmit;
    });
    if (!found)
        return nullptr;
    ++m_nextTake;
    return &found->parsed;
}

void ChunkParserPool::drain()
{
    while (ParsedChunk *parsed = next())
        release(parsed);
}

void ChunkParserPool::release(ParsedChunk *parsed)
{
    {
        std::lock_guard lock(m_mutex);
        for (auto &slot : m_slots)
            if (&slot->parsed == parsed)
                slot->state = State::Free;
    }
    m_freed.notify_one();
}

void ChunkParserPool::work()
{
    ChromeSimdParser simd; // per thread: it keeps its buffers from chunk to chunk
    for (;;) {
        Slot *job = nullptr;
        {
            std::unique_lock lock(m_mutex);
            m_queued.wait(lock, [&] {
                if (m_stopping)
                    return true;
                job = nullptr;
                for (auto &slot : m_slots)
                    if (slot->state == State::Queued && (!job || slot->sequence < job->sequence))
                        job = slot.get();
                return job != nullptr;
            });
            if (m_stopping)
                return;
            job->state = State::Parsing;
        }
        parse(job->parsed, m_useSimd ? &simd : nullptr);
        {
            std::lock_guard lock(m_mutex);
            job->state = State::Done;
        }
        m_done.notify_one(); // the one consumer
    }
}

namespace {

bool parseStrict(ParsedChunk &parsed, std::string &error, std::size_t &errorPosition)
{
    parsed.count = 0;
    ChromeSaxHandler handler(parsed.events, parsed.count);
    const std::string &text = parsed.chunk.text;
    nlohmann::json::sax_parse(text.data(), text.data() + text.size(), &handler,
                              nlohmann::json::input_format_t::json, true);
    parsed.nonObjectEvents = handler.nonObjectEvents();
    if (!handler.failed())
        return true;
    error = handler.errorMessage();
    errorPosition = handler.errorPosition();
    return false;
}

// The strings the mapper interns, hashed here on the parser's thread.
void hashStrings(ParsedChunk &parsed)
{
    for (std::size_t e = 0; e < parsed.count; ++e) {
        RawEvent &event = parsed.events[e];
        event.nameHash = StringTable::hashOf(event.name);
        event.hashed = true;
        for (std::size_t a = 0; a < event.argCount; ++a) {
            RawArg &arg = event.args[a];
            arg.keyHash = StringTable::hashOf(arg.key);
            if (arg.kind == RawArg::Kind::String || arg.kind == RawArg::Kind::Json)
                arg.textHash = StringTable::hashOf(arg.text);
            arg.hashed = true;
        }
    }
}

} // namespace

// simdjson first; what it does not take, nlohmann: strict JSON first, and text
// that fails is made strict (lenient_json.h) and parsed again. Either way the
// whole chunk is parsed the same way, so where the chunk boundaries fall cannot
// change the result.
void ChunkParserPool::parse(ParsedChunk &parsed, ChromeSimdParser *simd)
{
    parsed.failed = false;
    parsed.errorMessage.clear();
    parsed.repair = {};
    if (simd && simd->parse(parsed.chunk.text, parsed.events, parsed.count, parsed.nonObjectEvents)) {
        hashStrings(parsed);
        return;
    }
    std::size_t position = 0;
    if (parseStrict(parsed, parsed.errorMessage, position)) {
        hashStrings(parsed);
        return;
    }
    LenientRepair repair = makeStrictJson(parsed.chunk.text);
    if (repair.changed()) {
        std::string retryError;
        if (parseStrict(parsed, retryError, position)) {
            parsed.errorMessage.clear();
            parsed.repair = std::move(repair);
            hashStrings(parsed);
            return;
        }
        parsed.errorMessage = std::move(retryError);
        position = repair.originalPosition(position);
    }
    parsed.failed = true;
    parsed.errorPosition = position;
}

} // namespace tracelane
