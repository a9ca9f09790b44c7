// Fuzz target: Chrome trace JSON (PyTorch profiler / Kineto, legacy autograd).
// Each input is loaded twice: as it is (gzip inputs are gunzipped by the same
// ByteSource a user's .json.gz goes through), and gzip-compressed with tiny
// chunks and two parser threads, so that chunk boundaries fall inside every
// input. Both loads must agree: the model may not depend on how the file was
// compressed or cut.
#include "fuzz_input.h"

#include <cstdio>
#include <cstdlib>
#include <string>
#include <zlib.h>

namespace {

std::string gzip(const std::uint8_t *data, std::size_t size)
{
    z_stream z{};
    if (deflateInit2(&z, 1, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        std::abort();
    std::string out(deflateBound(&z, size), '\0');
    z.next_in = const_cast<Bytef *>(data);
    z.avail_in = static_cast<uInt>(size);
    z.next_out = reinterpret_cast<Bytef *>(out.data());
    z.avail_out = static_cast<uInt>(out.size());
    if (deflate(&z, Z_FINISH) != Z_STREAM_END)
        std::abort();
    out.resize(z.total_out);
    deflateEnd(&z);
    return out;
}

std::string describe(const tracelane::fuzz::Loaded &l)
{
    if (!l.trace)
        return "error: " + l.error;
    return std::to_string(l.trace->eventCount()) + " events, " + std::to_string(l.trace->tracks.size())
           + " tracks, " + std::to_string(l.trace->flows.size()) + " flows";
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace tracelane::fuzz;
    setenv("TRACELANE_IMPORT_THREADS", "1", 1);
    unsetenv("TRACELANE_CHROME_CHUNK_BYTES");
    const Loaded plain = loadAs(writeInput(data, size, ".json"), "chrome-json");
    if (!plain.claimed)
        return -1;
    if (plain.trace)
        checkModel(*plain.trace);
    if (size >= 2 && data[0] == 0x1f && data[1] == 0x8b)
        return 0; // already gzip: the first load took the gzip path

    const std::string packed = gzip(data, size);
    setenv("TRACELANE_IMPORT_THREADS", "2", 1);
    setenv("TRACELANE_CHROME_CHUNK_BYTES", std::to_string(16 + size % 97).c_str(), 1);
    const Loaded cut = loadAs(writeInput(reinterpret_cast<const std::uint8_t *>(packed.data()), packed.size(),
                                         ".json.gz"),
                              "chrome-json");
    if (cut.trace)
        checkModel(*cut.trace);
    // Error messages may name different offsets; what loads must be the same.
    if (cut.claimed != plain.claimed || (cut.trace != nullptr) != (plain.trace != nullptr)
        || (plain.trace && describe(plain) != describe(cut))) {
        std::fprintf(stderr, "plain and gzip/chunked loads differ:\n  plain: %s\n  gzip:  %s\n",
                     describe(plain).c_str(), describe(cut).c_str());
        std::abort();
    }
    return 0;
}
