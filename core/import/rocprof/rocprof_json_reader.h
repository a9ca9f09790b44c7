#pragma once
// Walks a rocprofv3 JSON document with simdjson's On-Demand parser, in file
// order and without building a DOM: {"rocprofiler-sdk-tool": [entry, ...]}, one
// entry per profiled process. An entry's tables (agents, strings,
// kernel_symbols) come before its buffer_records in every file rocprofv3
// writes; if a file has them after, that entry's records are read in a second
// pass over the document, once the tables are known.

#include "rocprof_event_writer.h"
#include "rocprof_tables.h"

#include "import/import_control.h"
#include "model/trace_builder.h"

#include <simdjson.h>

#include <cstdint>
#include <map>
#include <memory>
#include <string>

namespace tracelane::rocprof {

class DocumentReader
{
public:
    DocumentReader(TraceBuilder &builder, ImportControl &control, std::string path);

    // `data` holds `size` bytes of JSON followed by at least SIMDJSON_PADDING
    // more (`capacity` in all). Throws ImportError, ImportCancelled.
    void read(const char *data, std::size_t size, std::size_t capacity);

private:
    struct Entry
    {
        Tables tables;
        std::int64_t pid = 0;
        bool haveMetadata = false;
    };

    simdjson::ondemand::document &parse(const char *data, std::size_t size, std::size_t capacity);
    void readEntries(simdjson::ondemand::document &document, bool deferredPass);
    void readEntry(simdjson::ondemand::value value, std::size_t index, bool deferredPass);
    void readMetadata(simdjson::ondemand::value value, Entry &entry);
    void readBufferRecords(simdjson::ondemand::value value);
    void countSkipped(std::string_view section, simdjson::ondemand::value value);
    void recordDone();
    [[noreturn]] void fail(simdjson::error_code error, std::string_view expected);
    void check(simdjson::error_code error, std::string_view expected)
    {
        if (error)
            fail(error, expected);
    }

    TraceBuilder &m_builder;
    ImportControl &m_control;
    std::string m_path;
    EventWriter m_writer;
    simdjson::ondemand::parser m_parser;
    simdjson::ondemand::document m_document;
    const char *m_data = nullptr;
    std::size_t m_size = 0;
    std::uint64_t m_records = 0;
    std::map<std::size_t, std::unique_ptr<Entry>> m_deferred; // by entry index
};

} // namespace tracelane::rocprof
