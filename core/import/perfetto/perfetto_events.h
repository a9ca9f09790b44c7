#pragma once
// TrackEvents onto the model: slices from SLICE_BEGIN / SLICE_END pairs per
// track (an end with nothing open is counted; what is still open at the end
// of the trace is closed at its last timestamp and counted), instants,
// counter values (also the extra counter values of any event), debug
// annotations as arguments, and flows from flow_ids / terminating_flow_ids.

#include "perfetto_sequence.h"
#include "perfetto_tracks.h"

#include "import/chrome/chrome_categories.h"
#include "import/protobuf/proto_wire.h"
#include "model/trace_builder.h"

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace tracelane {

class PerfettoEvents
{
public:
    PerfettoEvents(TraceBuilder &builder, PerfettoTracks &tracks);

    // `time` is already on the trace clock; `record` numbers the packet.
    void trackEvent(ProtoReader reader, TimeNs time, PerfettoSequence &sequence, std::uint64_t record);
    // Closes open slices and links flows; call once, before TraceBuilder::finish().
    void finish();

private:
    struct FlowEnd
    {
        std::uint64_t id = 0;
        TimeNs time = 0;
        std::uint32_t arrival = 0;
        EventRef ref;
        EventKind kind = EventKind::Slice;
        bool terminating = false;
    };
    struct FlowId
    {
        std::uint64_t id;
        bool terminating;
    };
    struct OpenSlice
    {
        std::uint32_t track = 0;
        TimeNs start = 0;
        StringId name = 0;
        EventKind kind = EventKind::Slice;
        CategoryIndex category = 0;
        CorrelationId correlation = 0;
        std::uint64_t record = 0;
        std::vector<Arg> args;
        std::vector<FlowId> flows;
    };
    struct Placement
    {
        std::uint32_t track;
        EventKind kind;
    };
    // One TrackEvent as read, reused from event to event.
    struct Parsed
    {
        std::uint64_t type = 0;
        std::uint64_t uuid = 0;
        bool hasUuid = false;
        StringId name = 0;
        std::string category;
        bool hasCounter = false;
        double counter = 0;
        std::uint64_t correlationId = 0;
        std::vector<std::uint64_t> extraUuids, extraDoubleUuids;
        std::vector<std::int64_t> extraValues;
        std::vector<double> extraDoubleValues;
        std::vector<FlowId> flows;
        std::vector<Arg> args;
        bool extraUuidsSet = false, extraDoubleUuidsSet = false;
    };

    void parse(ProtoReader reader, PerfettoSequence &sequence);
    void annotation(ProtoReader reader, PerfettoSequence &sequence);
    Placement place(PerfettoBinding &binding, bool instant);
    std::uint32_t gpuTrack(std::int64_t device, std::int64_t stream, TrackKind kind);
    void counterValue(std::uint64_t uuid, TimeNs time, double value, PerfettoSequence &sequence, std::uint64_t record);
    CorrelationId correlation() const;
    void emitSlice(OpenSlice &open, TimeNs end, bool unclosed);
    void addFlows(const std::vector<FlowId> &flows, EventRef ref, TimeNs time, EventKind kind);
    void unknownIid(const char *what);
    void linkFlows();

    TraceBuilder &m_builder;
    PerfettoTracks &m_tracks;
    Parsed m_e;
    std::unordered_map<std::uint64_t, std::vector<OpenSlice>> m_open;
    std::map<std::tuple<std::int64_t, std::int64_t, int>, std::uint32_t> m_gpuTracks;
    std::vector<FlowEnd> m_flowEnds;
    std::vector<std::vector<Arg>> m_spareArgs;
    // Names, argument keys and string values written out on every event
    // (not interned by the writer) repeat: a small cache by text spares
    // hashing them into the string table each time.
    struct CachedText
    {
        std::string text;
        StringId id = 0;
    };
    template <std::size_t N, typename Intern>
    StringId cachedText(std::array<CachedText, N> &cache, std::string_view text, Intern &&intern);
    std::array<CachedText, 256> m_keyCache;
    std::array<CachedText, 256> m_nameCache, m_valueCache;
    TimeNs m_latest = 0;
    bool m_anyTime = false;
    StringId m_keyDevice, m_keyStream, m_keyCorrelation, m_keySource;
    std::string m_lastCategory = "\x01"; // never a real category: classify on first use
    Category m_lastClass{Lane::Cpu, EventKind::Slice};
    CategoryIndex m_lastCategoryIndex = 0;
};

} // namespace tracelane
