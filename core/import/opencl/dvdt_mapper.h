#pragma once
// Turns dv/dt prof call records into the model:
//
//   every call -> ApiCall on the ThreadApi track of one host thread (process
//       "OpenCL host": the traces name no process or thread), from its host
//       timestamps; its scalar fields (kernel, queue, arg_index, errcode, ...)
//       and small arrays (gws, lws) as args. Program sources are left out.
//   clEnqueueNDRangeKernel -> also a Kernel on the GpuStream track of its queue
//       (streams numbered by first use, args "queue" keeps the handle), from
//       profiling start to end; args queued, submit (both on the host clock),
//       queuedToSubmit, submitToStart, queueDelay (start - queued), grid (gws),
//       block (lws; [0,0,0] = chosen by the runtime), offset (gwo), arguments (the
//       kernel arguments set by clSetKernelArg, see kernel_args.h), and M, N, K for
//       CLBlast Xgemm kernels. Host call and kernel share a correlation id, so
//       the trace links them with a launch flow.
//
// Clocks: host timestamps are wall-clock microseconds, profiling times are the
// device's nanosecond counter. The device clock is moved onto the host clock so
// that the first enqueue's submit time equals the start of its host call; the
// offset is kept in the trace metadata ("device clock offset (ns)").

#include "kernel_args.h"

#include "model/trace_builder.h"

#include <nlohmann/json_fwd.hpp>

#include <optional>
#include <string>
#include <unordered_map>

namespace tracelane::opencl {

class DvdtMapper
{
public:
    explicit DvdtMapper(TraceBuilder &builder);
    // `index` is the record's position in the array, for warnings.
    void add(const nlohmann::json &record, std::size_t index);
    void finish();

private:
    void addCallArgs(const nlohmann::json &record);
    void addKernel(const nlohmann::json &record, const std::string &kernel, TimeNs hostStart,
                   CorrelationId correlation, std::size_t index);
    std::uint32_t queueTrack(const std::string &queue);
    void warn(const char *code, const char *message, std::size_t index);

    TraceBuilder &m_builder;
    std::uint32_t m_hostTrack = 0;
    std::optional<TimeNs> m_offset;
    CorrelationId m_nextCorrelation = 1;
    std::unordered_map<std::string, KernelArgs> m_argsByKernel;
    std::unordered_map<std::string, std::string> m_kernelNames;  // from clCreateKernel
    std::unordered_map<std::string, std::string> m_queueDevices; // from clCreateCommandQueue
    std::unordered_map<std::string, std::uint32_t> m_queueTracks;
    std::unordered_map<std::string, std::int32_t> m_devices;
};

} // namespace tracelane::opencl
