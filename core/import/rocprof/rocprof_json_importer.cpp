#include "rocprof_json_importer.h"

#include "rocprof_json_reader.h"

#include "import/byte_source.h"
#include "import/import_error.h"

#include <simdjson.h>

#include <algorithm>
#include <memory>

namespace tracelane {
namespace {

std::string_view rocprofSkipSpace(std::string_view text)
{
    const std::size_t first = text.find_first_not_of(" \t\r\n");
    return first == std::string_view::npos ? std::string_view() : text.substr(first);
}

// The whole (gunzipped) file, followed by the padding simdjson may read past the end.
struct RocprofText
{
    std::unique_ptr<char[]> bytes;
    std::size_t size = 0, capacity = 0;
};

RocprofText rocprofReadAll(const std::string &path, ImportControl &control)
{
    ByteSource source(path);
    RocprofText text;
    // A plain file's size is known. For gzip, a first MiB tells the compression
    // ratio, and the buffer is sized from it once instead of doubling (and copying).
    std::size_t want = source.isGzip() ? std::size_t(1) << 20 : source.fileBytes() + 1;
    for (;;) {
        if (text.capacity < want + simdjson::SIMDJSON_PADDING) {
            // Not zeroed: every byte up to the padding is written before it is read.
            auto grown = std::make_unique_for_overwrite<char[]>(want + simdjson::SIMDJSON_PADDING);
            std::copy_n(text.bytes.get(), text.size, grown.get());
            text.bytes = std::move(grown);
            text.capacity = want + simdjson::SIMDJSON_PADDING;
        }
        const std::size_t n = source.read(text.bytes.get() + text.size, want - text.size);
        if (n == 0)
            break;
        text.size += n;
        if (text.size > RocprofJsonImporter::kMaxBytes)
            throw ImportError("'" + path + "' holds more than 4 GiB of JSON, more than Tracelane can index in one "
                              "piece; split the run with rocprofv3's --collection-period or per-process output");
        if (source.isGzip()) {
            const std::uint64_t inflated = std::max<std::uint64_t>(source.fileBytesInflated(), 1);
            const std::uint64_t estimate = source.fileBytes() * source.bytesProduced() / inflated;
            if (estimate + (1 << 20) > want)
                want = std::min<std::uint64_t>(estimate + estimate / 8 + (1 << 20), RocprofJsonImporter::kMaxBytes + 1);
        }
        if (text.size == want)
            want *= 2;
        if (control.isCancelled())
            throw ImportCancelled();
        // Reading is the first half of the work; parsing is the second.
        control.progress(source.fileBytesRead(), 2 * source.fileBytes());
    }
    std::fill_n(text.bytes.get() + text.size, simdjson::SIMDJSON_PADDING, '\0');
    return text;
}

} // namespace

int RocprofJsonImporter::sniff(const ContentProbe &probe) const
{
    if (probe.sqlite)
        return 0;
    std::string_view head = rocprofSkipSpace(probe.head);
    if (head.empty() || head[0] != '{')
        return 0;
    head = rocprofSkipSpace(head.substr(1));
    // Above the Chrome importer's 90 for any JSON object with "traceEvents".
    return head.starts_with("\"rocprofiler-sdk-tool\"") ? 95 : 0;
}

void RocprofJsonImporter::import(const ContentProbe &probe, TraceBuilder &builder, ImportControl &control) const
{
    const RocprofText text = rocprofReadAll(probe.path, control);
    if (rocprofSkipSpace(std::string_view(text.bytes.get(), text.size)).empty())
        throw ImportError("'" + probe.path + "' is empty");
    builder.setApiLaneName("HIP / HSA API");
    rocprof::DocumentReader(builder, control, probe.path).read(text.bytes.get(), text.size, text.capacity);
}

} // namespace tracelane
