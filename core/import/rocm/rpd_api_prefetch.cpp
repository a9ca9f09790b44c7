#include "rpd_api_prefetch.h"

#include "import/import_error.h"
#include "import/nsys/sqlite_db.h"

#include <utility>

namespace tracelane::rocm {

RpdApiPrefetch::RpdApiPrefetch(std::string path, std::string sql, ImportControl &control) : m_control(control)
{
    m_thread = std::thread([this, path = std::move(path), sql = std::move(sql)] { run(path, sql); });
}

RpdApiPrefetch::~RpdApiPrefetch()
{
    m_stop.store(true);
    m_changed.notify_all();
    m_thread.join();
}

bool RpdApiPrefetch::push(RpdApiChunk &&chunk)
{
    std::unique_lock lock(m_mutex);
    m_changed.wait(lock, [this] { return m_queue.size() < kMaxQueued || m_stop.load(); });
    if (m_stop.load())
        return false;
    m_queue.push_back(std::move(chunk));
    m_changed.notify_all();
    return true;
}

void RpdApiPrefetch::run(const std::string &path, const std::string &sql)
{
    try {
        SqliteDb db(path);
        SqliteStatement q = db.prepare(sql, "table rocpd_api");
        RpdApiChunk chunk;
        chunk.rows.reserve(kChunkRows);
        while (q.step()) {
            RpdApiRow row;
            row.id = q.int64(0);
            row.pid = q.int64(1);
            row.tid = q.int64(2);
            row.start = q.int64(3);
            row.timed = !q.isNull(4);
            row.duration = q.int64(4);
            row.name = q.int64(5);
            row.hasArgsId = !q.isNull(6);
            row.argsId = q.int64(6);
            if (!q.isNull(7)) {
                const std::string_view text = q.text(7);
                row.hasArgsText = true;
                row.argsOffset = static_cast<std::uint32_t>(chunk.texts.size());
                row.argsLength = static_cast<std::uint32_t>(text.size());
                chunk.texts.append(text);
            }
            chunk.rows.push_back(row);
            // A chunk also ends at 16 MiB of text, so offsets stay small.
            if (chunk.rows.size() == kChunkRows || chunk.texts.size() > (16u << 20)) {
                if (m_control.isCancelled() || !push(std::move(chunk)))
                    break;
                chunk = RpdApiChunk();
                chunk.rows.reserve(kChunkRows);
            }
        }
        if (!chunk.rows.empty())
            push(std::move(chunk));
    } catch (...) {
        std::lock_guard lock(m_mutex);
        m_error = std::current_exception();
    }
    std::lock_guard lock(m_mutex);
    m_done = true;
    m_changed.notify_all();
}

std::optional<RpdApiChunk> RpdApiPrefetch::next(bool wait)
{
    std::unique_lock lock(m_mutex);
    if (wait)
        m_changed.wait(lock, [this] { return !m_queue.empty() || m_done; });
    if (!m_queue.empty()) {
        RpdApiChunk chunk = std::move(m_queue.front());
        m_queue.pop_front();
        m_changed.notify_all();
        return chunk;
    }
    if (m_done && m_error)
        std::rethrow_exception(std::exchange(m_error, nullptr));
    return std::nullopt;
}

} // namespace tracelane::rocm
