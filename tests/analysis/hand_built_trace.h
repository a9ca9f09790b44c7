#pragma once
// Small traces built in code for the summary tests: one process (pid 100), CPU
// threads by tid, GPU stream 7 of device 0 (and any other stream asked for).
// Every launch gets its own correlation id, so TraceBuilder::finish() links the
// call to its GPU operation.

#include "model/trace_builder.h"

#include <map>
#include <memory>
#include <string>

namespace tracelane::test {

class HandBuiltTrace
{
public:
    HandBuiltTrace()
    {
        m_process = m_builder.process(100);
        streamTrack(7);
    }

    void cpuOp(std::int64_t tid, TimeNs start, TimeNs end, const std::string &name,
               EventKind kind = EventKind::CpuOp)
    {
        add(m_builder.threadTrack(thread(tid), TrackKind::CpuThread), start, end - start, name, 0, kind);
    }

    void range(std::int64_t tid, TimeNs start, TimeNs end, const std::string &text, const std::string &domain = {})
    {
        const StringId d = domain.empty() ? 0 : m_builder.intern(domain);
        add(m_builder.threadTrack(thread(tid), TrackKind::ThreadRanges, d), start, end - start, text, 0,
            EventKind::Range);
    }
    void mark(std::int64_t tid, TimeNs time, const std::string &text)
    {
        add(m_builder.threadTrack(thread(tid), TrackKind::ThreadRanges), time, 0, text, 0, EventKind::Instant);
    }
    void apiCall(std::int64_t tid, TimeNs start, TimeNs duration, const std::string &name)
    {
        add(apiTrack(tid), start, duration, name, 0, EventKind::ApiCall);
    }
    // An API call on `tid` at [callStart, callEnd] launching one GPU operation.
    void launch(std::int64_t tid, TimeNs callStart, TimeNs callEnd, const std::string &opName, TimeNs opStart,
                TimeNs opDuration, EventKind kind = EventKind::Kernel, std::int64_t stream = 7,
                const std::string &api = "cudaLaunchKernel")
    {
        const CorrelationId id = ++m_lastCorrelation;
        add(apiTrack(tid), callStart, callEnd - callStart, api, id, EventKind::ApiCall);
        add(streamTrack(stream), opStart, opDuration, opName, id, kind);
    }
    void gpuOp(TimeNs start, TimeNs duration, const std::string &name, EventKind kind = EventKind::Kernel,
               std::int64_t stream = 7)
    {
        add(streamTrack(stream), start, duration, name, 0, kind);
    }

    std::shared_ptr<Trace> finish() { return m_builder.finish(); }

private:
    std::int32_t thread(std::int64_t tid) { return m_builder.thread(m_process, tid); }
    std::uint32_t apiTrack(std::int64_t tid) { return m_builder.threadTrack(thread(tid), TrackKind::ThreadApi); }
    std::uint32_t streamTrack(std::int64_t stream)
    {
        const auto [it, inserted] = m_streams.try_emplace(stream, 0);
        if (inserted)
            it->second = m_builder.streamTrack(m_builder.stream(m_builder.device(0), stream), TrackKind::GpuStream);
        return it->second;
    }
    void add(std::uint32_t track, TimeNs start, TimeNs duration, const std::string &name, CorrelationId id,
             EventKind kind)
    {
        Event e;
        e.start = start;
        e.duration = duration;
        e.name = m_builder.intern(name);
        e.correlation = id;
        e.kind = kind;
        m_builder.addEvent(track, e);
    }

    TraceBuilder m_builder;
    std::int32_t m_process = 0;
    std::map<std::int64_t, std::uint32_t> m_streams;
    CorrelationId m_lastCorrelation = 0;
};

} // namespace tracelane::test
