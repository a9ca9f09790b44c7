// Adversarial shapes benchmark: the worst input shapes for Tracelane's
// per-event steps (tests/common/adversarial_traces.h), each at 10 k, 100 k and
// 1 M events, timed end to end. Prints the wall and CPU time per event of
// each: a figure that grows with the size means a step went quadratic again.
//   bench_adversarial [DIR] [--max N]
// DIR (default: the temp folder) holds the generated files while they are timed.
#include "adversarial_traces.h"

#include "analysis/ranges/range_projection.h"
#include "import/importer.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

using namespace tracelane;

namespace {

using Clock = std::chrono::steady_clock;

struct Timing
{
    double wall = 0.0;
    double cpu = 0.0; // every thread of the process: stable on a loaded machine
};

Timing timed(const std::function<void()> &work)
{
    const auto start = Clock::now();
    const std::clock_t cpuStart = std::clock();
    work();
    return {std::chrono::duration<double>(Clock::now() - start).count(),
            double(std::clock() - cpuStart) / CLOCKS_PER_SEC};
}

void loadOrDie(const std::string &path)
{
    const ImportResult result = loadTrace(path);
    if (!result.ok()) {
        std::fprintf(stderr, "bench_adversarial: %s\n", result.error.c_str());
        std::exit(3);
    }
}

// Nsight Systems JSON whose n kernels each name a string id a thousand apart:
// a string table sized by the largest id would take ~32 kB per kernel.
void writeSparseStringIds(const std::string &path, std::size_t n)
{
    std::ofstream out(path, std::ios::binary);
    for (std::size_t i = 0; i < n; ++i) {
        out << R"({"type":"String","id":)" << 1000 * i + 7 << R"(,"value":"kernel_)" << i << "\"}\n";
        out << R"({"Type":79,"CudaEvent":{"startNs":")" << 100 * i << R"(","endNs":")" << 100 * i + 50
            << R"(","correlationId":0,"deviceId":0,"streamId":"7","kernel":{"demangledName":")" << 1000 * i + 7
            << R"(","shortName":")" << 1000 * i + 7 << "\"}}}\n";
    }
}

struct Shape
{
    const char *name;
    const char *what; // what is timed
    // Writes the input for n events (not timed) and returns the timed step.
    std::function<std::function<void()>(const std::string &dir, std::size_t n)> prepare;
};

} // namespace

int main(int argc, char **argv)
{
    std::string dir = std::filesystem::temp_directory_path().string();
    std::size_t maxEvents = 1'000'000;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--max") && i + 1 < argc)
            maxEvents = std::stoul(argv[++i]);
        else
            dir = argv[i];
    }
    auto file = [&](const char *stem, std::size_t n) { return dir + "/bench_adversarial_" + stem + "_" + std::to_string(n); };
    const std::vector<Shape> shapes = {
        {"flows-at-end-of-long-slice", "load (Chrome JSON)",
         [&](const std::string &, std::size_t n) {
             const std::string path = file("flows", n) + ".json";
             adversarial::writeFlowsAtEndOfLongSlice(path, n);
             return std::function<void()>([path] { loadOrDie(path); });
         }},
        {"overlapping-async-slices", "load (Chrome JSON)",
         [&](const std::string &, std::size_t n) {
             const std::string path = file("async", n) + ".json";
             adversarial::writeOverlappingAsync(path, n);
             return std::function<void()>([path] { loadOrDie(path); });
         }},
        {"unknown-record-kinds", "load (nsys JSON)",
         [&](const std::string &, std::size_t n) {
             const std::string path = file("kinds", n) + ".json";
             adversarial::writeUnknownRecordKinds(path, n);
             return std::function<void()>([path] { loadOrDie(path); });
         }},
        {"sparse-string-ids", "load (nsys JSON)",
         [&](const std::string &, std::size_t n) {
             const std::string path = file("strings", n) + ".json";
             writeSparseStringIds(path, n);
             return std::function<void()>([path] { loadOrDie(path); });
         }},
        {"ranges-nested-around-a-launch", "build + ranges --projection rows",
         [&](const std::string &, std::size_t n) {
             return std::function<void()>([n] {
                 const auto trace = adversarial::deepRangesAroundLaunch(n);
                 if (projectRanges(*trace).rows.size() != n)
                     std::exit(4);
             });
         }},
    };

    std::printf("%-32s %-34s %9s %10s %12s %10s %12s\n", "shape", "timed", "events", "wall s", "wall ns/ev",
                "cpu s", "cpu ns/ev");
    for (const Shape &shape : shapes) {
        for (std::size_t n = 10'000; n <= maxEvents; n *= 10) {
            const std::function<void()> step = shape.prepare(dir, n);
            const Timing t = timed(step);
            std::printf("%-32s %-34s %9zu %10.3f %12.1f %10.3f %12.1f\n", shape.name, shape.what, n, t.wall,
                        t.wall * 1e9 / double(n), t.cpu, t.cpu * 1e9 / double(n));
            std::fflush(stdout);
        }
        for (const auto &entry : std::filesystem::directory_iterator(dir))
            if (entry.path().filename().string().rfind("bench_adversarial_", 0) == 0)
                std::filesystem::remove(entry.path());
    }
    return 0;
}
