#pragma once
// Progress and cancellation shared between an importer (worker thread) and its caller.

#include <atomic>
#include <cstdint>
#include <functional>

namespace tracelane {

class ImportControl
{
public:
    using ProgressFn = std::function<void(std::uint64_t done, std::uint64_t total)>;

    ImportControl() = default;
    explicit ImportControl(ProgressFn progress) : m_progress(std::move(progress)) {}

    void cancel() { m_cancelled.store(true, std::memory_order_relaxed); }
    bool isCancelled() const { return m_cancelled.load(std::memory_order_relaxed); }

    // Called often by importers; forwards at most every 1/256 of the total.
    void progress(std::uint64_t done, std::uint64_t total)
    {
        if (!m_progress)
            return;
        const std::uint64_t step = total / 256 + 1;
        if (done < m_lastReported + step && done != total)
            return;
        m_lastReported = done;
        m_progress(done, total);
    }

private:
    std::atomic<bool> m_cancelled{false};
    ProgressFn m_progress;
    std::uint64_t m_lastReported = 0;
};

} // namespace tracelane
