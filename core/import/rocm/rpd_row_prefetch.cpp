#include "rpd_row_prefetch.h"

#include "import/nsys/sqlite_db.h"

#include <utility>

namespace tracelane::rocm {

RpdRowPrefetch::RpdRowPrefetch(std::string path, std::string sql, std::string what, bool withText,
                               ImportControl &control)
    : m_control(control)
{
    m_thread = std::thread([this, path = std::move(path), sql = std::move(sql), what = std::move(what), withText] {
        run(path, sql, what, withText);
    });
}

RpdRowPrefetch::~RpdRowPrefetch()
{
    m_stop.store(true);
    m_changed.notify_all();
    m_thread.join();
}

bool RpdRowPrefetch::push(RpdRowChunk &&chunk)
{
    std::unique_lock lock(m_mutex);
    m_changed.wait(lock, [this] { return m_queue.size() < kMaxQueued || m_stop.load(); });
    if (m_stop.load())
        return false;
    m_queue.push_back(std::move(chunk));
    m_changed.notify_all();
    return true;
}

void RpdRowPrefetch::run(const std::string &path, const std::string &sql, const std::string &what, bool withText)
{
    try {
        SqliteDb db(path);
        SqliteStatement q = db.prepare(sql, what);
        RpdRowChunk chunk;
        chunk.rows.reserve(kChunkRows);
        while (q.step()) {
            RpdRawRow row;
            for (int i = 0; i < kRpdIntColumns; ++i) {
                row.value[i] = q.int64(i);
                if (q.isNull(i))
                    row.nulls |= 1u << i;
            }
            if (!withText || q.isNull(kRpdIntColumns)) {
                row.nulls |= 1u << kRpdIntColumns;
            } else {
                const std::string_view text = q.text(kRpdIntColumns);
                row.textOffset = static_cast<std::uint32_t>(chunk.texts.size());
                row.textLength = static_cast<std::uint32_t>(text.size());
                chunk.texts.append(text);
            }
            chunk.rows.push_back(row);
            // A chunk also ends at 16 MiB of text, so offsets stay small.
            if (chunk.rows.size() == kChunkRows || chunk.texts.size() > (16u << 20)) {
                if (m_control.isCancelled() || !push(std::move(chunk)))
                    break;
                chunk = RpdRowChunk();
                chunk.rows.reserve(kChunkRows);
            }
        }
        if (!chunk.rows.empty() && !m_control.isCancelled())
            push(std::move(chunk));
    } catch (...) {
        std::lock_guard lock(m_mutex);
        m_error = std::current_exception();
    }
    std::lock_guard lock(m_mutex);
    m_done = true;
    m_changed.notify_all();
}

std::optional<RpdRowChunk> RpdRowPrefetch::next(bool wait)
{
    std::unique_lock lock(m_mutex);
    if (wait)
        m_changed.wait(lock, [this] { return !m_queue.empty() || m_done; });
    if (!m_queue.empty()) {
        RpdRowChunk chunk = std::move(m_queue.front());
        m_queue.pop_front();
        m_changed.notify_all();
        return chunk;
    }
    if (m_done && m_error)
        std::rethrow_exception(std::exchange(m_error, nullptr));
    return std::nullopt;
}

} // namespace tracelane::rocm
