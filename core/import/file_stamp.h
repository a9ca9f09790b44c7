#pragma once
// What a file looked like when loading began: its identity, size and
// modification time. loadTrace() compares it with the file after the importer
// is done, so a trace still being written (or replaced, or cut) while it was
// read ends in a clear error instead of a model built from two versions of it.

#include <cstdint>
#include <optional>
#include <string>

namespace tracelane {

struct FileStamp
{
    std::uint64_t device = 0, inode = 0;
    std::uint64_t size = 0;
    std::int64_t modifiedNs = 0;

    static std::optional<FileStamp> of(const std::string &path); // nullopt if it cannot be read
    friend bool operator==(const FileStamp &, const FileStamp &) = default;
};

// "'path' changed while it was being read (N bytes before, M now)...", or empty
// if `now` is the same file as `before`.
std::string describeChange(const std::string &path, const FileStamp &before, const std::optional<FileStamp> &now);

} // namespace tracelane
