#include "load_traces.h"

#include <future>

namespace tracelane {

std::vector<ImportResult> loadTraces(const std::vector<std::string> &paths)
{
    std::vector<std::future<ImportResult>> pending;
    pending.reserve(paths.size());
    for (const std::string &path : paths)
        pending.push_back(std::async(std::launch::async, [path] { return loadTrace(path); }));
    std::vector<ImportResult> results;
    results.reserve(paths.size());
    for (auto &future : pending)
        results.push_back(future.get()); // loadTrace never throws
    return results;
}

} // namespace tracelane
