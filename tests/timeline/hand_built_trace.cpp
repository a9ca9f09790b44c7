#include "hand_built_trace.h"

namespace tracelane::test {
namespace {

EventRef find(const Trace &trace, std::string_view name)
{
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t)
        for (std::uint32_t i = 0; i < trace.tracks[t].events.size(); ++i)
            if (trace.name({t, i}) == name)
                return {t, i};
    return {};
}

} // namespace

HandBuiltTrace handBuiltTrace()
{
    TraceBuilder b;
    const auto process = b.process(100);
    b.processAt(process).name = b.intern("python");
    const auto thread = b.thread(process, 101);
    b.threadAt(thread).name = b.intern("main");
    const auto device = b.device(0);
    b.deviceAt(device).name = b.intern("NVIDIA H100 80GB HBM3");
    const auto ranges = b.threadTrack(thread, TrackKind::ThreadRanges);
    const auto cpu = b.threadTrack(thread, TrackKind::CpuThread);
    const auto api = b.threadTrack(thread, TrackKind::ThreadApi);
    const auto gpu = b.streamTrack(b.stream(device, 7), TrackKind::GpuStream);

    b.addEvent(ranges, Event{500, 9000, b.intern("Iteration 1"), kNoArgs, 0, EventKind::Range});
    b.addEvent(cpu, Event{1000, 8000, b.intern("forward"), kNoArgs, 0, EventKind::CpuOp});
    b.args().add(b.intern("Input Dims"), ArgValue::ofJson(b.intern("[[32,3,224,224]]")));
    b.addEvent(cpu, Event{2000, 3000, b.intern("aten::conv2d"), kNoArgs, 0, EventKind::CpuOp});
    b.addEvent(api, Event{2500, 100, b.intern("cudaLaunchKernel"), kNoArgs, 7, EventKind::ApiCall});
    b.addEvent(api, Event{7000, 50, b.intern("cudaLaunchKernel"), kNoArgs, 8, EventKind::ApiCall});
    b.args().add(b.intern("grid"), ArgValue::ofJson(b.intern("[128,1,1]")));
    b.args().add(b.intern("block"), ArgValue::ofJson(b.intern("[256,1,1]")));
    b.args().add(b.intern("registers per thread"), ArgValue::ofInt(64));
    b.addEvent(gpu, Event{6000, 2000, b.intern("sgemm_kernel"), kNoArgs, 7, EventKind::Kernel});
    b.addEvent(gpu, Event{8500, 300, b.intern("relu_kernel"), kNoArgs, 8, EventKind::Kernel});

    HandBuiltTrace result;
    result.trace = b.finish();
    const Trace &t = *result.trace;
    result.sgemm = find(t, "sgemm_kernel");
    result.relu = find(t, "relu_kernel");
    result.firstLaunch = find(t, "cudaLaunchKernel");
    result.conv = find(t, "aten::conv2d");
    return result;
}

std::shared_ptr<const Trace> denseTrace(int count, TimeNs period, TimeNs duration)
{
    TraceBuilder b;
    const auto thread = b.thread(b.process(1), 1);
    const auto track = b.threadTrack(thread, TrackKind::CpuThread);
    const StringId names[] = {b.intern("tiny_a"), b.intern("tiny_b")};
    for (int i = 0; i < count; ++i)
        b.addEvent(track, Event{TimeNs(i) * period, duration, names[i % 2], kNoArgs, 0, EventKind::CpuOp});
    return b.finish();
}

} // namespace tracelane::test
