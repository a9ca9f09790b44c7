#include "nsys_json_importer.h"

#include "line_reader.h"
#include "nsys_json_nlohmann_value.h"
#include "nsys_json_records.h"
#include "nsys_json_simd_value.h"
#include "nsys_trace_writer.h"
#include "simd_line_parser.h"

#include "import/import_error.h"
#include "import/json_depth.h"

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <map>
#include <type_traits>

namespace tracelane {
namespace {

using nlohmann::json;
using nsys::NlohmannValue;
using nsys::SimdValue;

// TRACELANE_NSYS_JSON_PARSER=nlohmann parses every line with nlohmann, for comparing the two.
bool simdjsonWanted()
{
    const char *parser = std::getenv("TRACELANE_NSYS_JSON_PARSER");
    return !parser || std::string_view(parser) != "nlohmann";
}

std::string_view skipSpace(std::string_view text)
{
    if (text.substr(0, 3) == "\xEF\xBB\xBF") // UTF-8 byte order mark
        text.remove_prefix(3);
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t' || text.front() == '\r' || text.front() == '\n'))
        text.remove_prefix(1);
    return text;
}

// nsys writes records a few levels deep. A line nested deeper is not one of
// them, and parsing it into a DOM would cost ~100 bytes per bracket (a 10 MB
// line of '[' took a gigabyte): it is measured first, outside strings, and skipped.
constexpr int kMaxLineDepth = 64;

bool startsWithKey(std::string_view line, std::string_view key)
{
    line = skipSpace(line);
    if (line.empty() || line.front() != '{')
        return false;
    line = skipSpace(line.substr(1));
    return line.substr(0, key.size()) == key;
}

class JsonExportReader
{
public:
    JsonExportReader(const std::string &path, TraceBuilder &builder, ImportControl &control)
        : m_lines(path), m_path(path), m_writer(builder), m_control(control), m_useSimd(simdjsonWanted())
    {
    }

    void read()
    {
        std::string_view line;
        while (m_lines.next(line)) {
            if ((m_lines.lineNumber() & 0x3FF) == 0) {
                if (m_control.isCancelled())
                    throw ImportCancelled();
                m_control.progress(m_lines.source().fileBytesRead(), m_lines.source().fileBytes());
            }
            if (skipSpace(line).empty())
                continue;
            // simdjson takes no line nested deeper than kMaxLineDepth, so only what
            // it refuses needs the depth scan (a fifth of the time otherwise).
            simdjson::dom::element root;
            if (m_useSimd && m_simd.parse(line, root)) {
                if (!root.is_object())
                    badLine();
                else if (!readObject(SimdValue(root)))
                    readWithNlohmann(line);
                continue;
            }
            if (firstBracketDeeperThan(line, kMaxLineDepth)) {
                tooDeep();
                continue;
            }
            readWithNlohmann(line);
        }
        if (m_events == 0 && m_badLines > 0)
            throw ImportError("'" + m_path + "' has no Nsight Systems event on any line; line "
                              + std::to_string(m_firstBadLine) + " is not a JSON object");
        reportSkipped();
        m_writer.finish();
        m_control.progress(m_lines.source().fileBytes(), m_lines.source().fileBytes());
    }

private:
    void readWithNlohmann(std::string_view line)
    {
        const json object = json::parse(line, nullptr, false);
        if (object.is_discarded() || !object.is_object())
            badLine();
        else
            readObject(NlohmannValue(object));
    }

    std::string location() const { return "line " + std::to_string(m_lines.lineNumber()); }

    void badLine()
    {
        if (!m_badLines++)
            m_firstBadLine = m_lines.lineNumber();
        if (m_lines.lastLineUnterminated())
            m_writer.builder().diagnostics().add("nsys-json-truncated",
                                                 "the last line is cut off (the file is truncated); it was skipped",
                                                 location());
        else
            m_writer.builder().diagnostics().add("nsys-json-bad-line", "lines that are not a JSON object were skipped",
                                                 location());
    }

    void tooDeep()
    {
        if (!m_badLines++)
            m_firstBadLine = m_lines.lineNumber();
        m_writer.builder().diagnostics().add("nsys-json-too-deep",
                                             "lines nested deeper than 64 levels (not an nsys record) were skipped",
                                             location());
    }

    void incomplete(std::string_view what)
    {
        m_writer.builder().diagnostics().add("nsys-json-incomplete",
                                             "events missing a time or thread were skipped",
                                             location() + " (" + std::string(what) + ")");
    }

    // Counted per kind for the first kMaxSkippedKinds kinds; a file of endless
    // invented kinds would otherwise list each one.
    static constexpr std::size_t kMaxSkippedKinds = 32;
    void skipped(std::string kind)
    {
        if (m_skipped.size() >= kMaxSkippedKinds && !m_skipped.count(kind))
            kind = "other unknown";
        ++m_skipped[std::move(kind)];
    }

    // False, having read nothing, when only nlohmann can tell how to read the
    // line: an unknown kind is named by its keys in nlohmann's (sorted) order.
    template<class Value>
    bool readObject(const Value &object)
    {
        if (const Value data = object.find("data"); data.isArray()) {
            readData(data);
            return true;
        }
        if (const Value type = object.find("type"); type.isString() && type.string() == "String") {
            const auto id = nsys::jsonInt(object, "id");
            const Value value = object.find("value");
            if (id && value.isString())
                m_writer.setString(*id, value.string());
            else
                incomplete("string record");
            return true;
        }
        if (const Value e = object.find("TraceProcessEvent")) {
            readTraceProcessEvent(e);
            return true;
        }
        if (const Value e = object.find("CudaEvent")) {
            readCudaEvent(e);
            return true;
        }
        if (const Value e = object.find("NvtxEvent")) {
            readNvtxEvent(e);
            return true;
        }
        if (const Value e = object.find("CommEvent")) {
            readCommEvent(e);
            return true;
        }
        for (const char *known : {"DiagnosticEvent", "files"}) {
            if (object.find(known)) {
                skipped(known);
                return true;
            }
        }
        if constexpr (std::is_same_v<Value, NlohmannValue>) {
            readUnknown(object.json());
            return true;
        }
        return false;
    }

    void readUnknown(const json &object)
    {
        // An event kind this version does not know: name it by its payload key.
        std::string kind = "unknown record";
        for (const auto &[key, value] : object.items())
            if (key != "Type" && value.is_object())
                kind = key.substr(0, 80);
        skipped(kind);
        m_writer.builder().diagnostics().add("nsys-json-unknown-record", "records of an unknown kind were skipped",
                                             location() + " (" + kind + ")");
    }

    template<class Value>
    void readData(const Value &data)
    {
        data.forEachElement([this](std::size_t i, const Value &item) {
            if (item.isString()) {
                m_writer.setString(static_cast<std::int64_t>(i), item.string());
            } else if (item.isObject()) {
                const auto tid = nsys::jsonInt(item, "globalTid"), name = nsys::jsonInt(item, "nameIdx");
                if (tid && name)
                    m_writer.setThreadNameId(*tid, *name);
            }
        });
    }

    template<class Value>
    void readTraceProcessEvent(const Value &e)
    {
        const std::int64_t eventClass = nsys::jsonInt(e, "eventClass").value_or(-1);
        if (eventClass != nsys::kCudaRuntimeClass && eventClass != nsys::kCudaDriverClass)
            return skipped("TraceProcessEvent class " + std::to_string(eventClass));
        nsys::ApiCallRecord r;
        if (!nsys::readApiCall(e, r))
            return incomplete("TraceProcessEvent");
        r.source = std::int64_t(m_lines.lineNumber());
        m_writer.addApiCall(r);
        ++m_events;
    }

    template<class Value>
    void readCudaEvent(const Value &e)
    {
        nsys::GpuOpRecord op;
        if (!nsys::readGpuOp(e, op))
            return incomplete("CudaEvent");
        op.source = std::int64_t(m_lines.lineNumber());
        if (const Value k = e.find("kernel")) {
            nsys::KernelRecord r;
            r.op = op;
            if (!nsys::readKernel(k, r))
                return incomplete("kernel without a name");
            m_writer.addKernel(r);
        } else if (const Value m = e.find("memcpy")) {
            nsys::MemcpyRecord r;
            r.op = op;
            nsys::readMemcpy(m, r);
            m_writer.addMemcpy(r);
        } else if (const Value s = e.find("memset")) {
            nsys::MemsetRecord r;
            r.op = op;
            nsys::readMemset(s, r);
            m_writer.addMemset(r);
        } else if (const Value y = e.find("sync")) {
            nsys::SyncRecord r;
            r.op = op;
            nsys::readSync(y, m_writer.labels(), r);
            m_writer.addSync(r);
        } else {
            return skipped("CudaEvent (other payload)");
        }
        ++m_events;
    }

    template<class Value>
    void readNvtxEvent(const Value &e)
    {
        nsys::NvtxRecord r;
        std::string_view text;
        if (!nsys::readNvtx(e, r, text))
            return incomplete("NvtxEvent");
        if (r.textId < 0 && !text.empty())
            r.text = m_writer.builder().internName(text);
        r.source = std::int64_t(m_lines.lineNumber());
        m_writer.addNvtx(r);
        ++m_events;
    }

    template<class Value>
    void readCommEvent(const Value &e)
    {
        const auto pid = nsys::jsonInt(e, "GlobalPid");
        const Value command = e.find("Command");
        if (pid && command.isString())
            m_writer.setProcessName(*pid, command.string());
    }

    void reportSkipped()
    {
        for (const auto &[kind, count] : m_skipped)
            m_writer.builder().diagnostics().add("nsys-json-skipped:" + kind,
                                                 kind + " records were skipped: they are not CUDA API calls, GPU work or NVTX", {}, count);
    }

    LineReader m_lines;
    std::string m_path;
    nsys::TraceWriter m_writer;
    ImportControl &m_control;
    std::uint64_t m_events = 0;
    std::uint64_t m_badLines = 0;
    std::uint64_t m_firstBadLine = 0;
    std::map<std::string, std::uint64_t> m_skipped;
    bool m_useSimd = true;
    nsys::SimdLineParser m_simd{kMaxLineDepth};
};

} // namespace

int NsysJsonImporter::sniff(const ContentProbe &probe) const
{
    if (probe.sqlite)
        return 0;
    const std::string_view head = skipSpace(probe.head);
    if (startsWithKey(head, "\"data\"") && skipSpace(head.substr(head.find(':') + 1)).substr(0, 1) == "[")
        return 90;
    if (startsWithKey(head, "\"type\":\"String\"") || startsWithKey(head, "\"type\": \"String\""))
        return 80;
    // Without the string table at the head: event lines of nsys's kinds.
    std::string_view rest = head;
    for (int i = 0; i < 32 && !rest.empty(); ++i) {
        const std::size_t end = rest.find('\n');
        const std::string_view line = rest.substr(0, end);
        if (startsWithKey(line, "\"Type\"")
            && (line.find("\"NvtxEvent\"") != std::string_view::npos
                || line.find("\"TraceProcessEvent\"") != std::string_view::npos
                || line.find("\"CudaEvent\"") != std::string_view::npos))
            return 70;
        rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
    }
    return 0;
}

void NsysJsonImporter::import(const ContentProbe &probe, TraceBuilder &builder, ImportControl &control) const
{
    JsonExportReader(probe.path, builder, control).read();
}

} // namespace tracelane
