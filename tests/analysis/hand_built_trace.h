#pragma once
// Small traces built in code for the summary tests: one process (pid 100), CPU
// threads by tid, one GPU stream. Every launch gets its own correlation id, so
// TraceBuilder::finish() links the call to its GPU operation.

#include "model/trace_builder.h"

#include <memory>
#include <string>

namespace tracelane::test {

class HandBuiltTrace
{
public:
    HandBuiltTrace()
    {
        m_process = m_builder.process(100);
        m_gpu = m_builder.streamTrack(m_builder.stream(m_builder.device(0), 7), TrackKind::GpuStream);
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
                TimeNs opDuration, EventKind kind = EventKind::Kernel)
    {
        const CorrelationId id = ++m_lastCorrelation;
        add(apiTrack(tid), callStart, callEnd - callStart, "cudaLaunchKernel", id, EventKind::ApiCall);
        add(m_gpu, opStart, opDuration, opName, id, kind);
    }
    void gpuOp(TimeNs start, TimeNs duration, const std::string &name, EventKind kind = EventKind::Kernel)
    {
        add(m_gpu, start, duration, name, 0, kind);
    }

    std::shared_ptr<Trace> finish() { return m_builder.finish(); }

private:
    std::int32_t thread(std::int64_t tid) { return m_builder.thread(m_process, tid); }
    std::uint32_t apiTrack(std::int64_t tid) { return m_builder.threadTrack(thread(tid), TrackKind::ThreadApi); }
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
    std::uint32_t m_gpu = 0;
    CorrelationId m_lastCorrelation = 0;
};

} // namespace tracelane::test
