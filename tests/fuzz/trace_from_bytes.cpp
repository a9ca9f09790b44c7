#include "trace_from_bytes.h"

#include "model/trace_builder.h"

#include <array>
#include <cstring>
#include <limits>
#include <string_view>
#include <vector>

namespace tracelane::fuzz {
namespace {

constexpr std::array<std::string_view, 28> kNames{
    "Iteration 1", "Iteration 2", "ProfilerStep#1", "ProfilerStep#2", "FWD pass", "BWD pass",
    "Optimizer step", "aten::mm", "aten::linear", "autograd::engine::evaluate_function: MmBackward0",
    "MmBackward0", "cudaLaunchKernel", "cudaMemcpyAsync", "cudaStreamSynchronize", "cudaLaunchKernel_v7000",
    "ncclKernel_AllReduce_RING_LL_Sum_float", "void at::native::vectorized_elementwise_kernel<4>()",
    "Memcpy HtoD (Pageable -> Device)", "Memset (Device)", "module::Linear", "seq = 3, op_id = 4, sizes = [[2, 3]]",
    "<built-in method add>", "", "Iteration", "volta_sgemm_128x64_nn", "cudaDeviceSynchronize",
    "triton_poi_fused_0", "Prediction and loss"};

class Reader
{
public:
    Reader(const std::uint8_t *data, std::size_t size) : m_data(data), m_size(size) {}
    bool atEnd() const { return m_pos >= m_size; }
    std::uint8_t byte() { return m_pos < m_size ? m_data[m_pos++] : 0; }
    std::uint64_t bytes(int n)
    {
        std::uint64_t v = 0;
        for (int i = 0; i < n; ++i)
            v = v << 8 | byte();
        return v;
    }
    TimeNs time()
    {
        static constexpr TimeNs kExtremes[] = {0, -1, 1, std::numeric_limits<TimeNs>::max(),
                                               std::numeric_limits<TimeNs>::min(), TimeNs(1) << 53,
                                               -(TimeNs(1) << 53), TimeNs(1712195495519689047)};
        const std::uint8_t mode = byte();
        switch (mode % 8) {
        case 0: case 1: case 2:
            return TimeNs(byte()) * 10; // small and often tied
        case 3:
            return TimeNs(bytes(2));
        case 4:
            return TimeNs(bytes(4));
        case 5:
            return -TimeNs(bytes(2)); // negative: inverted or before the trace
        case 6:
            return static_cast<TimeNs>(bytes(8));
        default:
            return kExtremes[(mode / 8) % std::size(kExtremes)];
        }
    }
    std::string_view name() { return kNames[byte() % kNames.size()]; }

private:
    const std::uint8_t *m_data;
    std::size_t m_size;
    std::size_t m_pos = 0;
};

class Decoder
{
public:
    Decoder(const std::uint8_t *data, std::size_t size) : m_in(data, size)
    {
        for (const std::int64_t pid : {100, 200})
            m_processes.push_back(m_b.process(pid));
    }

    std::shared_ptr<Trace> decode()
    {
        while (!m_in.atEnd())
            record(m_in.byte());
        return m_b.finish();
    }

private:
    std::int32_t thread() { return m_b.thread(m_processes[m_in.byte() % 2], 1 + m_in.byte() % 3); }
    std::uint32_t stream()
    {
        const std::uint8_t which = m_in.byte();
        return m_b.streamTrack(m_b.stream(m_b.device(which % 2), 7 + (which / 2) % 3),
                               which & 0x80 ? TrackKind::GpuRanges : TrackKind::GpuStream);
    }
    CorrelationId correlation() { return m_in.byte() % 8; } // small pool: duplicates and 0 (none)

    EventRef add(std::uint32_t track, EventKind kind, CorrelationId id = 0)
    {
        Event e;
        e.start = m_in.time();
        e.duration = m_in.time();
        // The one promise the model makes about time: an event's end is an int64.
        if (e.duration > 0 && e.start > std::numeric_limits<TimeNs>::max() - e.duration)
            e.duration = std::numeric_limits<TimeNs>::max() - e.start;
        e.name = m_b.intern(m_in.name());
        e.kind = kind;
        e.correlation = id;
        EventRef ref;
        if (m_b.trackAt(track).kind == TrackKind::Counter) {
            ref = m_b.addCounterSample(track, e.start, double(e.duration)); // invalid when skipped
        } else {
            ref = m_b.addEvent(track, e);
        }
        m_refs.push_back(ref);
        return ref;
    }

    void record(std::uint8_t op)
    {
        static constexpr EventKind kCpuKinds[] = {EventKind::CpuOp, EventKind::PythonFunction, EventKind::Slice};
        static constexpr EventKind kGpuKinds[] = {EventKind::Kernel, EventKind::Memcpy, EventKind::Memset,
                                                  EventKind::Sync};
        switch (op % 11) {
        case 0:
            add(m_b.threadTrack(thread(), TrackKind::CpuThread), kCpuKinds[m_in.byte() % 3]);
            break;
        case 1: {
            const std::int32_t t = thread();
            add(m_b.threadTrack(t, TrackKind::ThreadRanges, m_in.byte() % 2 ? m_b.intern("dom") : 0),
                EventKind::Range);
            break;
        }
        case 2:
            add(m_b.threadTrack(thread(), TrackKind::ThreadApi), EventKind::ApiCall, correlation());
            break;
        case 3: {
            const std::uint32_t track = stream();
            add(track, m_b.trackAt(track).kind == TrackKind::GpuRanges ? EventKind::GpuRange
                                                                       : kGpuKinds[m_in.byte() % 4],
                correlation());
            break;
        }
        case 4: { // a launch and its GPU work, linked by a fresh correlation id
            const CorrelationId id = 100 + m_launches++;
            add(m_b.threadTrack(thread(), TrackKind::ThreadApi), EventKind::ApiCall, id);
            add(m_b.streamTrack(m_b.stream(m_b.device(0), 7 + m_in.byte() % 2), TrackKind::GpuStream),
                kGpuKinds[m_in.byte() % 3], id);
            break;
        }
        case 5:
            add(m_b.threadTrack(thread(), m_in.byte() % 2 ? TrackKind::CpuThread : TrackKind::ThreadRanges),
                EventKind::Instant);
            break;
        case 6: {
            const bool counter = m_in.byte() % 2;
            const std::int32_t process = m_processes[m_in.byte() % 2];
            add(m_b.processTrack(process, counter ? TrackKind::Counter : TrackKind::Async,
                                 m_b.intern(m_in.name())),
                counter ? EventKind::CounterSample : EventKind::Async);
            break;
        }
        case 7: // an explicit flow between two events added so far
            if (!m_refs.empty()) {
                const EventRef from = m_refs[m_in.byte() % m_refs.size()];
                const EventRef to = m_refs[m_in.byte() % m_refs.size()];
                m_b.addFlow(from, to, static_cast<FlowKind>(m_in.byte() % 3));
            }
            break;
        case 8: // a Chrome flow endpoint, bound to a slice by time in finish()
            if (m_b.trackCount() > 0) {
                FlowPoint p;
                const std::uint8_t bits = m_in.byte();
                p.id = m_in.byte() % 8;
                p.time = m_in.time();
                p.track = m_in.byte() % static_cast<std::uint32_t>(m_b.trackCount());
                p.phase = static_cast<FlowPhase>(bits % 3);
                p.bindEnclosing = bits & 4;
                p.kind = static_cast<FlowKind>((bits >> 3) % 3);
                m_b.addFlowPoint(p);
            }
            break;
        case 9: { // arguments of the next event
            const std::uint8_t type = m_in.byte();
            const StringId key = m_b.intern(m_in.name());
            switch (type % 4) {
            case 0: m_b.args().add(key, ArgValue::ofInt(m_in.time())); break;
            case 1: m_b.args().add(key, ArgValue::ofDouble(double(m_in.time()) / 3.0)); break;
            case 2: m_b.args().add(key, ArgValue::ofString(m_b.intern(m_in.name()))); break;
            default: m_b.args().add(key, ArgValue::ofBool(type & 4)); break;
            }
            break;
        }
        default:
            m_b.diagnostics().add("fuzz", "a diagnostic", "record " + std::to_string(m_refs.size()));
            break;
        }
    }

    Reader m_in;
    TraceBuilder m_b;
    std::vector<std::int32_t> m_processes;
    std::vector<EventRef> m_refs;
    CorrelationId m_launches = 0;
};

} // namespace

std::shared_ptr<Trace> traceFromBytes(const std::uint8_t *data, std::size_t size)
{
    return Decoder(data, size).decode();
}

} // namespace tracelane::fuzz
