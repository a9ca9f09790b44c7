#include "xplane_importer.h"

#include "xplane_reader.h"
#include "xplane_sniff.h"

#include "import/byte_source.h"
#include "import/import_error.h"

namespace tracelane {
namespace {

std::string xplaneReadWhole(const std::string &path, ImportControl &control)
{
    ByteSource source(path);
    std::string data;
    data.reserve(source.isGzip() ? 0 : source.fileBytes());
    char buffer[1 << 16];
    while (const std::size_t n = source.read(buffer, sizeof(buffer))) {
        data.append(buffer, n);
        if (data.size() > XplaneImporter::kMaxBytes)
            throw ImportError("'" + path + "' is larger than " + std::to_string(XplaneImporter::kMaxBytes >> 30)
                              + " GiB; XSpace files are decoded whole and this one is too large");
        if (control.isCancelled())
            throw ImportCancelled();
    }
    return data;
}

} // namespace

int XplaneImporter::sniff(const ContentProbe &probe) const
{
    return !probe.sqlite && xplane::looksLikeXSpace(probe.head) ? 80 : 0;
}

void XplaneImporter::import(const ContentProbe &probe, TraceBuilder &builder, ImportControl &control) const
{
    const std::string data = xplaneReadWhole(probe.path, control);
    try {
        xplane::readXSpace(data, probe.path, builder, control);
    } catch (const ImportError &e) {
        const std::string what = e.what();
        if (what.starts_with("'"))
            throw;
        throw ImportError("'" + probe.path + "' is not a readable XSpace (.xplane.pb): " + what);
    }
}

} // namespace tracelane
