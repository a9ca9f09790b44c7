#include "rocprof_json_reader.h"

#include "rocprof_record.h"

#include "import/import_error.h"

#include <string_view>

namespace tracelane::rocprof {
namespace od = simdjson::ondemand;

namespace {

enum class RocprofSection { Kernel, MemoryCopy, Api, Marker, Other };

RocprofSection rocprofSectionOf(std::string_view key)
{
    if (key == "kernel_dispatch" || key == "kernel_dispatches") // the latter in early rocprofv3 releases
        return RocprofSection::Kernel;
    if (key == "memory_copy")
        return RocprofSection::MemoryCopy;
    if (key == "hip_api" || key == "hsa_api" || key == "rccl_api" || key == "rocdecode_api" || key == "rocjpeg_api")
        return RocprofSection::Api;
    if (key == "marker_api" || key == "marker")
        return RocprofSection::Marker;
    return RocprofSection::Other;
}

// The fields a record of each section needs to be placed on the timeline.
std::string_view rocprofMissing(RocprofSection section, const Record &r)
{
    if (!r.has(Record::Start))
        return "start_timestamp";
    if (!r.has(Record::End))
        return "end_timestamp";
    switch (section) {
    case RocprofSection::Kernel:
        if (!r.has(Record::Agent))
            return "dispatch_info.agent_id";
        if (!r.has(Record::Queue))
            return "dispatch_info.queue_id";
        if (!r.has(Record::KernelId))
            return "dispatch_info.kernel_id";
        return {};
    case RocprofSection::MemoryCopy:
        return r.has(Record::DstAgent) || r.has(Record::SrcAgent) ? std::string_view() : "dst_agent_id";
    case RocprofSection::Api:
        if (!r.has(Record::ThreadId))
            return "thread_id";
        return r.has(Record::Kind | Record::Operation) ? std::string_view() : "kind and operation";
    case RocprofSection::Marker:
        return r.has(Record::ThreadId) ? std::string_view() : "thread_id";
    case RocprofSection::Other: return {};
    }
    return {};
}

} // namespace

DocumentReader::DocumentReader(TraceBuilder &builder, ImportControl &control, std::string path)
    : m_builder(builder), m_control(control), m_path(std::move(path)), m_writer(builder)
{
}

void DocumentReader::fail(simdjson::error_code error, std::string_view expected)
{
    std::string where = "at the end";
    if (const char *at = nullptr; !m_document.current_location().get(at) && at >= m_data && at < m_data + m_size)
        where = "near byte " + std::to_string(at - m_data);
    throw ImportError("'" + m_path + "' is not valid rocprofv3 JSON " + where + ": "
                      + simdjson::error_message(error) + " (expected " + std::string(expected) + ")");
}

od::document &DocumentReader::parse(const char *data, std::size_t size, std::size_t capacity)
{
    m_data = data;
    m_size = size;
    const auto error = m_parser.iterate(data, size, capacity).get(m_document);
    if (error)
        throw ImportError("'" + m_path + "' is not valid JSON: " + simdjson::error_message(error)
                          + " (expected a rocprofv3 results file)");
    return m_document;
}

void DocumentReader::read(const char *data, std::size_t size, std::size_t capacity)
{
    readEntries(parse(data, size, capacity), false);
    if (!m_deferred.empty())
        readEntries(parse(data, size, capacity), true);
    m_writer.finish();

    Diagnostics &d = m_builder.diagnostics();
    if (m_writer.apiCalls() == 0) {
        // Kernel-only traces (rocprofv3 --kernel-trace) have no calls to link to.
        m_builder.setLinkByCorrelation(false);
        d.addInformation("rocprof-no-api-calls", "the file has no HIP or HSA API records (rocprofv3 ran without "
                                                 "--hip-trace / --hsa-trace): GPU work has no launching call");
    }
    if (m_records == 0)
        d.note("rocprof-empty", "the file holds no trace records");
}

void DocumentReader::readEntries(od::document &document, bool deferredPass)
{
    od::object root;
    if (document.get_object().get(root))
        throw ImportError("'" + m_path + "' is JSON but not a rocprofv3 results file: expected an object with "
                          "\"rocprofiler-sdk-tool\"");
    bool found = false;
    for (auto field : root) {
        std::string_view key;
        od::value value;
        check(field.unescaped_key().get(key), "a key");
        check(field.value().get(value), "a value");
        if (key != "rocprofiler-sdk-tool")
            continue;
        found = true;
        od::array entries;
        if (const auto error = value.get_array().get(entries))
            fail(error, "\"rocprofiler-sdk-tool\" to be an array of process entries");
        std::size_t index = 0;
        for (auto element : entries) {
            od::value entry;
            check(element.get(entry), "a process entry");
            readEntry(entry, index++, deferredPass);
        }
    }
    if (!found)
        throw ImportError("'" + m_path + "' is JSON but not a rocprofv3 results file: it has no "
                          "\"rocprofiler-sdk-tool\" array");
}

void DocumentReader::readEntry(od::value value, std::size_t index, bool deferredPass)
{
    std::unique_ptr<Entry> owned;
    Entry *entry = nullptr;
    if (deferredPass) {
        const auto it = m_deferred.find(index);
        if (it == m_deferred.end())
            return; // read in the first pass
        entry = it->second.get();
        m_writer.beginProcess(entry->pid, entry->tables);
    } else {
        owned = std::make_unique<Entry>();
        entry = owned.get();
        entry->pid = static_cast<std::int64_t>(index); // until metadata says otherwise
    }
    od::object object;
    if (const auto error = value.get_object().get(object))
        fail(error, "each entry of \"rocprofiler-sdk-tool\" to be an object");
    bool deferRecords = false;
    for (auto field : object) {
        std::string_view key;
        od::value section;
        check(field.unescaped_key().get(key), "a key");
        check(field.value().get(section), "a value");
        if (deferredPass) {
            if (key == "buffer_records")
                readBufferRecords(section);
            continue;
        }
        if (key == "metadata")
            readMetadata(section, *entry);
        else if (key == "agents")
            check(readAgents(section, entry->tables), "the agent list");
        else if (key == "strings")
            check(readStrings(section, entry->tables, m_builder), "the string tables");
        else if (key == "kernel_symbols")
            check(readKernelSymbols(section, entry->tables), "the kernel symbols");
        else if (key == "callback_records")
            countSkipped("callback_records", section);
        else if (key == "buffer_records") {
            if (entry->haveMetadata && entry->tables.haveKinds && entry->tables.haveSymbols) {
                m_writer.beginProcess(entry->pid, entry->tables);
                readBufferRecords(section);
                m_writer.endProcess();
            } else {
                deferRecords = true;
            }
        }
    }
    if (deferredPass)
        m_writer.endProcess();
    else if (deferRecords)
        m_deferred.emplace(index, std::move(owned));
}

void DocumentReader::readMetadata(od::value value, Entry &entry)
{
    od::object object;
    if (value.get_object().get(object))
        return;
    entry.haveMetadata = true;
    std::string command;
    for (auto field : object) {
        std::string_view key;
        od::value inner;
        check(field.unescaped_key().get(key), "a key");
        check(field.value().get(inner), "a value");
        if (key == "pid") {
            std::int64_t pid = 0;
            if (!inner.get_int64().get(pid))
                entry.pid = pid;
        } else if (key == "command") {
            od::array words;
            if (inner.get_array().get(words))
                continue;
            for (auto word : words) {
                std::string_view text;
                const auto error = word.get_string().get(text);
                if (error && !isValueError(error))
                    fail(error, "the command's words");
                if (!error && command.size() < 256)
                    command += (command.empty() ? "" : " ") + std::string(text);
            }
        } else if (key == "node") {
            od::object node;
            if (inner.get_object().get(node))
                continue;
            for (auto nodeField : node) {
                std::string_view nodeKey, host;
                od::value nodeValue;
                check(nodeField.unescaped_key().get(nodeKey), "a key");
                check(nodeField.value().get(nodeValue), "a value");
                if (nodeKey == "hostname" && !nodeValue.get_string().get(host))
                    m_builder.source().metadata.emplace_back("host", std::string(host));
            }
        }
    }
    const std::int32_t process = m_builder.process(entry.pid);
    if (!command.empty()) {
        if (command.size() > 256) {
            command.resize(253); // in place: GCC 12 warns falsely on substr() + "..."
            command.append("...");
        }
        m_builder.processAt(process).name = m_builder.internName(command);
        m_builder.source().metadata.emplace_back("pid " + std::to_string(entry.pid), command);
    }
}

void DocumentReader::recordDone()
{
    if ((++m_records & 0xFFF) == 0) {
        if (m_control.isCancelled())
            throw ImportCancelled();
        const char *at = nullptr;
        if (!m_document.current_location().get(at) && at >= m_data && at <= m_data + m_size)
            m_control.progress(m_size + static_cast<std::uint64_t>(at - m_data), 2 * m_size);
    }
}

void DocumentReader::readBufferRecords(od::value value)
{
    od::object sections;
    if (const auto error = value.get_object().get(sections))
        fail(error, "\"buffer_records\" to be an object of record arrays");
    for (auto field : sections) {
        std::string_view key;
        od::value records;
        check(field.unescaped_key().get(key), "a key");
        check(field.value().get(records), "a value");
        const std::string sectionName(key); // the key's text is reused by the parser
        const RocprofSection section = rocprofSectionOf(sectionName);
        if (section == RocprofSection::Other) {
            countSkipped(sectionName, records);
            continue;
        }
        od::array array;
        if (const auto error = records.get_array().get(array)) {
            if (!isValueError(error))
                fail(error, "an array of records");
            m_writer.incomplete(sectionName, -1, "array of records");
            continue;
        }
        std::int64_t index = 0;
        for (auto element : array) {
            od::object object;
            const auto error = element.get_object().get(object);
            if (error && !isValueError(error))
                fail(error, "a record object");
            Record record;
            if (!error)
                check(readRecord(object, record), "a record");
            const std::string_view missing = error ? "its fields (not an object)" : rocprofMissing(section, record);
            if (!missing.empty()) {
                m_writer.incomplete(sectionName, index++, missing);
                recordDone();
                continue;
            }
            switch (section) {
            case RocprofSection::Kernel: m_writer.kernel(record, index); break;
            case RocprofSection::MemoryCopy: m_writer.memoryCopy(record, index); break;
            case RocprofSection::Api: m_writer.apiCall(record, index); break;
            case RocprofSection::Marker: m_writer.marker(record, index); break;
            case RocprofSection::Other: break;
            }
            ++index;
            recordDone();
        }
    }
}

void DocumentReader::countSkipped(std::string_view section, od::value value)
{
    // callback_records and unknown buffer kinds hold arrays (or objects of arrays).
    std::uint64_t count = 0;
    od::json_type type;
    check(value.type().get(type), "a value");
    if (type == od::json_type::array) {
        od::array array;
        check(value.get_array().get(array), "an array");
        std::size_t n = 0;
        check(array.count_elements().get(n), "an array");
        count = n;
    } else if (type == od::json_type::object) {
        od::object object;
        check(value.get_object().get(object), "an object");
        for (auto field : object) {
            od::value inner;
            od::array array;
            check(field.value().get(inner), "a value");
            std::size_t n = 0;
            if (!inner.get_array().get(array))
                check(array.count_elements().get(n), "an array");
            count += n;
        }
    }
    if (count)
        m_builder.diagnostics().add("rocprof-kind-skipped", "records of kinds Tracelane does not show were skipped",
                                    std::string(section) + ": " + std::to_string(count) + " records", count);
}

} // namespace tracelane::rocprof
