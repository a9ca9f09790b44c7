// XSpace (.xplane.pb) import benchmark: MB/s of input, by wall and CPU time.
//   bench_xplane_import FILE.xplane.pb [--repeat N]
// The time is loadTrace end to end (read, decode, build the model, finish());
// the best of N runs (default 5). CPU time (user + sys) is shown beside wall
// time because the bench machine is shared. Make a large input with
// tests/data/xplane/make_xplane.py repeat (docs/perf/import_xplane.md).
#include "bench_measure.h"
#include "import/importer.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

using namespace tracelane;


int main(int argc, char **argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_xplane_import FILE.xplane.pb [--repeat N]\n");
        return 2;
    }
    const std::string path = argv[1];
    int repeat = 5;
    for (int i = 2; i + 1 < argc; ++i)
        if (std::strcmp(argv[i], "--repeat") == 0)
            repeat = std::max(1, std::atoi(argv[i + 1]));
    std::vector<double> wall, cpu;
    std::uint64_t bytes = 0, events = 0;
    for (int r = 0; r < repeat; ++r) {
        const double cpu0 = bench::cpuSeconds();
        const auto wall0 = std::chrono::steady_clock::now();
        const ImportResult result = loadTrace(path);
        wall.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count());
        cpu.push_back(bench::cpuSeconds() - cpu0);
        if (!result.ok()) {
            std::fprintf(stderr, "%s\n", result.error.c_str());
            return 1;
        }
        bytes = result.trace->source.fileBytes;
        events = result.trace->eventCount();
    }
    const double bestWall = *std::min_element(wall.begin(), wall.end());
    const double bestCpu = *std::min_element(cpu.begin(), cpu.end());
    const double mb = double(bytes) / 1e6;
    std::printf("file            %s\n", path.c_str());
    std::printf("input           %.1f MB, %llu events\n", mb, static_cast<unsigned long long>(events));
    std::printf("best of %d       wall %.3f s, cpu %.3f s\n", repeat, bestWall, bestCpu);
    std::printf("throughput      %.0f MB/s (wall), %.0f MB/s (cpu), %.2f M events/s (wall)\n", mb / bestWall,
                mb / bestCpu, double(events) / bestWall / 1e6);
    return 0;
}
