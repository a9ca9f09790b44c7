#include "rank_reduction.h"

#include "import/importer.h"

#include <algorithm>
#include <atomic>
#include <future>
#include <mutex>
#include <optional>
#include <thread>

namespace tracelane {

RankReduction reduceRankTrace(const Trace &trace, const std::string &path)
{
    RankReduction reduction;
    reduction.path = path;
    reduction.summary = rankFacts({path, &trace});
    reduction.collectives = collectiveFacts(trace, path);
    return reduction;
}

RankReductions reduceRankFiles(const std::vector<std::string> &paths, const RankReductionObserver &observer,
                               std::size_t parallelLoads)
{
    struct Slot
    {
        std::optional<RankReduction> reduction;
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
                slots[i].reduction = reduceRankTrace(*result.trace, paths[i]);
            }
            result.trace.reset(); // released before the next file is taken
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

    RankReductions out;
    out.cancelled = cancelled;
    for (std::size_t i = 0; i < paths.size(); ++i) {
        for (std::string &w : slots[i].warnings)
            out.warnings.push_back(std::move(w));
        if (slots[i].reduction)
            out.ranks.push_back(std::move(*slots[i].reduction));
        else if (!slots[i].error.empty())
            out.failures.push_back({paths[i], slots[i].error});
    }
    return out;
}

} // namespace tracelane
