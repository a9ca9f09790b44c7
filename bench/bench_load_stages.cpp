// Where a Chrome-trace load spends its CPU time, stage by stage, all on one
// thread (the importer overlaps them on several):
//   inflate  reading the file, gunzipping a .json.gz (ByteSource)
//   scan     cutting the text into event chunks (ChromeChunkScanner)
//   parse    parsing the chunks into RawEvents (simdjson, or nlohmann's SAX
//            parser with --nlohmann: the importer before simdjson)
//   hash     hashing the strings to intern (done on the parser threads)
//   build    mapping the events into the model (ChromeEventMapper)
//   finish   TraceBuilder::finish: time order, depths, flows, correlation links
//   bench_load_stages TRACE [--nlohmann]
// Prints one JSON line of CPU seconds (this thread's clock) per stage.
#include "import/byte_source.h"
#include "import/chrome/chrome_chunk_scanner.h"
#include "import/chrome/chrome_event_mapper.h"
#include "import/chrome/chrome_sax_handler.h"
#include "import/chrome/chrome_simd_parser.h"
#include "model/string_table.h"
#include "model/trace_builder.h"

#include <cstdio>
#include <cstring>
#include <ctime>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

using namespace tracelane;

namespace {

double cpuSeconds()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

struct Stages
{
    double inflate = 0, scan = 0, parse = 0, hash = 0, build = 0, finish = 0;
};

// Adds the CPU time of `work` to `total`.
template <typename Work>
void timed(double &total, Work &&work)
{
    const double from = cpuSeconds();
    work();
    total += cpuSeconds() - from;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_load_stages TRACE [--nlohmann]\n");
        return 2;
    }
    const bool nlohmannOnly = argc > 2 && !std::strcmp(argv[2], "--nlohmann");
    Stages stages;
    TraceBuilder builder;
    ChromeEventMapper mapper(builder);
    ChromeSimdParser simd;
    std::vector<RawEvent> events;
    std::uint64_t index = 0, eventCount = 0;
    bool failed = false;

    auto parseChunk = [&](EventChunk &chunk) {
        std::size_t count = 0;
        std::uint64_t nonObjects = 0;
        timed(stages.parse, [&] {
            if (!nlohmannOnly && simd.parse(chunk.text, events, count, nonObjects))
                return;
            ChromeSaxHandler handler(events, count);
            count = 0;
            nlohmann::json::sax_parse(chunk.text.data(), chunk.text.data() + chunk.text.size(), &handler,
                                      nlohmann::json::input_format_t::json, true);
            failed = failed || handler.failed();
        });
        timed(stages.hash, [&] {
            for (std::size_t e = 0; e < count; ++e) {
                RawEvent &event = events[e];
                event.nameHash = StringTable::hashOf(event.name);
                event.hashed = true;
                for (std::size_t a = 0; a < event.argCount; ++a) {
                    RawArg &arg = event.args[a];
                    arg.keyHash = StringTable::hashOf(arg.key);
                    if (arg.kind == RawArg::Kind::String || arg.kind == RawArg::Kind::Json)
                        arg.textHash = StringTable::hashOf(arg.text);
                    arg.hashed = true;
                }
            }
        });
        timed(stages.build, [&] {
            for (std::size_t e = 0; e < count; ++e) {
                events[e].index = index++;
                mapper.map(events[e]);
            }
        });
        eventCount += count;
        chunk.clear();
        chunk.text.push_back('[');
    };
    // The scanner calls parseChunk from inside feed(): its time is taken out of scan.
    double inChunks = 0;
    ChromeChunkScanner scanner(128 << 10, [&](EventChunk &chunk) { timed(inChunks, [&] { parseChunk(chunk); }); });

    ByteSource source(argv[1]);
    std::vector<char> buffer(1 << 20);
    for (;;) {
        std::size_t n = 0;
        timed(stages.inflate, [&] { n = source.read(buffer.data(), buffer.size()); });
        if (n == 0)
            break;
        timed(stages.scan, [&] { scanner.feed(buffer.data(), n); });
    }
    timed(stages.scan, [&] { scanner.finish(); });
    stages.scan -= inChunks;
    timed(stages.build, [&] { mapper.finish(); });
    std::shared_ptr<Trace> trace;
    timed(stages.finish, [&] { trace = builder.finish(); });
    const double total = stages.inflate + stages.scan + stages.parse + stages.hash + stages.build + stages.finish;
    std::printf("{\"parser\": \"%s\", \"events\": %llu, \"json_mb\": %.1f, \"inflate_s\": %.3f, \"scan_s\": %.3f, "
                "\"parse_s\": %.3f, \"hash_s\": %.3f, \"build_s\": %.3f, \"finish_s\": %.3f, \"total_cpu_s\": %.3f%s}\n",
                nlohmannOnly ? "nlohmann" : "simdjson", static_cast<unsigned long long>(trace->eventCount()),
                double(source.bytesProduced()) / 1e6, stages.inflate, stages.scan, stages.parse, stages.hash,
                stages.build, stages.finish, total, failed ? ", \"note\": \"some chunks failed to parse\"" : "");
    return 0;
}
