#pragma once
// A table of an RPD file read on a second SQLite connection, in a thread of
// its own, while the importer's thread reads the others: SQLite's stepping is
// most of an RPD import, and rocpd_op and rocpd_api are independent. Rows come
// back in table order, in chunks; at most kMaxQueued chunks wait, so memory
// stays bounded however large the table. The model is only ever touched by the
// importer's thread.

#include "import/import_control.h"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace tracelane::rocm {

// One row: up to kRpdIntColumns integer columns, then optionally one text column.
constexpr int kRpdIntColumns = 7;

struct RpdRawRow
{
    std::int64_t value[kRpdIntColumns] = {};
    std::uint32_t nulls = 0; // bit i: integer column i is NULL; bit kRpdIntColumns: the text is
    std::uint32_t textOffset = 0, textLength = 0; // in RpdRowChunk::texts
    bool isNull(int column) const { return (nulls >> column) & 1u; }
};

struct RpdRowChunk
{
    std::vector<RpdRawRow> rows;
    std::string texts; // the rows' texts, back to back
    std::string_view text(const RpdRawRow &row) const
    {
        return std::string_view(texts).substr(row.textOffset, row.textLength);
    }
};

class RpdRowPrefetch
{
public:
    // `sql` selects kRpdIntColumns integers and, when `withText`, one text after them.
    RpdRowPrefetch(std::string path, std::string sql, std::string what, bool withText, ImportControl &control);
    ~RpdRowPrefetch();
    RpdRowPrefetch(const RpdRowPrefetch &) = delete;
    RpdRowPrefetch &operator=(const RpdRowPrefetch &) = delete;

    // The next chunk: nullopt when none is ready (wait = false) or, with
    // wait = true, when the table is done. Rethrows what stopped the reader.
    std::optional<RpdRowChunk> next(bool wait);

private:
    static constexpr std::size_t kChunkRows = 4096;
    static constexpr std::size_t kMaxQueued = 32; // about 10 MB of rows

    void run(const std::string &path, const std::string &sql, const std::string &what, bool withText);
    bool push(RpdRowChunk &&chunk); // false: stop

    ImportControl &m_control;
    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::deque<RpdRowChunk> m_queue;
    bool m_done = false;
    std::exception_ptr m_error;
    std::atomic<bool> m_stop{false};
    std::thread m_thread;
};

} // namespace tracelane::rocm
