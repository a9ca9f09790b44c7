#include "rank_reduction.h"

#include "import/importer.h"

#include <algorithm>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <atomic>
#include <future>
#include <mutex>
#include <optional>
#include <thread>

namespace tracelane {

RankReduction reduceRankTrace(const Trace &trace, const std::string &path, RankReductionContent content)
{
    RankReduction reduction;
    reduction.path = path;
    reduction.summary = rankFacts({path, &trace});
    reduction.collectives = collectiveFacts(trace, path);
    if (content.hta)
        reduction.hta = htaStragglerFacts(trace, std::nullopt);
    return reduction;
}

TraceFileLoop forEachTraceFile(const std::vector<std::string> &paths,
                               const std::function<void(std::size_t, const Trace &)> &reduce,
                               const RankReductionObserver &observer, std::size_t parallelLoads)
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
                reduce(i, *result.trace);
            }
            result.trace.reset(); // released before the next file is taken
#ifdef __GLIBC__
            // glibc keeps a freed trace in the loading thread's arena; give it
            // back, or every loader thread's arena holds a trace's worth at its peak.
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

RankReductions reduceRankFiles(const std::vector<std::string> &paths, const RankReductionObserver &observer,
                               std::size_t parallelLoads, RankReductionContent content)
{
    std::vector<std::optional<RankReduction>> slots(paths.size());
    TraceFileLoop loop = forEachTraceFile(
        paths, [&](std::size_t i, const Trace &trace) { slots[i] = reduceRankTrace(trace, paths[i], content); }, observer,
        parallelLoads);
    RankReductions out;
    out.cancelled = loop.cancelled;
    out.failures = std::move(loop.failures);
    out.warnings = std::move(loop.warnings);
    for (std::optional<RankReduction> &slot : slots)
        if (slot)
            out.ranks.push_back(std::move(*slot));
    return out;
}

} // namespace tracelane
