#include "chrome_trace_importer.h"

#include "byte_source_iterator.h"
#include "chrome_event_mapper.h"
#include "chrome_sax_handler.h"
#include "import/import_error.h"

#include <nlohmann/json.hpp>

namespace tracelane {
namespace {

std::string_view skipSpace(std::string_view text)
{
    if (text.substr(0, 3) == "\xEF\xBB\xBF") // UTF-8 byte order mark
        text.remove_prefix(3);
    while (!text.empty() && (text[0] == ' ' || text[0] == '\n' || text[0] == '\r' || text[0] == '\t'))
        text.remove_prefix(1);
    return text;
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

void ChromeTraceImporter::import(const ContentProbe &probe, TraceBuilder &builder, ImportControl &control) const
{
    ByteSource source(probe.path);
    BufferedInput input(source);
    ChromeEventMapper mapper(builder);
    std::uint64_t sinceCheck = 0;
    ChromeSaxHandler handler({
        [&](const RawEvent &event) {
            mapper.map(event);
            if (++sinceCheck == 4096) {
                sinceCheck = 0;
                control.progress(source.fileBytesRead(), source.fileBytes());
                return !control.isCancelled();
            }
            return true;
        },
        [&](const std::string &key, const std::string &value) { mapper.metadata(key, value); },
        [&](std::int64_t id, const std::string &name) { mapper.device(id, name); },
    });
    handler.setPositionSource([&source] { return source.bytesProduced(); });

    nlohmann::json::sax_parse(ByteSourceIterator(input), ByteSourceIterator(), &handler,
                              nlohmann::json::input_format_t::json, false);
    if (control.isCancelled())
        throw ImportCancelled();

    const std::string &path = probe.path;
    if (handler.failed()) {
        const bool atEnd = input.atEnd();
        if (atEnd && handler.betweenEvents()) {
            // Chrome accepts an event array that a crashed writer never closed.
            builder.diagnostics().add("unterminated-array",
                                      "the event array is not closed (the writer may have stopped early); "
                                      "all complete events were read");
        } else if (atEnd && handler.insideEvent()) {
            throw ImportError("'" + path + "' is truncated: it ends inside an event at byte "
                              + std::to_string(handler.errorPosition()) + " after "
                              + std::to_string(handler.eventCount()) + " complete events");
        } else if (handler.errorPosition() == 0 || (handler.eventCount() == 0 && !handler.sawEventArray())) {
            throw ImportError("'" + path + "' is not valid JSON: " + handler.errorMessage());
        } else {
            throw ImportError("'" + path + "' has invalid JSON at byte " + std::to_string(handler.errorPosition())
                              + " (after " + std::to_string(handler.eventCount()) + " events): "
                              + handler.errorMessage());
        }
    }
    if (!handler.sawEventArray())
        throw ImportError("'" + path + "' is JSON but not a Chrome trace: "
                          + std::string(handler.rootIsObject() ? "the top-level object has no \"traceEvents\" array"
                                                               : "it is neither an object nor an array of events"));
    if (handler.nonObjectEvents()) {
        if (handler.eventCount() == 0)
            throw ImportError("'" + path + "' is a JSON array, but its elements are not trace events (objects)");
        builder.diagnostics().add("non-object-event", "entries of the event array that are not objects were skipped",
                                  {}, handler.nonObjectEvents());
    }
    mapper.finish();
    std::uint64_t kept = 0;
    for (std::size_t t = 0; t < builder.trackCount(); ++t)
        kept += builder.trackAt(static_cast<std::uint32_t>(t)).events.size();
    if (kept == 0 && handler.eventCount() + handler.nonObjectEvents() > 0 && !builder.diagnostics().empty()) {
        const Diagnostic &first = builder.diagnostics().entries().front();
        throw ImportError("'" + path + "' has no usable trace events: " + first.message
                          + (first.examples.empty() ? std::string() : " (first at " + first.examples.front() + ")"));
    }
    control.progress(source.fileBytes(), source.fileBytes());
}

} // namespace tracelane
