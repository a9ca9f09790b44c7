#include "trace_file_loop.h"

#include <algorithm>
#include <atomic>
#include <future>
#include <thread>
#ifdef __GLIBC__
#include <malloc.h>
#endif

namespace tracelane {

TraceFileLoop forEachTraceFile(const std::vector<std::string> &paths,
                               const std::function<void(std::size_t, const std::shared_ptr<const Trace> &)> &use,
                               const TraceFileObserver &observer, std::size_t parallelLoads)
{
    struct Slot
    {
        std::string error;
        std::vector<std::string> warnings;
    };
    std::vector<Slot> slots(paths.size());
    std::atomic<std::size_t> next{0};
    std::atomic<bool> cancelled{false};
    const auto isCancelled = [&] { return cancelled.load() || (observer.cancelled && observer.cancelled()); };
    const auto work = [&] {
        for (std::size_t i = next++; i < paths.size(); i = next++) {
            if (isCancelled()) {
                cancelled = true;
                return;
            }
            ImportControl *self = nullptr;
            ImportControl control([&, i](std::uint64_t done, std::uint64_t total) {
                if (observer.progress)
                    observer.progress(i, done, total);
                if (isCancelled())
                    self->cancel();
            });
            self = &control;
            ImportResult result = loadTrace(paths[i], control);
            if (result.cancelled || control.isCancelled()) {
                cancelled = true;
                return;
            }
            if (!result.ok()) {
                slots[i].error = result.error;
            } else {
                for (const Diagnostic &d : result.trace->diagnostics.entries())
                    if (d.code == "truncated-file" || d.code == "unterminated-array")
                        slots[i].warnings.push_back("'" + paths[i] + "': " + d.message);
                use(i, result.trace);
            }
            const bool released = result.trace && result.trace.use_count() == 1;
            result.trace.reset(); // released before the next file is taken, unless `use` kept it
#ifdef __GLIBC__
            // glibc keeps a freed trace in the loading thread's arena; give it
            // back, or every loader thread's arena holds a trace's worth at its peak.
            if (released)
                malloc_trim(0);
#endif
            if (observer.progress)
                observer.progress(i, 1, 1);
        }
    };
    const std::size_t workers =
        std::clamp<std::size_t>(std::min<std::size_t>(parallelLoads, std::thread::hardware_concurrency()), 1,
                                std::max<std::size_t>(paths.size(), 1));
    std::vector<std::future<void>> running;
    for (std::size_t w = 1; w < workers; ++w)
        running.push_back(std::async(std::launch::async, work));
    work();
    for (auto &worker : running)
        worker.get();

    TraceFileLoop loop;
    loop.cancelled = cancelled;
    for (std::size_t i = 0; i < paths.size(); ++i) {
        for (std::string &w : slots[i].warnings)
            loop.warnings.push_back(std::move(w));
        if (!slots[i].error.empty())
            loop.failures.push_back({paths[i], slots[i].error});
    }
    return loop;
}

} // namespace tracelane
