#pragma once
// A std::streambuf that gzips what is written to it into a file, so a writer
// that streams to an std::ostream can produce .gz output without holding the
// whole text. Errors (open, write, deflate) are remembered, not thrown.

#include <cstdio>
#include <streambuf>
#include <string>
#include <vector>

struct z_stream_s;

namespace tracelane {

class GzipFileBuffer : public std::streambuf
{
public:
    explicit GzipFileBuffer(const std::string &path);
    ~GzipFileBuffer() override;
    GzipFileBuffer(const GzipFileBuffer &) = delete;
    GzipFileBuffer &operator=(const GzipFileBuffer &) = delete;

    bool isOpen() const { return m_file != nullptr; }
    // Writes the gzip trailer and closes the file; false if anything failed.
    bool finish();
    const std::string &error() const { return m_error; } // empty unless something failed

protected:
    int_type overflow(int_type c) override;
    std::streamsize xsputn(const char *data, std::streamsize size) override;
    int sync() override;

private:
    bool deflateInput(const char *data, std::size_t size, int flush);
    void fail(const std::string &what);

    std::FILE *m_file = nullptr;
    z_stream_s *m_zlib = nullptr;
    std::vector<char> m_in; // pending uncompressed bytes
    std::vector<unsigned char> m_out;
    std::string m_error;
    bool m_finished = false;
};

} // namespace tracelane
