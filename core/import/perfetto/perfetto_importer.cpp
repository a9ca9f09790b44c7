#include "perfetto_importer.h"

#include "perfetto_fields.h"
#include "perfetto_packets.h"

#include "import/byte_source.h"
#include "import/import_error.h"

#include <cstring>
#include <vector>

namespace tracelane {
namespace {

constexpr std::size_t kPerfettoReadChunk = 4u << 20;
// A TracePacket is at most a few megabytes in practice (compressed ones under
// 512 KiB); a larger length is a damaged file, not a packet to buffer.
constexpr std::uint64_t kPerfettoMaxPacket = 512ull << 20;

// The tag and length in front of a top-level field; false when `data` ends
// within them.
bool pftraceHeader(std::string_view data, std::uint64_t &tag, std::uint64_t &length, std::size_t &headerBytes)
{
    std::string_view rest = data;
    auto varint = [&](std::uint64_t &out) {
        out = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (rest.empty())
                return false;
            const auto byte = static_cast<unsigned char>(rest.front());
            rest.remove_prefix(1);
            out |= static_cast<std::uint64_t>(byte & 0x7f) << shift;
            if (!(byte & 0x80))
                return true;
        }
        throw ImportError("a varint is longer than ten bytes");
    };
    if (!varint(tag))
        return false;
    if ((tag & 7) == 2 && !varint(length))
        return false;
    headerBytes = data.size() - rest.size();
    return true;
}

} // namespace

void PerfettoImporter::import(const ContentProbe &probe, TraceBuilder &builder, ImportControl &control) const
{
    ByteSource source(probe.path);
    source.setKeepTruncated(true);
    PerfettoPackets packets(builder);
    std::vector<char> buffer;
    std::size_t begin = 0, end = 0;   // unread bytes: buffer[begin, end)
    std::uint64_t bufferOffset = 0;   // file offset of buffer[0]
    bool eof = false;
    std::uint64_t sincePoll = 0;
    auto fail = [&](std::uint64_t offset, const std::string &what) {
        throw ImportError("'" + probe.path + "' byte " + std::to_string(offset) + ": " + what);
    };

    for (;;) {
        const std::string_view data(buffer.data() + begin, end - begin);
        std::uint64_t tag = 0, length = 0;
        std::size_t header = 0;
        bool complete = false;
        const std::uint64_t offset = bufferOffset + begin;
        try {
            complete = pftraceHeader(data, tag, length, header);
        } catch (const ImportError &e) {
            fail(offset, e.what());
        }
        if (complete) {
            const std::uint32_t wire = tag & 7;
            const std::uint64_t field = tag >> 3;
            if (wire == 2) {
                if (length > kPerfettoMaxPacket)
                    fail(offset, "a packet of " + std::to_string(length) + " bytes (expected a TracePacket)");
                complete = data.size() - header >= length;
            } else if (wire == 0 || wire == 1 || wire == 5) {
                // Not a packet: Trace has no other fields. Skip a number.
                length = wire == 1 ? 8 : wire == 5 ? 4 : 0;
                if (wire == 0) {
                    std::string_view rest = data.substr(header);
                    complete = false;
                    for (std::size_t i = 0; i < rest.size() && i < 10; ++i)
                        if (!(static_cast<unsigned char>(rest[i]) & 0x80)) {
                            length = i + 1;
                            complete = true;
                            break;
                        }
                    if (!complete && rest.size() >= 10)
                        fail(offset, "a varint is longer than ten bytes");
                } else {
                    complete = data.size() - header >= length;
                }
            } else {
                fail(offset, "an unknown wire type " + std::to_string(wire)
                                 + " (expected a TracePacket, field 1; is this a Perfetto trace?)");
            }
            if (complete) {
                const std::string_view payload = data.substr(header, length);
                try {
                    if (field == pftrace::kTracePacket && wire == 2)
                        packets.packet(payload, offset + header);
                    else
                        builder.diagnostics().add("perfetto-trace-field", "top-level fields other than packets (skipped)",
                                                  "byte " + std::to_string(offset));
                } catch (const ImportError &e) {
                    fail(offset, std::string("in the packet here: ") + e.what());
                }
                begin += header + length;
                if (++sincePoll == 4096) {
                    sincePoll = 0;
                    if (control.isCancelled())
                        throw ImportCancelled();
                    control.progress(source.fileBytesRead(), source.fileBytes());
                }
                continue;
            }
        }
        // Need more bytes: move what is left to the front, then read.
        if (eof) {
            if (begin != end) {
                builder.diagnostics().add("perfetto-truncated",
                                          "the file ends inside a packet: the last packet is left out",
                                          "byte " + std::to_string(offset));
            }
            break;
        }
        const std::size_t left = end - begin;
        if (begin > 0) {
            std::memmove(buffer.data(), buffer.data() + begin, left);
            bufferOffset += begin;
            begin = 0;
            end = left;
        }
        std::size_t want = kPerfettoReadChunk;
        if (complete == false && length > 0 && header > 0 && header + length > left)
            want = std::max<std::size_t>(want, header + length - left);
        if (buffer.size() < end + want)
            buffer.resize(end + want);
        const std::size_t got = source.read(buffer.data() + end, want);
        end += got;
        if (got == 0)
            eof = true;
    }
    if (!source.truncation().empty())
        builder.diagnostics().add("perfetto-gzip-truncated", source.truncation());
    if (packets.packetCount() == 0)
        throw ImportError("'" + probe.path + "' holds no Perfetto trace packets");
    packets.finish();
    control.progress(source.fileBytes(), source.fileBytes());
}

} // namespace tracelane
