#include "trace_merge.h"

#include "memory_release.h"
#include "time_math.h"

#include <algorithm>
#include <limits>
#include <unordered_map>

namespace tracelane {
namespace {

TimeNs shifted(TimeNs t, TimeNs shift)
{
    return std::clamp(saturatingAdd(t, shift), kMinTimeNs, kMaxTimeNs);
}

void shiftEvents(Track &track, TimeNs shift)
{
    if (shift == 0)
        return;
    for (Event &e : track.events) {
        const TimeNs end = shifted(e.end(), shift);
        e.start = shifted(e.start, shift);
        e.duration = end - e.start;
    }
}

CorrelationId largestCorrelation(const Trace &trace)
{
    CorrelationId largest = 0;
    for (const Track &track : trace.tracks)
        for (const Event &e : track.events)
            largest = std::max(largest, e.correlation);
    return largest;
}

// Moves one trace into `into`, re-interning what it names.
class PartMerger
{
public:
    PartMerger(Trace &into, MergeInput &input, CorrelationId correlationOffset)
        : m_into(into)
        , m_from(input.trace)
        , m_shift(input.shift)
        , m_correlationOffset(correlationOffset)
    {
    }

    void mergeTables()
    {
        m_strings.resize(m_from.strings.size());
        for (StringId id = 0; id < m_from.strings.size(); ++id)
            m_strings[id] = m_into.strings.intern(m_from.strings.view(id));

        std::unordered_map<StringId, CategoryIndex> known;
        for (std::size_t c = 1; c < m_into.categories.size(); ++c)
            known.emplace(m_into.categories[c], CategoryIndex(c));
        m_categories.assign(m_from.categories.size(), 0);
        for (std::size_t c = 1; c < m_from.categories.size(); ++c) {
            const StringId name = m_strings[m_from.categories[c]];
            auto [it, added] = known.emplace(name, CategoryIndex(m_into.categories.size()));
            if (added) {
                if (m_into.categories.size() <= kMaxCategories) // else the last one is shared, as the builder does
                    m_into.categories.push_back(name);
                else
                    it->second = kMaxCategories;
            }
            m_categories[c] = it->second;
        }

        m_schemas.resize(m_from.argSchemas.size());
        std::vector<Arg> fields;
        for (std::uint32_t s = 0; s < m_from.argSchemas.size(); ++s) {
            fields.clear();
            for (const ArgField &field : m_from.argSchemas.fields(s))
                fields.push_back({remap(field.key), ArgValue{field.type, 0, 0.0, 0}});
            m_schemas[s] = m_into.argSchemas.intern(fields);
        }
    }

    TracePart mergeEntities(const MergeInput &input)
    {
        TracePart part;
        part.label = input.label;
        part.rank = input.rank;
        part.source = m_from.source;
        part.shift = m_shift;
        part.correlationOffset = m_correlationOffset;
        part.firstTrack = std::uint32_t(m_into.tracks.size());
        part.firstProcess = std::int32_t(m_into.processes.size());
        part.firstThread = std::int32_t(m_into.threads.size());
        part.firstDevice = std::int32_t(m_into.devices.size());
        part.firstStream = std::int32_t(m_into.streams.size());

        for (Process p : m_from.processes) {
            p.name = remap(p.name);
            p.label = remap(p.label);
            m_into.processes.push_back(p);
        }
        for (Thread t : m_from.threads) {
            t.process = offset(t.process, part.firstProcess);
            t.name = remap(t.name);
            m_into.threads.push_back(t);
        }
        for (GpuDevice d : m_from.devices) {
            d.name = remap(d.name);
            m_into.devices.push_back(d);
        }
        for (Stream s : m_from.streams) {
            s.device = offset(s.device, part.firstDevice);
            m_into.streams.push_back(s);
        }
        for (Track &track : m_from.tracks)
            m_into.tracks.push_back(mergeTrack(track, part));
        part.endTrack = std::uint32_t(m_into.tracks.size());

        const auto flowOffset = std::uint32_t(m_into.flows.size());
        for (Flow flow : m_from.flows) {
            flow.from.track += part.firstTrack;
            flow.to.track += part.firstTrack;
            m_into.flows.push_back(flow);
        }
        for (std::uint32_t i : m_from.flowsByTo)
            m_into.flowsByTo.push_back(i + flowOffset);
        return part;
    }

    std::uint64_t correlationsDropped() const { return m_correlationsDropped; }

private:
    StringId remap(StringId id) const { return id < m_strings.size() ? m_strings[id] : 0; }
    static std::int32_t offset(std::int32_t index, std::int32_t by) { return index == kNoIndex ? kNoIndex : index + by; }

    Track mergeTrack(Track &from, const TracePart &part)
    {
        Track track;
        track.kind = from.kind;
        track.name = remap(from.name);
        track.process = offset(from.process, part.firstProcess);
        track.thread = offset(from.thread, part.firstThread);
        track.stream = offset(from.stream, part.firstStream);
        track.device = offset(from.device, part.firstDevice);
        track.derived = from.derived;
        track.counterUnit = from.counterUnit;
        track.domain = remap(from.domain);
        track.maxDepth = from.maxDepth;
        track.events = std::move(from.events);
        track.counterValues = std::move(from.counterValues);
        track.sourceRecords = std::move(from.sourceRecords);
        // Re-encoded ids may take a byte more: room for that, so the blob is not
        // reallocated to twice its size near the end.
        track.argBlob.reserve(from.argBlob.size() + from.argBlob.size() / 8 + 64);
        shiftEvents(track, m_shift);
        for (Event &e : track.events) {
            e.name = remap(e.name);
            e.category = e.category < m_categories.size() ? m_categories[e.category] : 0;
            if (e.correlation) {
                if (e.correlation > std::numeric_limits<CorrelationId>::max() - m_correlationOffset) {
                    e.correlation = 0; // cannot stay unique: counted, not silently kept wrong
                    ++m_correlationsDropped;
                } else {
                    e.correlation += m_correlationOffset;
                }
            }
            e.args = transcodeArgs(from.argBlob, e.args, m_from.argSchemas, m_schemas, m_strings, track.argBlob);
        }
        std::vector<std::uint8_t>().swap(from.argBlob);
        if (track.argBlob.capacity() > track.argBlob.size() + track.argBlob.size() / 4 + 4096)
            track.argBlob.shrink_to_fit();
        return track;
    }

    Trace &m_into;
    Trace &m_from;
    TimeNs m_shift;
    CorrelationId m_correlationOffset;
    std::vector<StringId> m_strings;
    std::vector<CategoryIndex> m_categories;
    std::vector<std::uint32_t> m_schemas;
    std::uint64_t m_correlationsDropped = 0;
};

void mergeDiagnostics(Diagnostics &into, const Diagnostics &from, const std::string &label)
{
    for (const Diagnostic &d : from.entries()) {
        if (d.information) {
            into.addInformation(d.code, d.message, d.count);
            continue;
        }
        if (d.examples.empty()) {
            into.add(d.code, d.message, {}, d.count);
            continue;
        }
        for (std::size_t i = 0; i < d.examples.size(); ++i)
            into.add(d.code, d.message, label + ": " + d.examples[i], i == 0 ? d.count : 0);
    }
}

} // namespace

Trace mergeTraces(std::vector<MergeInput> inputs)
{
    if (inputs.empty())
        return Trace{};
    Trace merged = std::move(inputs.front().trace);
    // Its times are the file's, not the merged trace's: a memory snapshot stays with its own load.
    merged.memorySnapshot.reset();
    {
        // Sized once: growing by doubling would leave up to half of each unused.
        std::size_t tracks = 0, flows = 0, processes = 0, threads = 0, devices = 0, streams = 0;
        for (const MergeInput &input : inputs) {
            const Trace &t = &input == &inputs.front() ? merged : input.trace;
            tracks += t.tracks.size();
            flows += t.flows.size();
            processes += t.processes.size();
            threads += t.threads.size();
            devices += t.devices.size();
            streams += t.streams.size();
        }
        merged.tracks.reserve(tracks);
        merged.flows.reserve(flows);
        merged.flowsByTo.reserve(flows);
        merged.processes.reserve(processes);
        merged.threads.reserve(threads);
        merged.devices.reserve(devices);
        merged.streams.reserve(streams);
    }
    {
        const MergeInput &first = inputs.front();
        for (Track &track : merged.tracks)
            shiftEvents(track, first.shift);
        TracePart part;
        part.label = first.label;
        part.rank = first.rank;
        part.source = merged.source;
        part.shift = first.shift;
        part.endTrack = std::uint32_t(merged.tracks.size());
        merged.parts.push_back(std::move(part));
    }
    // Each diagnostic's examples say which trace they are in.
    Diagnostics diagnostics;
    mergeDiagnostics(diagnostics, merged.diagnostics, inputs.front().label);

    bool any = !merged.isEmpty();
    TimeNs start = shifted(merged.startNs, inputs.front().shift), end = shifted(merged.endNs, inputs.front().shift);
    std::uint64_t fileBytes = merged.source.fileBytes;
    double loadSeconds = merged.source.loadSeconds;
    std::uint64_t correlationOffset = std::uint64_t(largestCorrelation(merged));
    std::uint64_t correlationsDropped = 0;

    for (std::size_t i = 1; i < inputs.size(); ++i) {
        MergeInput &input = inputs[i];
        const auto offset = CorrelationId(std::min<std::uint64_t>(correlationOffset, std::numeric_limits<CorrelationId>::max()));
        const CorrelationId largest = largestCorrelation(input.trace);
        PartMerger merger(merged, input, offset);
        merger.mergeTables();
        merged.parts.push_back(merger.mergeEntities(input));
        correlationsDropped += merger.correlationsDropped();
        correlationOffset += largest;

        mergeDiagnostics(diagnostics, input.trace.diagnostics, input.label);
        if (!input.trace.isEmpty() || input.trace.endNs != input.trace.startNs) {
            const TimeNs s = shifted(input.trace.startNs, input.shift), e = shifted(input.trace.endNs, input.shift);
            start = any ? std::min(start, s) : s;
            end = any ? std::max(end, e) : e;
            any = true;
        }
        fileBytes += input.trace.source.fileBytes;
        loadSeconds += input.trace.source.loadSeconds;
        input.trace = Trace{}; // its memory goes now, not after the last part
        // Loaded on other threads, it was freed into their arenas, which this
        // thread's allocations do not reuse: without this the merge's peak
        // holds every trace twice.
        releaseFreedMemory();
    }
    if (correlationsDropped)
        diagnostics.add("merge-correlation-overflow",
                        "Correlation ids that could not be kept unique across the traces; their launches "
                        "are not linked to their GPU work",
                        {}, correlationsDropped);
    merged.diagnostics = std::move(diagnostics);
    merged.startNs = any ? start : 0;
    merged.endNs = any ? end : 0;
    merged.source.fileBytes = fileBytes;
    merged.source.loadSeconds = loadSeconds;
    merged.source.metadata.clear(); // a part's facts (its rank, its clock) are not the whole's
    return merged;
}

} // namespace tracelane
