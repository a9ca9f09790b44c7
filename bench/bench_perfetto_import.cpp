// Perfetto protobuf import benchmark: MB/s of input (the file as stored; for
// a .gz also of the inflated bytes), events per second, peak memory.
//   bench_perfetto_import TRACE.pftrace[.gz] [--repeat N]
// Make a large trace with bench/make_big_pftrace.py (into /work/bench-data/).
// CPU time is printed beside wall time: on a shared machine wall time also
// measures the neighbours.
#include "bench_measure.h"
#include "import/importer.h"

#include <cstdio>
#include <cstring>
#include <string>
#include <sys/resource.h>
#include <vector>

using namespace tracelane;

namespace {

double cpuSecondsNow()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    auto s = [](const timeval &t) { return double(t.tv_sec) + double(t.tv_usec) / 1e6; };
    return s(usage.ru_utime) + s(usage.ru_stime);
}

} // namespace

int main(int argc, char **argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_perfetto_import TRACE.pftrace[.gz] [--repeat N]\n");
        return 2;
    }
    const std::string path = argv[1];
    int repeat = 3;
    for (int i = 2; i + 1 < argc; ++i)
        if (std::strcmp(argv[i], "--repeat") == 0)
            repeat = std::max(1, std::atoi(argv[i + 1]));

    std::vector<double> wall, cpu;
    std::uint64_t bytes = 0, events = 0;
    for (int run = 0; run < repeat; ++run) {
        const auto started = bench::Clock::now();
        const double cpuStarted = cpuSecondsNow();
        const ImportResult result = loadTrace(path);
        if (!result.ok()) {
            std::fprintf(stderr, "%s\n", result.error.c_str());
            return 1;
        }
        wall.push_back(bench::seconds(started));
        cpu.push_back(cpuSecondsNow() - cpuStarted);
        bytes = result.trace->source.fileBytes;
        events = result.trace->eventCount();
    }
    const double mb = double(bytes) / 1e6;
    const double w = bench::median(wall), c = bench::median(cpu);
    std::printf("file            %s\n", path.c_str());
    std::printf("size            %.1f MB\n", mb);
    std::printf("events          %llu\n", static_cast<unsigned long long>(events));
    std::printf("load (median of %d)  %.3f s wall, %.3f s CPU\n", repeat, w, c);
    std::printf("throughput      %.0f MB/s wall, %.0f MB/s CPU\n", mb / w, mb / c);
    std::printf("events/s        %.2f M wall\n", double(events) / w / 1e6);
    std::printf("peak RSS        %.0f MB\n", double(bench::peakRssKb()) / 1024.0);
    return 0;
}
