#pragma once
// rocpd_api read on a second SQLite connection in a thread of its own, while
// the importer's thread reads rocpd_op: SQLite's stepping is most of an RPD
// import, and the two tables are independent. Rows come back in table order,
// in chunks; at most kMaxQueued chunks wait, so memory stays bounded however
// large the table. The model is only ever touched by the importer's thread.

#include "import/import_control.h"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace tracelane::rocm {

struct RpdApiRow
{
    std::int64_t id = 0, pid = 0, tid = 0, start = 0, duration = 0, name = 0, argsId = 0;
    std::uint32_t argsOffset = 0, argsLength = 0; // in RpdApiChunk::texts
    bool timed = false;    // start and end both present
    bool hasArgsId = false;
    bool hasArgsText = false;
};

struct RpdApiChunk
{
    std::vector<RpdApiRow> rows;
    std::string texts; // the args texts of the rows, back to back
};

class RpdApiPrefetch
{
public:
    // `sql` selects id, pid, tid, start, end - start, apiName_id, args_id and an
    // args text (or NULL), in that order.
    RpdApiPrefetch(std::string path, std::string sql, ImportControl &control);
    ~RpdApiPrefetch();
    RpdApiPrefetch(const RpdApiPrefetch &) = delete;
    RpdApiPrefetch &operator=(const RpdApiPrefetch &) = delete;

    // The next chunk: nullopt when none is ready (wait = false) or, with
    // wait = true, when the table is done. Rethrows what stopped the reader.
    std::optional<RpdApiChunk> next(bool wait);

private:
    static constexpr std::size_t kChunkRows = 4096;
    static constexpr std::size_t kMaxQueued = 32; // about 10 MB of rows

    void run(const std::string &path, const std::string &sql);
    bool push(RpdApiChunk &&chunk); // false: stop

    ImportControl &m_control;
    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::deque<RpdApiChunk> m_queue;
    bool m_done = false;
    std::exception_ptr m_error;
    std::atomic<bool> m_stop{false};
    std::thread m_thread;
};

} // namespace tracelane::rocm
