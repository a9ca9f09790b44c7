#include "byte_source.h"

#include "import_error.h"

#include <cerrno>
#include <cstring>
#include <sys/stat.h>
#include <zlib.h>

namespace tracelane {

struct ByteSource::Inflater
{
    z_stream stream{};
    bool initialized = false;
    ~Inflater()
    {
        if (initialized)
            inflateEnd(&stream);
    }
};

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
        if (inflateInit2(&m_inflater->stream, 15 + 32) != Z_OK) // 32: detect gzip header
            throw ImportError("cannot read '" + path + "': zlib failed to initialise");
        m_inflater->initialized = true;
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

std::size_t ByteSource::readGzip(char *buffer, std::size_t capacity)
{
    z_stream &zs = m_inflater->stream;
    zs.next_out = reinterpret_cast<Bytef *>(buffer);
    zs.avail_out = static_cast<uInt>(capacity);
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
            zs.avail_in = static_cast<uInt>(n);
        }
        if (m_streamEnded) { // another gzip member follows
            if (inflateReset(&zs) != Z_OK)
                throw ImportError("cannot read '" + m_path + "': zlib reset failed");
            m_streamEnded = false;
        }
        const int rc = inflate(&zs, Z_NO_FLUSH);
        if (rc == Z_STREAM_END) {
            m_streamEnded = true;
            continue;
        }
        if (rc != Z_OK && rc != Z_BUF_ERROR)
            throw ImportError("'" + m_path + "' is not valid gzip data near byte "
                              + std::to_string(m_fileRead - zs.avail_in) + ": "
                              + (zs.msg ? zs.msg : "corrupt stream"));
    }
    return capacity - zs.avail_out;
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
