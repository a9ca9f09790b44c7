#include "dvdt_importer.h"

#include "dvdt_mapper.h"

#include "import/byte_source.h"
#include "import/import_error.h"
#include "import/json_depth.h"

#include <nlohmann/json.hpp>

namespace tracelane {
namespace {

std::string_view skipSpace(std::string_view text)
{
    const std::size_t first = text.find_first_not_of(" \t\r\n");
    return first == std::string_view::npos ? std::string_view() : text.substr(first);
}

} // namespace

int DvdtImporter::sniff(const ContentProbe &probe) const
{
    if (probe.sqlite)
        return 0;
    const std::string_view head = skipSpace(probe.head);
    if (head.empty() || head[0] != '[' || skipSpace(head.substr(1)).substr(0, 1) != "{")
        return 0;
    // The first record names an OpenCL call ("call": "cl...") and has a
    // "timestamp". Chrome traces in an array claim 80 only when they have "ph".
    const std::size_t call = head.find("\"call\"");
    if (call == std::string_view::npos)
        return 0;
    std::string_view value = skipSpace(head.substr(call + 6));
    if (value.empty() || value[0] != ':')
        return 0;
    value = skipSpace(value.substr(1));
    const bool openclCall = value.substr(0, 3) == "\"cl";
    return openclCall && head.find("\"timestamp\"") != std::string_view::npos ? 85 : 0;
}

void DvdtImporter::import(const ContentProbe &probe, TraceBuilder &builder, ImportControl &control) const
{
    ByteSource source(probe.path);
    std::string text;
    char buffer[1 << 16];
    while (const std::size_t n = source.read(buffer, sizeof(buffer))) {
        text.append(buffer, n);
        if (text.size() > kMaxBytes)
            throw ImportError("'" + probe.path + "' is larger than " + std::to_string(kMaxBytes >> 20)
                              + " MiB; dv/dt OpenCL traces are read whole and this one is too large");
        if (control.isCancelled())
            throw ImportCancelled();
        control.progress(source.fileBytesRead(), source.fileBytes());
    }
    // dv/dt records are four levels deep; the DOM and dump() of args would
    // grow with the square of the file or recurse past the stack on deep text.
    if (const auto deep = firstBracketDeeperThan(text, kMaxDepth))
        throw ImportError("'" + probe.path + "' nests JSON deeper than " + std::to_string(kMaxDepth)
                          + " levels at byte " + std::to_string(*deep)
                          + " (a dv/dt prof trace is an array of flat call records)");
    nlohmann::json records;
    try {
        records = nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error &e) {
        throw ImportError("'" + probe.path + "' is not valid JSON at byte " + std::to_string(e.byte)
                          + " (expected a dv/dt prof array of OpenCL calls)");
    }
    std::string().swap(text);
    if (!records.is_array())
        throw ImportError("'" + probe.path + "' is JSON but not a dv/dt prof trace: expected an array of OpenCL call "
                          "records");
    opencl::DvdtMapper mapper(builder);
    std::size_t index = 0;
    for (const nlohmann::json &record : records) {
        mapper.add(record, index++);
        if ((index & 0x3FF) == 0 && control.isCancelled())
            throw ImportCancelled();
    }
    mapper.finish();
}

} // namespace tracelane
