#include "byte_source.h"

#include "import_error.h"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdint>
#include <cstring>
#include <sys/stat.h>
#include <isa-l/igzip_lib.h>

namespace tracelane {

// ISA-L's inflate: streaming like zlib's, and about ten times as fast here
// (565 MB of trace text in 0.15 s against zlib's 1.6 s), which is what lets a
// .json.gz load about as fast as its plain file.
struct ByteSource::Inflater
{
    inflate_state state{};

    void start()
    {
        isal_inflate_init(&state);
        state.crc_flag = ISAL_GZIP; // parse the gzip header, check the trailer's CRC
    }
    bool memberEnded() const { return state.block_state == ISAL_BLOCK_FINISH; }
};

namespace {

const char *inflateError(int rc)
{
    switch (rc) {
    case ISAL_INVALID_BLOCK: return "invalid deflate block";
    case ISAL_INVALID_SYMBOL: return "invalid deflate symbol";
    case ISAL_INVALID_LOOKBACK: return "invalid distance too far back";
    case ISAL_INVALID_WRAPPER: return "invalid gzip header";
    case ISAL_UNSUPPORTED_METHOD: return "unsupported compression method";
    case ISAL_INCORRECT_CHECKSUM: return "incorrect data check";
    default: return "corrupt stream";
    }
}

} // namespace

ByteSource::ByteSource(const std::string &path)
    : m_path(path)
{
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0)
        throw ImportError("cannot open '" + path + "': " + std::strerror(errno));
    if (S_ISDIR(st.st_mode))
        throw ImportError("cannot open '" + path + "': it is a directory");
    m_file = std::fopen(path.c_str(), "rb");
    if (!m_file)
        throw ImportError("cannot open '" + path + "': " + std::strerror(errno));
    m_fileBytes = static_cast<std::uint64_t>(st.st_size);

    unsigned char magic[2] = {0, 0};
    const std::size_t got = std::fread(magic, 1, 2, m_file);
    m_gzip = got == 2 && magic[0] == 0x1f && magic[1] == 0x8b;
    std::rewind(m_file);
    if (m_gzip) {
        m_inflater = std::make_unique<Inflater>();
        m_inflater->start();
        m_compressed.resize(1 << 18);
    }
}

ByteSource::~ByteSource()
{
    if (m_file)
        std::fclose(m_file);
}

std::size_t ByteSource::read(char *buffer, std::size_t capacity)
{
    const std::size_t n = m_gzip ? readGzip(buffer, capacity) : readRaw(buffer, capacity);
    m_produced += n;
    return n;
}

std::size_t ByteSource::readRaw(char *buffer, std::size_t capacity)
{
    const std::size_t n = std::fread(buffer, 1, capacity, m_file);
    if (n == 0 && std::ferror(m_file))
        throw ImportError("cannot read '" + m_path + "': " + std::strerror(errno));
    m_fileRead += n;
    return n;
}

std::uint64_t ByteSource::fileBytesInflated() const
{
    return m_gzip && m_inflater ? m_fileRead - m_inflater->state.avail_in : m_fileRead;
}

std::size_t ByteSource::readGzip(char *buffer, std::size_t capacity)
{
    inflate_state &zs = m_inflater->state;
    zs.next_out = reinterpret_cast<std::uint8_t *>(buffer);
    zs.avail_out = static_cast<std::uint32_t>(std::min<std::size_t>(capacity, UINT32_MAX));
    const std::uint32_t wanted = zs.avail_out;
    while (zs.avail_out > 0) {
        if (zs.avail_in == 0) {
            const std::size_t n = std::fread(m_compressed.data(), 1, m_compressed.size(), m_file);
            if (n == 0) {
                if (std::ferror(m_file))
                    throw ImportError("cannot read '" + m_path + "': " + std::strerror(errno));
                if (!m_streamEnded) {
                    const std::string where = "the gzip data stops at byte " + std::to_string(m_fileRead)
                                              + " of the file, before its end";
                    if (!m_keepTruncated)
                        throw ImportError("'" + m_path + "' is a truncated gzip file (" + where + ")");
                    m_truncation = where;
                }
                break;
            }
            m_fileRead += n;
            zs.next_in = m_compressed.data();
            zs.avail_in = static_cast<std::uint32_t>(n);
        }
        if (m_streamEnded) { // another gzip member follows
            std::uint8_t *nextIn = zs.next_in;
            const std::uint32_t availIn = zs.avail_in;
            std::uint8_t *nextOut = zs.next_out;
            const std::uint32_t availOut = zs.avail_out;
            m_inflater->start();
            zs.next_in = nextIn;
            zs.avail_in = availIn;
            zs.next_out = nextOut;
            zs.avail_out = availOut;
            m_streamEnded = false;
        }
        const std::uint32_t inBefore = zs.avail_in, outBefore = zs.avail_out;
        const int rc = isal_inflate(&zs);
        if (rc < 0)
            throw ImportError("'" + m_path + "' is not valid gzip data near byte "
                              + std::to_string(m_fileRead - zs.avail_in) + ": " + inflateError(rc));
        if (m_inflater->memberEnded()) {
            m_streamEnded = true;
            continue;
        }
        if (zs.avail_in == inBefore && zs.avail_out == outBefore && zs.avail_in > 0)
            throw ImportError("'" + m_path + "' is not valid gzip data near byte "
                              + std::to_string(m_fileRead - zs.avail_in) + ": no progress");
    }
    return wanted - zs.avail_out;
}

std::string readHead(const std::string &path, std::size_t limit, bool *isGzip)
{
    ByteSource source(path);
    if (isGzip)
        *isGzip = source.isGzip();
    std::string head(limit, '\0');
    std::size_t filled = 0;
    try {
        while (filled < limit) {
            const std::size_t n = source.read(head.data() + filled, limit - filled);
            if (n == 0)
                break;
            filled += n;
        }
    } catch (const ImportError &) {
        if (filled == 0) // a short gzip file may still be sniffed from what inflated
            throw;
    }
    head.resize(filled);
    return head;
}

} // namespace tracelane
