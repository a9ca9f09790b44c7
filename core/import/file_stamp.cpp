#include "file_stamp.h"

#include <sys/stat.h>

namespace tracelane {

std::optional<FileStamp> FileStamp::of(const std::string &path)
{
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0)
        return std::nullopt;
    FileStamp stamp;
    stamp.device = static_cast<std::uint64_t>(st.st_dev);
    stamp.inode = static_cast<std::uint64_t>(st.st_ino);
    stamp.size = static_cast<std::uint64_t>(st.st_size);
    stamp.modifiedNs = static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1'000'000'000 + st.st_mtim.tv_nsec;
    return stamp;
}

std::string describeChange(const std::string &path, const FileStamp &before, const std::optional<FileStamp> &now)
{
    if (now && *now == before)
        return {};
    std::string what;
    if (!now)
        what = "it was removed";
    else if (now->device != before.device || now->inode != before.inode)
        what = "it was replaced by another file";
    else if (now->size != before.size)
        what = "its size went from " + std::to_string(before.size) + " to " + std::to_string(now->size) + " bytes";
    else
        what = "it was rewritten";
    return "'" + path + "' changed while it was being read (" + what
           + "); load it again once whatever writes it has finished";
}

} // namespace tracelane
