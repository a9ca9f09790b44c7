#pragma once
// The worst shapes of input for Tracelane's per-event steps, generated at any
// size: each once made a step walk over everything before it, so loading or
// analysing grew with the square of the input. Used by tests/robustness (small
// sizes, scaling and results checked) and bench/bench_adversarial (up to 1 M
// events, time per event printed).

#include "model/trace_builder.h"

#include <cstdio>
#include <fstream>
#include <memory>
#include <string>

namespace tracelane::adversarial {

// Chrome trace: on thread 1 one slice "long" over [0, 10n] µs holding n/2
// children; n/2 flows ("s") start at its end, after every child, and finish
// ("f", "bp":"e") on slices of thread 2. Each start binds to "long".
inline void writeFlowsAtEndOfLongSlice(const std::string &path, std::size_t n)
{
    const std::size_t half = n / 2;
    std::ofstream out(path, std::ios::binary);
    out << "{\"traceEvents\":[\n";
    out << R"({"ph":"X","cat":"cpu_op","name":"long","pid":1,"tid":1,"ts":0,"dur":)" << 10 * n << "}";
    for (std::size_t i = 0; i < half; ++i)
        out << ",\n"
            << R"({"ph":"X","cat":"cpu_op","name":"child","pid":1,"tid":1,"ts":)" << 10 * i + 1 << R"(,"dur":5})";
    for (std::size_t i = 0; i < half; ++i) {
        const std::size_t end = 10 * n + 100 + 10 * i;
        out << ",\n"
            << R"({"ph":"s","cat":"fwdbwd","name":"f","id":)" << i << R"(,"pid":1,"tid":1,"ts":)" << 10 * n - 1
            << "},\n"
            << R"({"ph":"X","cat":"cpu_op","name":"target","pid":1,"tid":2,"ts":)" << end << R"(,"dur":5},)"
            << "\n"
            << R"({"ph":"f","bp":"e","cat":"fwdbwd","name":"f","id":)" << i << R"(,"pid":1,"tid":2,"ts":)" << end + 1
            << "}";
    }
    out << "\n]}\n";
}

// Chrome trace: n async slices of one name that all overlap (slice i spans
// [i, i + n] µs), so every slice needs a lane of its own.
inline void writeOverlappingAsync(const std::string &path, std::size_t n)
{
    std::ofstream out(path, std::ios::binary);
    out << "[\n";
    for (std::size_t i = 0; i < n; ++i) {
        out << (i ? ",\n" : "") << R"({"ph":"b","cat":"async","name":"request","id":)" << i
            << R"(,"pid":1,"tid":1,"ts":)" << i << "},\n"
            << R"({"ph":"e","cat":"async","name":"request","id":)" << i << R"(,"pid":1,"tid":1,"ts":)" << i + n << "}";
    }
    out << "\n]\n";
}

// Nsight Systems JSON export: one API call launching one kernel, then n
// records, each of a kind nobody knows ("Kind0", "Kind1", ...).
inline void writeUnknownRecordKinds(const std::string &path, std::size_t n)
{
    std::ofstream out(path, std::ios::binary);
    out << R"({"data":["cudaLaunchKernel","gemm"]})" << '\n';
    out << R"({"Type":48,"TraceProcessEvent":{"startNs":"1000","endNs":"2000","correlationId":7,"eventClass":0,)"
           R"("name":"0","returnValue32":0,"globalTid":"281492945110063"}})"
        << '\n';
    out << R"({"Type":79,"CudaEvent":{"startNs":"3000","endNs":"4000","correlationId":7,"deviceId":0,)"
           R"("streamId":"7","kernel":{"demangledName":"1","shortName":"1"}}})"
        << '\n';
    for (std::size_t i = 0; i < n; ++i)
        out << R"({"Type":9999,"Kind)" << i << R"(":{"x":1}})" << '\n';
}

// In memory: n NVTX-style ranges nested inside each other on one thread
// (range i spans [i, 4n - i]) around one API call launching one kernel, so
// every range projects onto the GPU and is n - 1 levels deep at the bottom.
inline std::shared_ptr<Trace> deepRangesAroundLaunch(std::size_t n)
{
    TraceBuilder builder;
    const std::int32_t thread = builder.thread(builder.process(100), 100);
    const std::uint32_t ranges = builder.threadTrack(thread, TrackKind::ThreadRanges);
    const std::uint32_t api = builder.threadTrack(thread, TrackKind::ThreadApi);
    const std::uint32_t stream = builder.streamTrack(builder.stream(builder.device(0), 7), TrackKind::GpuStream);
    const StringId rangeName = builder.intern("level");
    const auto size = static_cast<TimeNs>(n);
    for (TimeNs i = 0; i < size; ++i) {
        Event e;
        e.start = i;
        e.duration = 4 * size - 2 * i;
        e.name = rangeName;
        e.kind = EventKind::Range;
        builder.addEvent(ranges, e);
    }
    Event call;
    call.start = 2 * size;
    call.duration = 1;
    call.name = builder.intern("cudaLaunchKernel");
    call.kind = EventKind::ApiCall;
    call.correlation = 1;
    builder.addEvent(api, call);
    Event kernel;
    kernel.start = 2 * size + 10;
    kernel.duration = 5;
    kernel.name = builder.intern("gemm");
    kernel.kind = EventKind::Kernel;
    kernel.correlation = 1;
    builder.addEvent(stream, kernel);
    return builder.finish();
}

} // namespace tracelane::adversarial
