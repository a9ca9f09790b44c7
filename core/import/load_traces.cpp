#include "load_traces.h"

#include <algorithm>
#include <atomic>
#include <future>
#include <thread>

namespace tracelane {

std::vector<ImportResult> loadTraces(const std::vector<std::string> &paths)
{
    // A few loads at a time, not one per file: each load already parses on
    // several threads, and holds its file's transient buffers until done, so
    // 128 rank traces at once would only add peak memory.
    const std::size_t workers =
        std::min<std::size_t>(paths.size(), std::max(2u, std::thread::hardware_concurrency() / 2));
    std::vector<ImportResult> results(paths.size());
    std::atomic<std::size_t> next{0};
    std::vector<std::future<void>> running;
    running.reserve(workers);
    for (std::size_t w = 0; w < workers; ++w)
        running.push_back(std::async(std::launch::async, [&] {
            for (std::size_t i = next++; i < paths.size(); i = next++)
                results[i] = loadTrace(paths[i]); // never throws
        }));
    for (auto &worker : running)
        worker.get();
    return results;
}

} // namespace tracelane
