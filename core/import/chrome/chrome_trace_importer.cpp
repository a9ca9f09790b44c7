#include "chrome_trace_importer.h"

#include "chrome_chunk_scanner.h"
#include "chrome_event_mapper.h"
#include "chrome_sax_handler.h"
#include "chunk_parser_pool.h"
#include "chunk_reader_thread.h"
#include "lenient_json.h"
#include "merged_ranks.h"
#include "unescaped_quotes.h"
#include "import/byte_source.h"
#include "import/import_error.h"

#include <algorithm>
#include <exception>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <thread>
#include <tuple>

namespace tracelane {
namespace {

// Each in-flight chunk also holds a batch of parsed events whose strings and
// argument lists keep their largest size, and each parser thread an index of
// four bytes per byte of its chunk. 128 KiB chunks keep both in cache and out of
// the peak memory (256 KiB: 9 B/event more at the peak and no faster; 1 MiB
// parsed 15% slower).
constexpr std::size_t kChunkBytes = 128 << 10;

std::string_view skipSpace(std::string_view text)
{
    if (text.substr(0, 3) == "\xEF\xBB\xBF") // UTF-8 byte order mark
        text.remove_prefix(3);
    while (!text.empty() && (text[0] == ' ' || text[0] == '\n' || text[0] == '\r' || text[0] == '\t'))
        text.remove_prefix(1);
    return text;
}

// One parser per core; TRACELANE_IMPORT_THREADS overrides it (shared machines, benchmarks).
unsigned parserThreads()
{
    if (const char *value = std::getenv("TRACELANE_IMPORT_THREADS")) {
        const int n = std::atoi(value);
        if (n > 0)
            return std::min(n, 64);
    }
    return std::clamp(std::thread::hardware_concurrency(), 1u, 8u);
}

// TRACELANE_CHROME_CHUNK_BYTES overrides the chunk size, so that the fuzz targets
// and tests can put chunk boundaries inside small inputs.
std::size_t chunkBytes()
{
    if (const char *value = std::getenv("TRACELANE_CHROME_CHUNK_BYTES")) {
        const long n = std::atol(value);
        if (n > 0)
            return static_cast<std::size_t>(n);
    }
    return kChunkBytes;
}

// Counts what was accepted beyond strict JSON (as Chrome and Perfetto accept it).
void noteRepair(const LenientRepair &repair, Diagnostics &diagnostics)
{
    if (repair.trailingCommas)
        diagnostics.add("json-trailing-comma", "trailing commas before '}' or ']' (not strict JSON) were accepted", {},
                        repair.trailingCommas);
    if (repair.controlCharacters)
        diagnostics.add("json-control-character",
                        "raw control characters inside strings (not strict JSON) were read as they are", {},
                        repair.controlCharacters);
    if (repair.invalidUtf8)
        diagnostics.add("json-invalid-utf8",
                        "bytes inside strings that are not UTF-8 were replaced by U+FFFD (\xEF\xBF\xBD)", {},
                        repair.invalidUtf8);
}

// Maps parsed chunks in file order and keeps the running totals for messages.
class ChunkMapper
{
public:
    ChunkMapper(ChromeEventMapper &mapper, Diagnostics &diagnostics, const std::string &path, RankFilter &ranks)
        : m_mapper(mapper), m_diagnostics(diagnostics), m_path(path), m_ranks(ranks)
    {
    }

    void map(ParsedChunk &parsed)
    {
        const EventChunk &chunk = parsed.chunk;
        if (parsed.failed)
            throw ImportError("'" + m_path + "' has invalid JSON at byte "
                              + std::to_string(chunk.fileOffset + parsed.errorPosition - 1) + " (after "
                              + std::to_string(m_events + parsed.count) + " events): " + parsed.errorMessage);
        for (std::size_t i = 0; i < parsed.count; ++i) {
            RawEvent &event = parsed.events[i];
            const std::uint64_t element = event.byteOffset;
            event.byteOffset = chunk.fileOffset
                               + (element < chunk.elementStarts.size() ? chunk.elementStarts[element] - 1 : 0);
            event.index = m_events + m_nonObjectEvents + element;
            if (m_ranks.admit(event.pid))
                m_mapper.map(event);
        }
        noteRepair(parsed.repair, m_diagnostics);
        m_events += parsed.count;
        m_nonObjectEvents += parsed.nonObjectEvents;
        m_mappedUpTo = chunk.fileOffset + chunk.text.size() - parsed.repair.growth();
    }

    std::uint64_t mappedUpTo() const { return m_mappedUpTo; } // decompressed offset

    std::uint64_t events() const { return m_events; }
    std::uint64_t nonObjectEvents() const { return m_nonObjectEvents; }

private:
    ChromeEventMapper &m_mapper;
    Diagnostics &m_diagnostics;
    const std::string &m_path;
    RankFilter &m_ranks;
    std::uint64_t m_events = 0;
    std::uint64_t m_nonObjectEvents = 0;
    std::uint64_t m_mappedUpTo = 0;
};

// Once a tenth of a large file is in the model, its storage is reserved for the
// whole file (plus 5%), extrapolated from the bytes mapped so far.
class GrowthEstimate
{
public:
    GrowthEstimate(std::uint64_t fileBytes, const ChunkReaderThread &reader) : m_fileBytes(fileBytes), m_reader(reader)
    {
    }

    void check(const ChunkMapper &chunks, TraceBuilder &builder)
    {
        constexpr std::uint64_t kMinFile = 32ull << 20;
        const std::uint64_t fileRead = m_reader.fileBytesRead();
        if (m_done || m_fileBytes < kMinFile || fileRead * 10 < m_fileBytes || chunks.mappedUpTo() == 0)
            return;
        m_done = true;
        // Decompressed size of the whole file, from the compression ratio so far.
        const double total = double(m_reader.bytesProduced()) * double(m_fileBytes)
                             / double(std::max<std::uint64_t>(m_reader.fileBytesInflated(), 1));
        builder.reserveForGrowth(1.05 * total / double(chunks.mappedUpTo()));
    }

private:
    std::uint64_t m_fileBytes;
    const ChunkReaderThread &m_reader;
    bool m_done = false;
};

// Top-level fields: metadata, deviceProperties; the event array in it is empty.
// Parsed strictly first, then made strict (lenient_json.h) if that failed; what
// it holds reaches the mapper only from the parse that succeeds.
bool parseHeader(std::string header, ChromeEventMapper &mapper, Diagnostics &diagnostics, const std::string &path)
{
    std::vector<std::pair<std::string, std::string>> metadata;
    std::vector<std::pair<std::int64_t, std::string>> devices;
    auto parse = [&](std::string &error) {
        metadata.clear();
        devices.clear();
        ChromeSaxHandler handler({
            {},
            [&](const std::string &key, const std::string &value) { metadata.emplace_back(key, value); },
            [&](std::int64_t id, const std::string &name) { devices.emplace_back(id, name); },
        });
        nlohmann::json::sax_parse(header.data(), header.data() + header.size(), &handler,
                                  nlohmann::json::input_format_t::json, false);
        error = handler.errorMessage();
        return std::make_pair(!handler.failed(), handler.sawEventArray());
    };
    std::string error, retryError;
    auto [ok, sawEvents] = parse(error);
    if (!ok) {
        const LenientRepair repair = makeStrictJson(header);
        if (repair.changed())
            std::tie(ok, sawEvents) = parse(retryError);
        if (!ok)
            throw ImportError("'" + path + "' has invalid JSON in its top-level fields: "
                              + (repair.changed() ? retryError : error));
        noteRepair(repair, diagnostics);
    }
    for (const auto &[key, value] : metadata)
        mapper.metadata(key, value);
    for (const auto &[id, name] : devices)
        mapper.device(id, name);
    return sawEvents;
}

// The fields before the cut are kept; a field the cut went through is dropped.
void parseHeaderLeniently(const std::string &header, ChromeEventMapper &mapper)
{
    ChromeSaxHandler handler({
        {},
        [&](const std::string &key, const std::string &value) { mapper.metadata(key, value); },
        [&](std::int64_t id, const std::string &name) { mapper.device(id, name); },
    });
    nlohmann::json::sax_parse(header.data(), header.data() + header.size(), &handler,
                              nlohmann::json::input_format_t::json, false);
}

// A merged file read whole says it holds ranks; one rank of it says how many
// events were other ranks'.
void noteRanks(const RankFilter &ranks, TraceBuilder &builder, const std::string &path)
{
    if (!ranks.kept().empty()) {
        if (std::find(ranks.labels().begin(), ranks.labels().end(), ranks.kept()) == ranks.labels().end())
            throw ImportError("'" + path + "' holds no rank labelled " + ranks.kept());
        builder.source().metadata.emplace_back("rank", ranks.kept());
        const auto at = std::find(ranks.labels().begin(), ranks.labels().end(), ranks.kept());
        builder.source().metadata.emplace_back("rank index", std::to_string(at - ranks.labels().begin()));
        builder.source().metadata.emplace_back("ranks in file", std::to_string(ranks.labels().size()));
        builder.diagnostics().addInformation("other-rank-events", "events of the file's other ranks were left out",
                                             ranks.otherRankEvents());
        return;
    }
    if (ranks.labels().size() < 2)
        return;
    std::string labels;
    for (const std::string &label : ranks.labels())
        labels += (labels.empty() ? "" : " ") + label;
    builder.source().metadata.emplace_back("merged ranks", labels);
    builder.diagnostics().addInformation("merged-ranks",
                                         "the file merges the traces of several ranks (" + labels
                                             + "); open it as ranks to see them side by side",
                                         ranks.labels().size());
}

void reportTruncation(TraceBuilder &builder, const std::string &where)
{
    builder.diagnostics().add("truncated-file", "the file stops early, " + where);
}

} // namespace

int ChromeTraceImporter::sniff(const ContentProbe &probe) const
{
    if (probe.sqlite)
        return 0;
    const std::string_view head = skipSpace(probe.head);
    if (head.empty())
        return 0;
    const bool hasPhase = head.find("\"ph\"") != std::string_view::npos;
    if (head[0] == '{') {
        if (head.find("\"traceEvents\"") != std::string_view::npos)
            return 90;
        // nsys JSON exports are one object per line; leave them to their importer.
        if (head.find("\"data\"") == 1 || head.find("\"NvtxEvent\"") != std::string_view::npos)
            return 0;
        return hasPhase ? 30 : 0;
    }
    if (head[0] == '[') {
        const std::string_view rest = skipSpace(head.substr(1));
        if (rest.empty() || rest[0] == ']')
            return 20; // an empty event array is still a (trivial) Chrome trace
        return rest[0] == '{' && hasPhase ? 80 : 0;
    }
    return 0;
}

namespace {

// One read of the file; with `quotes`, its text is repaired on the way (see
// unescaped_quotes.h). Returns whether the text ended anywhere but after a
// whole, closed trace.
bool readChromeTrace(const ContentProbe &probe, TraceBuilder &builder, ImportControl &control,
                     UnescapedQuoteRepair *quotes)
{
    const std::string &path = probe.path;
    ByteSource source(path);
    source.setKeepTruncated(true); // a crashed writer's .json.gz: keep the events before the cut
    ChromeEventMapper mapper(builder);
    RankFilter ranks(probe.rankLabel);
    ChunkMapper chunks(mapper, builder.diagnostics(), path, ranks);
    const unsigned threads = parserThreads();
    ChunkParserPool pool(threads, threads + 2); // in-flight chunks bound the memory the parsers hold
    ChromeChunkScanner scanner(chunkBytes(), [&](EventChunk &chunk) { pool.submit(chunk); });
    ChunkReaderThread reader(source, scanner, pool, quotes);
    GrowthEstimate growth(source.fileBytes(), reader);
    while (ParsedChunk *parsed = pool.next()) {
        chunks.map(*parsed); // throws on invalid JSON: the reader's destructor stops it
        pool.release(parsed);
        growth.check(chunks, builder);
        control.progress(reader.fileBytesRead(), source.fileBytes());
        if (control.isCancelled())
            throw ImportCancelled();
    }
    const ChromeChunkScanner::Ending ending = reader.finish();

    const std::string cutNote = source.truncation().empty() ? std::string() : " (" + source.truncation() + ")";
    switch (ending) {
    case ChromeChunkScanner::Ending::NotJson:
        throw ImportError("'" + path + "' is not valid JSON (expected an object or an array of events)" + cutNote);
    case ChromeChunkScanner::Ending::InsideHeader:
        // The event array was read whole; only top-level fields after it are cut.
        if (!scanner.sawEventArray())
            throw ImportError("'" + path + "' is truncated: it ends at byte " + std::to_string(scanner.bytesScanned())
                              + " before its event array" + cutNote);
        parseHeaderLeniently(scanner.header(), mapper);
        reportTruncation(builder, "after its event array, at byte " + std::to_string(scanner.bytesScanned())
                                      + "; all " + std::to_string(chunks.events()) + " events were read" + cutNote);
        break;
    case ChromeChunkScanner::Ending::InsideEvent:
        // A crashed profiler leaves a file cut mid-event: keep what came before.
        if (chunks.events() == 0)
            throw ImportError("'" + path + "' is truncated: it ends inside its first event at byte "
                              + std::to_string(scanner.bytesScanned()) + cutNote);
        reportTruncation(builder, "inside an event at byte " + std::to_string(scanner.bytesScanned()) + "; the "
                                      + std::to_string(chunks.events()) + " complete events before it were read"
                                      + cutNote);
        break;
    case ChromeChunkScanner::Ending::UnterminatedArray:
        // Chrome accepts an event array that a crashed writer never closed.
        builder.diagnostics().add("unterminated-array", "the event array is not closed (the writer may have "
                                                        "stopped early); all complete events were read" + cutNote);
        break;
    case ChromeChunkScanner::Ending::Complete:
        break;
    }
    if (ending != ChromeChunkScanner::Ending::InsideHeader && !scanner.rootIsArray()
        && !parseHeader(scanner.header(), mapper, builder.diagnostics(), path))
        throw ImportError("'" + path + "' is JSON but not a Chrome trace: the top-level object has no "
                          "\"traceEvents\" array");
    if (chunks.nonObjectEvents()) {
        if (chunks.events() == 0)
            throw ImportError("'" + path + "' is a JSON array, but its elements are not trace events (objects)");
        builder.diagnostics().add("non-object-event", "entries of the event array that are not objects were skipped",
                                  {}, chunks.nonObjectEvents());
    }
    noteRanks(ranks, builder, path);
    mapper.finish();
    std::uint64_t kept = 0;
    for (std::size_t t = 0; t < builder.trackCount(); ++t)
        kept += builder.trackAt(static_cast<std::uint32_t>(t)).events.size();
    if (kept == 0 && chunks.events() + chunks.nonObjectEvents() > 0 && !builder.diagnostics().empty()) {
        const Diagnostic &first = builder.diagnostics().entries().front();
        throw ImportError("'" + path + "' has no usable trace events: " + first.message
                          + (first.examples.empty() ? std::string() : " (first at " + first.examples.front() + ")"));
    }
    control.progress(source.fileBytes(), source.fileBytes());
    return ending != ChromeChunkScanner::Ending::Complete;
}

// Whether the file holds strings with unescaped quotes that the repair
// recovers: one pass over the text, no parsing.
bool hasUnescapedQuotes(const std::string &path, ImportControl &control)
{
    ByteSource source(path);
    source.setKeepTruncated(true);
    UnescapedQuoteRepair quotes;
    std::vector<char> buffer(1 << 20);
    std::string repaired;
    while (const std::size_t n = source.read(buffer.data(), buffer.size())) {
        repaired.clear();
        quotes.feed(buffer.data(), n, repaired);
        if (quotes.repairedStrings())
            return true;
        if (control.isCancelled())
            throw ImportCancelled();
    }
    repaired.clear();
    quotes.finish(repaired);
    return quotes.repairedStrings() > 0;
}

} // namespace

// A file that fails, or ends early, is checked for the unescaped quotes of
// PyTorch's with_stack bug; if it has them it is read again through the repair
// into a fresh model, which is kept when it reads better than the first: whole
// where the first failed or ended early. Otherwise the first read's error or
// model stands, so other damage reports as before. Well-formed files are read once.
void ChromeTraceImporter::import(const ContentProbe &probe, TraceBuilder &builder, ImportControl &control) const
{
    std::exception_ptr firstError;
    try {
        if (!readChromeTrace(probe, builder, control, nullptr))
            return;
    } catch (const ImportError &) {
        firstError = std::current_exception();
    }
    if (!hasUnescapedQuotes(probe.path, control)) {
        if (firstError)
            std::rethrow_exception(firstError);
        return;
    }
    TraceBuilder repaired;
    repaired.source() = builder.source();
    UnescapedQuoteRepair quotes;
    bool damaged = true;
    try {
        damaged = readChromeTrace(probe, repaired, control, &quotes);
    } catch (const ImportError &) {
        if (firstError)
            std::rethrow_exception(firstError);
        return; // the first read, cut short, stands
    }
    if (!firstError && damaged)
        return;
    repaired.diagnostics().add("json-unescaped-quote",
                               "strings with unescaped '\"' inside (PyTorch's with_stack names) were read whole", {},
                               quotes.repairedStrings());
    builder = std::move(repaired);
}

} // namespace tracelane
