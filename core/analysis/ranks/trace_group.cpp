#include "trace_group.h"

#include "trace_label.h"

#include "import/importer.h"
#include "import/trace_file_loop.h"
#include "model/trace_merge.h"

#include <algorithm>
#include <filesystem>
#include <optional>

namespace tracelane {
namespace {

bool hasTraceExtension(const std::filesystem::path &path)
{
    std::string name = path.filename().string();
    std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    for (const char *extension : {".json", ".json.gz", ".sqlite", ".sqlite3", ".nvvp", ".nvprof", ".db", ".rpd",
                                  ".xplane.pb", ".xplane.pb.gz", ".pftrace", ".perfetto-trace"})
        if (name.size() > std::char_traits<char>::length(extension) && name.ends_with(extension))
            return true;
    return false;
}

// A TensorBoard log folder keeps each profile in plugins/profile/<run>/ (one
// .xplane.pb per host, or Kineto's .pt.trace.json files); runs are named by
// their time, so the last name is the newest. Empty when there is none.
std::string latestProfileRun(const std::string &folder)
{
    std::error_code error;
    std::filesystem::path profiles = std::filesystem::path(folder) / "plugins" / "profile";
    if (!std::filesystem::is_directory(profiles, error)) {
        profiles = std::filesystem::path(folder) / "profile"; // given the plugins folder itself
        if (std::filesystem::path(folder).filename() != "plugins" || !std::filesystem::is_directory(profiles, error))
            return {};
    }
    std::string latest;
    for (std::filesystem::directory_iterator it(profiles, error), end; !error && it != end; it.increment(error)) {
        std::error_code typeError;
        if (it->is_directory(typeError) && it->path().string() > latest)
            latest = it->path().string();
    }
    return latest;
}

std::string partLabel(const TraceLabel &label)
{
    return label.rank ? "rank " + std::to_string(*label.rank) : label.file;
}

} // namespace

std::vector<std::string> traceFilesInFolder(const std::string &folder)
{
    std::vector<std::string> files;
    std::error_code error;
    for (std::filesystem::directory_iterator it(folder, error), end; !error && it != end; it.increment(error)) {
        std::error_code typeError;
        if (it->is_regular_file(typeError) && hasTraceExtension(it->path()))
            files.push_back(it->path().string());
    }
    std::sort(files.begin(), files.end());
    if (files.empty())
        if (const std::string run = latestProfileRun(folder); !run.empty())
            return traceFilesInFolder(run);
    return files;
}

TraceGroup loadTraceGroup(const std::vector<std::string> &paths, TimeAlignment alignment, const std::string &title,
                          const TraceGroupObserver &observer)
{
    TraceGroup group;
    // Each trace's rank figures are worked out as soon as it has loaded, while
    // the next one loads; the traces are kept for the merge.
    struct Slot
    {
        std::shared_ptr<const Trace> trace;
        std::optional<RankFacts> facts;
        std::string error;
    };
    std::vector<Slot> slots(paths.size());
    const TraceFileLoop loop = forEachTraceFile(
        paths,
        [&](std::size_t i, const std::shared_ptr<const Trace> &trace) {
            slots[i].facts = rankFacts({paths[i], trace.get()});
            slots[i].trace = trace;
        },
        observer);
    if (loop.cancelled) {
        group.cancelled = true;
        return group;
    }
    // The failures come in path order: one walk pairs them with their slots.
    for (std::size_t i = 0, f = 0; i < paths.size() && f < loop.failures.size(); ++i)
        if (!slots[i].trace && paths[i] == loop.failures[f].path)
            slots[i].error = loop.failures[f++].error;

    std::vector<std::shared_ptr<const Trace>> loaded;
    std::vector<std::string> loadedPaths, failures;
    std::vector<RankFacts> facts;
    for (std::size_t i = 0; i < paths.size(); ++i) {
        if (!slots[i].trace) {
            failures.push_back(slots[i].error);
            continue;
        }
        loaded.push_back(std::move(slots[i].trace));
        loadedPaths.push_back(paths[i]);
        facts.push_back(std::move(*slots[i].facts));
    }
    if (loaded.empty()) {
        for (const std::string &failure : failures)
            group.error += (group.error.empty() ? "" : "\n") + failure;
        if (group.error.empty())
            group.error = "No trace files to open";
        return group;
    }

    std::vector<TraceLabel> labels;
    for (std::size_t i = 0; i < loaded.size(); ++i)
        labels.push_back(traceLabel(*loaded[i], loadedPaths[i]));
    const std::vector<std::size_t> order = rankOrder(labels);

    group.ranks = combineRanks(std::move(facts));
    std::vector<const Trace *> ordered;
    for (std::size_t i : order)
        ordered.push_back(loaded[i].get());
    group.alignment = alignTraces(ordered, alignment);

    std::vector<MergeInput> inputs;
    for (std::size_t k = 0; k < order.size(); ++k) {
        const std::size_t i = order[k];
        MergeInput input;
        // The importer made this trace and nothing else holds it: moving it out
        // of its shared_ptr<const> costs nothing and frees as the merge goes.
        input.trace = std::move(const_cast<Trace &>(*loaded[i]));
        loaded[i].reset();
        input.label = partLabel(labels[i]);
        input.rank = labels[i].rank;
        input.shift = group.alignment.shifts[k];
        inputs.push_back(std::move(input));
    }
    auto merged = std::make_shared<Trace>(mergeTraces(std::move(inputs)));
    for (const std::string &failure : failures)
        merged->diagnostics.add("trace-not-loaded", "Trace files that could not be opened with the others", failure);
    if (!group.alignment.note.empty())
        merged->diagnostics.note("alignment", group.alignment.note);
    merged->source.path = title;
    merged->source.format = "group";
    merged->source.formatName = std::to_string(merged->parts.size()) + " traces";
    group.trace = std::move(merged);
    return group;
}

} // namespace tracelane
