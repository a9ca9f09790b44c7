// Load benchmark: wall time, throughput, peak and resident memory per event
// (both net of the process's resident size before loading).
//   bench_load TRACE [--repeat N] [--parse-only]
// --parse-only runs nlohmann's SAX parser with a handler that does nothing, the
// ceiling for any SAX-based importer on this machine.
#include "bench_measure.h"
#include "import/byte_source.h"
#include "import/importer.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <sys/resource.h>
#include <unistd.h>
#include <vector>

using namespace tracelane;
using namespace tracelane::bench;

namespace {

struct NullSax : nlohmann::json_sax<nlohmann::json>
{
    std::uint64_t values = 0;
    bool null() override { return ++values; }
    bool boolean(bool) override { return ++values; }
    bool number_integer(number_integer_t) override { return ++values; }
    bool number_unsigned(number_unsigned_t) override { return ++values; }
    bool number_float(number_float_t, const string_t &) override { return ++values; }
    bool string(string_t &) override { return ++values; }
    bool binary(binary_t &) override { return true; }
    bool start_object(std::size_t) override { return true; }
    bool key(string_t &) override { return true; }
    bool end_object() override { return true; }
    bool start_array(std::size_t) override { return true; }
    bool end_array() override { return true; }
    bool parse_error(std::size_t, const std::string &, const nlohmann::detail::exception &) override { return false; }
};

int parseOnly(const std::string &path)
{
    const auto started = std::chrono::steady_clock::now();
    // The whole text in memory, parsed in one call: the fastest way to drive nlohmann.
    ByteSource source(path);
    std::string text;
    std::vector<char> buffer(1 << 20);
    while (const std::size_t n = source.read(buffer.data(), buffer.size()))
        text.append(buffer.data(), n);
    const auto parseStarted = std::chrono::steady_clock::now();
    NullSax sax;
    nlohmann::json::sax_parse(text.data(), text.data() + text.size(), &sax, nlohmann::json::input_format_t::json,
                              false);
    const double s = seconds(parseStarted);
    (void)started;
    const double mb = double(text.size()) / 1e6;
    std::printf("{\"mode\": \"parse-only\", \"json_mb\": %.1f, \"seconds\": %.3f, \"mb_per_s\": %.1f, "
                "\"peak_rss_mb\": %.1f}\n",
                mb, s, mb / s, peakRssKb() / 1024.0);
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_load TRACE [--repeat N] [--parse-only]\n");
        return 2;
    }
    const std::string path = argv[1];
    int repeat = 1;
    for (int i = 2; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--parse-only"))
            return parseOnly(path);
        if (!std::strcmp(argv[i], "--repeat") && i + 1 < argc)
            repeat = std::max(1, std::atoi(argv[++i]));
    }
    const long baseRss = currentRssKb();
    std::vector<double> times;
    std::shared_ptr<const Trace> trace;
    for (int r = 0; r < repeat; ++r) {
        trace.reset();
        const auto started = std::chrono::steady_clock::now();
        ImportResult result = loadTrace(path);
        times.push_back(seconds(started));
        if (!result.ok()) {
            std::fprintf(stderr, "bench_load: %s\n", result.error.c_str());
            return 3;
        }
        trace = result.trace;
    }
    std::sort(times.begin(), times.end());
    const double best = times.front();
    std::uint64_t jsonBytes = 0;
    {
        ByteSource source(path); // decompressed size, for MB/s of JSON text
        std::vector<char> buffer(1 << 20);
        while (std::size_t n = source.read(buffer.data(), buffer.size()))
            jsonBytes += n;
    }
    const std::uint64_t events = trace->eventCount();
    const long residentKb = currentRssKb() - baseRss;
    const long peakKb = peakRssKb();
    // peak_rss_mb is the process's high-water mark (MiB) including base_rss_mb, the
    // resident size before loading (code, libraries); peak_bytes_per_event excludes it.
    std::printf("{\"mode\": \"load\", \"events\": %llu, \"json_mb\": %.1f, \"file_mb\": %.1f, \"best_s\": %.3f, "
                "\"median_s\": %.3f, \"mb_per_s\": %.1f, \"model_bytes_per_event\": %.1f, "
                "\"resident_bytes_per_event\": %.1f, \"peak_rss_mb\": %.1f, \"base_rss_mb\": %.1f, "
                "\"peak_bytes_per_event\": %.1f, \"flows\": %zu}\n",
                static_cast<unsigned long long>(events), jsonBytes / 1e6, trace->source.fileBytes / 1e6, best,
                times[times.size() / 2], jsonBytes / 1e6 / best, double(trace->memoryBytes()) / double(events),
                residentKb * 1024.0 / double(events), peakKb / 1024.0, baseRss / 1024.0,
                (peakKb - baseRss) * 1024.0 / double(events), trace->flows.size());
    return 0;
}
