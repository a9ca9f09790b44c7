#pragma once
// Reads a file in chunks, transparently gunzipping it (gzip detected by magic,
// concatenated members accepted). Progress is reported in bytes of the file on
// disk, so it is right for compressed input too.

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

namespace tracelane {

class ByteSource
{
public:
    explicit ByteSource(const std::string &path); // throws ImportError
    ~ByteSource();
    ByteSource(const ByteSource &) = delete;
    ByteSource &operator=(const ByteSource &) = delete;

    // Reads up to `capacity` decompressed bytes; returns 0 at the end. Throws
    // ImportError on a read error or corrupt gzip data.
    std::size_t read(char *buffer, std::size_t capacity);

    // A gzip stream that stops before its end (a writer that crashed) then
    // ends the data instead of throwing; truncation() says where it stopped.
    void setKeepTruncated(bool keep) { m_keepTruncated = keep; }
    const std::string &truncation() const { return m_truncation; }

    bool isGzip() const { return m_gzip; }
    std::uint64_t fileBytes() const { return m_fileBytes; }
    std::uint64_t fileBytesRead() const { return m_fileRead; }
    // Of those, what inflating has used (the rest waits in the input buffer):
    // with bytesProduced() the compression ratio so far.
    std::uint64_t fileBytesInflated() const;
    std::uint64_t bytesProduced() const { return m_produced; } // decompressed offset
    const std::string &path() const { return m_path; }

private:
    std::size_t readRaw(char *buffer, std::size_t capacity);
    std::size_t readGzip(char *buffer, std::size_t capacity);

    std::string m_path;
    std::FILE *m_file = nullptr;
    bool m_gzip = false;
    bool m_streamEnded = false;
    bool m_keepTruncated = false;
    std::string m_truncation; // empty unless the data stopped early
    std::uint64_t m_fileBytes = 0;
    std::uint64_t m_fileRead = 0;
    std::uint64_t m_produced = 0;
    struct Inflater;
    std::unique_ptr<Inflater> m_inflater;
    std::vector<unsigned char> m_compressed;
};

// Reads the whole (decompressed) content of a file, up to `limit` bytes.
std::string readHead(const std::string &path, std::size_t limit, bool *isGzip = nullptr);

} // namespace tracelane
