#include "fuzz_input.h"

#include "import/importer.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <unistd.h>

namespace tracelane::fuzz {
namespace {

[[noreturn]] void broken(const char *what)
{
    std::fprintf(stderr, "model invariant broken: %s\n", what);
    std::abort();
}

std::string inputDirectory()
{
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path base = fs::is_directory("/dev/shm", ec) ? fs::path("/dev/shm") : fs::temp_directory_path();
    const fs::path dir = base / ("tracelane-fuzz-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    // Removed at exit; a crash leaves it behind, small and named by pid.
    static const fs::path removeAtExit = dir;
    std::atexit([] {
        std::error_code ignored;
        fs::remove_all(removeAtExit, ignored);
    });
    return dir.string();
}

} // namespace

std::string writeInput(const std::uint8_t *data, std::size_t size, std::string_view suffix)
{
    static const std::string dir = inputDirectory();
    const std::string path = dir + "/input" + std::string(suffix);
    std::FILE *file = std::fopen(path.c_str(), "wb");
    if (!file || (size && std::fwrite(data, 1, size, file) != size) || std::fclose(file) != 0) {
        std::perror(path.c_str());
        std::abort();
    }
    return path;
}

Loaded loadAs(const std::string &path, std::string_view importerId)
{
    Loaded loaded;
    try {
        const Importer *importer = detectImporter(probeFile(path));
        loaded.claimed = importer && importer->id() == importerId;
    } catch (const std::exception &) {
        return loaded; // unreadable: loadTrace would say so
    }
    if (!loaded.claimed)
        return loaded;
    ImportResult result = loadTrace(path);
    loaded.trace = std::move(result.trace);
    loaded.error = std::move(result.error);
    return loaded;
}

int fuzzImporter(const std::uint8_t *data, std::size_t size, std::string_view suffix, std::string_view importerId)
{
    const Loaded loaded = loadAs(writeInput(data, size, suffix), importerId);
    if (!loaded.claimed)
        return -1;
    if (loaded.trace)
        checkModel(*loaded.trace);
    return 0;
}

void checkModel(const Trace &trace)
{
    const std::size_t strings = trace.strings.size();
    for (std::size_t t = 0; t < trace.tracks.size(); ++t) {
        const Track &track = trace.tracks[t];
        if (track.name >= strings || track.domain >= strings)
            broken("track name out of range");
        if ((track.process != kNoIndex && std::size_t(track.process) >= trace.processes.size())
            || (track.thread != kNoIndex && std::size_t(track.thread) >= trace.threads.size())
            || (track.stream != kNoIndex && std::size_t(track.stream) >= trace.streams.size()))
            broken("track owner out of range");
        if (track.kind == TrackKind::Counter && track.counterValues.size() != track.events.size())
            broken("counter values and samples differ in number");
        if (track.sourceRecords.size() != track.events.size())
            broken("source records and events differ in number");
        for (std::size_t i = 0; i < track.events.size(); ++i) {
            const Event &e = track.events[i];
            if (i > 0 && e.start < track.events[i - 1].start)
                broken("track not sorted by start");
            if (e.name >= strings)
                broken("event name out of range");
            if (e.depth > track.maxDepth)
                broken("event deeper than its track's maxDepth");
            if (e.category >= trace.categories.size())
                broken("event category out of range");
            if (e.args != kNoArgs) {
                for (const Arg &arg : trace.args(EventRef{std::uint32_t(t), std::uint32_t(i)})) {
                    if (arg.key >= strings)
                        broken("argument key out of range");
                    if ((arg.value.type == ArgType::String || arg.value.type == ArgType::Json)
                        && arg.value.s >= strings)
                        broken("argument string out of range");
                }
            }
        }
    }
    auto valid = [&](EventRef ref) {
        return ref.track < trace.tracks.size() && ref.index < trace.tracks[ref.track].events.size();
    };
    for (std::size_t f = 0; f < trace.flows.size(); ++f) {
        const Flow &flow = trace.flows[f];
        if (!valid(flow.from) || !valid(flow.to))
            broken("flow endpoint out of range");
        if (f > 0 && flow.from < trace.flows[f - 1].from)
            broken("flows not sorted by source");
    }
    if (trace.flowsByTo.size() != trace.flows.size())
        broken("flowsByTo does not index every flow");
    for (const std::uint32_t f : trace.flowsByTo)
        if (f >= trace.flows.size())
            broken("flowsByTo out of range");
    if (trace.categories.empty() || trace.categories[0] != 0)
        broken("category 0 is not \"no category\"");
    for (const StringId category : trace.categories)
        if (category >= strings)
            broken("category name out of range");
    for (const Thread &thread : trace.threads)
        if (thread.process < 0 || std::size_t(thread.process) >= trace.processes.size())
            broken("thread without a process");
    for (const Stream &stream : trace.streams)
        if (stream.device < 0 || std::size_t(stream.device) >= trace.devices.size())
            broken("stream without a device");
    (void)trace.counts();
    (void)trace.memoryBytes();
}

} // namespace tracelane::fuzz
