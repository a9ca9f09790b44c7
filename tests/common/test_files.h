#pragma once
// Files that tests write for an importer to read: plain bytes and gzip.

#include <QByteArray>
#include <QFile>
#include <QTemporaryDir>

#include <fstream>
#include <string>

#include <zlib.h>

namespace tracelane::test {

inline QString writeFile(const QTemporaryDir &dir, const QString &name, const QByteArray &content)
{
    const QString path = dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(content) != content.size())
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

inline void writeFile(const std::string &path, const std::string &text)
{
    std::ofstream(path, std::ios::binary) << text;
}

// A gzip member (what .json.gz traces hold), written with zlib's defaults.
inline QByteArray gzipped(const QByteArray &data)
{
    QByteArray out(qsizetype(compressBound(uLong(data.size())) + 64), '\0');
    z_stream zs{};
    deflateInit2(&zs, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
    zs.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(data.data()));
    zs.avail_in = uInt(data.size());
    zs.next_out = reinterpret_cast<Bytef *>(out.data());
    zs.avail_out = uInt(out.size());
    deflate(&zs, Z_FINISH);
    out.resize(qsizetype(zs.total_out));
    deflateEnd(&zs);
    return out;
}

// The content of a .gz file (or of a plain one: zlib reads it as it is).
inline QByteArray gunzipped(const QString &path)
{
    gzFile in = gzopen(path.toLocal8Bit().constData(), "rb");
    QByteArray text;
    if (!in)
        return text;
    char buffer[1 << 16];
    int n = 0;
    while ((n = gzread(in, buffer, sizeof buffer)) > 0)
        text.append(buffer, n);
    gzclose(in);
    return text;
}

} // namespace tracelane::test
