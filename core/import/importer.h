#pragma once
// One importer per input format. The registry picks one by sniffing the
// content (never the file name) and runs it; see loadTrace().

#include "import_control.h"
#include "model/trace_builder.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace tracelane {

// What detection may look at: the first bytes of the (decompressed) content,
// and for SQLite files the names of their tables.
struct ContentProbe
{
    std::string path;
    std::string head;       // up to 64 KiB, gunzipped if the file is gzip
    bool gzip = false;
    bool sqlite = false;
    std::vector<std::string> sqliteTables;
    // One rank of a file that merges several ("FILE#[TP01]", merged_ranks.h):
    // `path` is the file, this the rank's label. Empty: the whole file.
    std::string rankLabel;
    bool hasTable(std::string_view name) const;
};

class Importer
{
public:
    virtual ~Importer() = default;
    virtual std::string_view id() const = 0;          // "chrome-json"
    virtual std::string_view displayName() const = 0; // "Chrome / PyTorch profiler trace"
    // 0 = not this format; higher = more confident.
    virtual int sniff(const ContentProbe &probe) const = 0;
    // Fills the builder; throws ImportError or ImportCancelled.
    virtual void import(const ContentProbe &probe, TraceBuilder &builder, ImportControl &control) const = 0;
};

struct ImportResult
{
    std::shared_ptr<const Trace> trace;
    std::string error; // one line naming the file and what is wrong
    bool cancelled = false;
    bool ok() const { return trace != nullptr; }
};

ContentProbe probeFile(const std::string &path); // throws ImportError
const std::vector<std::unique_ptr<Importer>> &importers();
const Importer *detectImporter(const ContentProbe &probe);

// Probe, detect, import and finish; never throws.
ImportResult loadTrace(const std::string &path, ImportControl &control);
ImportResult loadTrace(const std::string &path);

} // namespace tracelane
