// rocprofv3 JSON import benchmark: MB/s of (decompressed) JSON by wall and CPU
// time, events per second, peak memory. CPU time is printed beside wall time
// because the bench machine is shared: wall time there measures the neighbours too.
//   bench_rocprof_import RESULTS.json[.gz] [--repeat N]
// Make a large input with scripts/enlarge_rocprof_json.py.
#include "bench_measure.h"
#include "import/byte_source.h"
#include "import/importer.h"

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

using namespace tracelane;
using namespace tracelane::bench;

namespace {

std::uint64_t decompressedBytes(const std::string &path)
{
    ByteSource source(path);
    std::vector<char> buffer(1 << 20);
    std::uint64_t total = 0;
    while (const std::size_t n = source.read(buffer.data(), buffer.size()))
        total += n;
    return total;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_rocprof_import RESULTS.json[.gz] [--repeat N]\n");
        return 2;
    }
    const std::string path = argv[1];
    int repeat = 3;
    for (int i = 2; i + 1 < argc; ++i)
        if (std::strcmp(argv[i], "--repeat") == 0)
            repeat = std::max(1, std::atoi(argv[i + 1]));
    const double mb = double(decompressedBytes(path)) / 1e6;
    std::vector<double> walls, cpus;
    std::uint64_t events = 0;
    for (int run = 0; run < repeat; ++run) {
        const double cpuBefore = cpuSeconds();
        const auto started = Clock::now();
        const ImportResult result = loadTrace(path);
        walls.push_back(seconds(started));
        cpus.push_back(cpuSeconds() - cpuBefore);
        if (!result.ok()) {
            std::fprintf(stderr, "%s\n", result.error.c_str());
            return 1;
        }
        events = result.trace->eventCount();
    }
    const double wall = median(walls), cpu = median(cpus);
    std::printf("file %s\njson %.1f MB, %llu events, %d runs\n", path.c_str(), mb,
                static_cast<unsigned long long>(events), repeat);
    std::printf("wall %.3f s median: %.0f MB/s, %.2f M events/s\n", wall, mb / wall, double(events) / wall / 1e6);
    std::printf("cpu  %.3f s median: %.0f MB/s\n", cpu, mb / cpu);
    std::printf("peak rss %.0f MB\n", double(peakRssKb()) / 1024.0);
    return 0;
}
