#include "dvdt_mapper.h"

#include "iso_time.h"

#include "model/time_math.h"

#include <nlohmann/json.hpp>

namespace tracelane::opencl {
namespace {

using nlohmann::json;

// Arrays longer than this (build option lists, event wait lists of a big graph)
// are not worth an argument.
constexpr std::size_t kMaxArrayArgChars = 1024;

std::string stringField(const json &record, const char *key)
{
    const auto it = record.find(key);
    return it != record.end() && it->is_string() ? it->get<std::string>() : std::string();
}

std::optional<TimeNs> hostTime(const json &record, const char *key)
{
    const auto ts = record.find("timestamp");
    if (ts == record.end() || !ts->is_object())
        return std::nullopt;
    const auto value = ts->find(key);
    if (value == ts->end() || !value->is_string())
        return std::nullopt;
    return parseIsoTime(value->get_ref<const std::string &>());
}

std::optional<TimeNs> deviceTime(const json &profiling, const char *key)
{
    const auto value = profiling.find(key);
    if (value == profiling.end() || !value->is_number_integer())
        return std::nullopt;
    return value->get<std::int64_t>();
}

} // namespace

DvdtMapper::DvdtMapper(TraceBuilder &builder)
    : m_builder(builder)
{
    const std::int32_t process = builder.namedProcess("OpenCL host");
    const std::int32_t thread = builder.thread(process, 0);
    builder.threadAt(thread).name = builder.intern("host thread");
    builder.setApiLaneName("OpenCL API");
    m_hostTrack = builder.threadTrack(thread, TrackKind::ThreadApi);
}

void DvdtMapper::warn(const char *code, const char *message, std::size_t index)
{
    m_builder.diagnostics().add(code, message, "record " + std::to_string(index));
}

void DvdtMapper::add(const json &record, std::size_t index)
{
    if (!record.is_object() || !record.contains("call") || !record["call"].is_string()) {
        warn("dvdt-record-invalid", "array entries that are not OpenCL call records were skipped", index);
        return;
    }
    const std::string call = record["call"].get<std::string>();
    const auto start = hostTime(record, "start");
    const auto end = hostTime(record, "end");
    if (!start || !end || *end < *start) {
        warn("dvdt-timestamp-invalid", "calls without readable ISO start and end times were skipped", index);
        return;
    }
    const std::string kernel = stringField(record, "kernel");
    if (call == "clCreateKernel" && !kernel.empty())
        m_kernelNames[kernel] = stringField(record, "name");
    else if (call == "clCreateCommandQueue")
        m_queueDevices[stringField(record, "queue")] = stringField(record, "device");
    else if (call == "clSetKernelArg") {
        const auto indexIt = record.find("arg_index");
        if (indexIt != record.end() && indexIt->is_number_integer()) {
            const auto size = record.find("arg_size");
            m_argsByKernel[kernel][indexIt->get<std::int64_t>()] =
                KernelArg{size != record.end() && size->is_number_integer() ? size->get<std::int64_t>() : 0,
                          stringField(record, "arg_value")};
        } else {
            warn("dvdt-kernel-arg-invalid", "clSetKernelArg calls without an argument index were not applied", index);
        }
    }

    Event e;
    e.start = *start;
    e.duration = saturatingSub(*end, *start);
    e.name = m_builder.internName(call);
    e.kind = EventKind::ApiCall;
    if (call == "clEnqueueNDRangeKernel")
        e.correlation = m_nextCorrelation++;
    addCallArgs(record);
    m_builder.addEvent(m_hostTrack, e, std::int64_t(index));
    if (e.correlation)
        addKernel(record, kernel, *start, e.correlation, index);
}

void DvdtMapper::addCallArgs(const json &record)
{
    ArgWriter &args = m_builder.args();
    for (auto it = record.begin(); it != record.end(); ++it) {
        const std::string &key = it.key();
        if (key == "call" || key == "timestamp")
            continue;
        const json &v = it.value();
        ArgValue value;
        if (v.is_string())
            value = ArgValue::ofString(m_builder.internName(v.get_ref<const std::string &>()));
        else if (v.is_number_integer())
            value = ArgValue::ofInt(v.get<std::int64_t>());
        else if (v.is_number())
            value = ArgValue::ofDouble(v.get<double>());
        else if (v.is_boolean())
            value = ArgValue::ofBool(v.get<bool>());
        else if (v.is_array()) {
            const std::string text = v.dump();
            if (text.size() > kMaxArrayArgChars)
                continue;
            value = ArgValue::ofJson(m_builder.intern(text));
        } else {
            continue; // objects: program sources, profiling (shown on the kernel)
        }
        args.add(m_builder.intern(key), value);
    }
}

std::uint32_t DvdtMapper::queueTrack(const std::string &queue)
{
    const auto [it, inserted] = m_queueTracks.try_emplace(queue, 0);
    if (inserted) {
        const std::string deviceHandle = m_queueDevices.count(queue) ? m_queueDevices[queue] : std::string();
        const auto [device, newDevice] =
            m_devices.try_emplace(deviceHandle, static_cast<std::int32_t>(m_devices.size()));
        const std::int32_t deviceIndex = m_builder.device(device->second);
        if (newDevice && !deviceHandle.empty())
            m_builder.deviceAt(deviceIndex).name = m_builder.intern("OpenCL device " + deviceHandle);
        it->second = m_builder.streamTrack(
            m_builder.stream(deviceIndex, static_cast<std::int64_t>(m_queueTracks.size() - 1)), TrackKind::GpuStream);
        m_builder.trackAt(it->second).name = m_builder.internName("Queue " + queue);
    }
    return it->second;
}

void DvdtMapper::addKernel(const json &record, const std::string &kernel, TimeNs hostStart, CorrelationId correlation,
                           std::size_t index)
{
    const auto profiling = record.find("profiling");
    if (profiling == record.end() || !profiling->is_object()) {
        warn("dvdt-enqueue-without-profiling", "enqueues without device profiling times have no kernel on the queue",
             index);
        return;
    }
    const auto queued = deviceTime(*profiling, "queued"), submit = deviceTime(*profiling, "submit"),
               start = deviceTime(*profiling, "start"), end = deviceTime(*profiling, "end");
    if (!queued || !submit || !start || !end || *queued > *submit || *submit > *start || *start > *end) {
        warn("dvdt-profiling-invalid", "enqueues whose profiling times are missing or out of order have no kernel",
             index);
        return;
    }
    if (!m_offset)
        m_offset = saturatingSub(hostStart, *submit);
    const TimeNs offset = *m_offset;

    std::string name = stringField(record, "name");
    if (name.empty() && m_kernelNames.count(kernel))
        name = m_kernelNames[kernel];
    const KernelArgs &kernelArgs = m_argsByKernel[kernel];

    ArgWriter &args = m_builder.args();
    auto key = [this](const char *text) { return m_builder.intern(text); };
    args.add(key("queue"), ArgValue::ofString(m_builder.intern(stringField(record, "queue"))));
    // Device times are any int64 the file holds: checked arithmetic throughout.
    args.add(key("queued"), ArgValue::ofInt(saturatingAdd(*queued, offset)));
    args.add(key("submit"), ArgValue::ofInt(saturatingAdd(*submit, offset)));
    args.add(key("queuedToSubmit"), ArgValue::ofInt(saturatingSub(*submit, *queued)));
    args.add(key("submitToStart"), ArgValue::ofInt(saturatingSub(*start, *submit)));
    args.add(key("queueDelay"), ArgValue::ofInt(saturatingSub(*start, *queued)));
    for (const auto &[field, argName] : {std::pair{"gws", "grid"}, {"lws", "block"}, {"gwo", "offset"}})
        if (const auto it = record.find(field); it != record.end() && it->is_array())
            args.add(key(argName), ArgValue::ofJson(m_builder.intern(it->dump())));
    args.add(key("arguments"), ArgValue::ofJson(m_builder.intern(kernelArgsJson(kernelArgs))));
    if (const auto gemm = gemmSizes(name, kernelArgs)) {
        args.add(key("M"), ArgValue::ofInt(gemm->m));
        args.add(key("N"), ArgValue::ofInt(gemm->n));
        args.add(key("K"), ArgValue::ofInt(gemm->k));
    }
    Event e;
    e.start = saturatingAdd(*start, offset);
    e.duration = saturatingSub(*end, *start);
    e.name = m_builder.internName(name);
    e.correlation = correlation;
    e.kind = EventKind::Kernel;
    m_builder.addEvent(queueTrack(stringField(record, "queue")), e, std::int64_t(index));
}

void DvdtMapper::finish()
{
    if (m_offset) {
        m_builder.source().metadata.emplace_back("device clock offset (ns)", std::to_string(*m_offset));
        m_builder.source().metadata.emplace_back(
            "clock alignment", "device times moved so the first enqueue's submit equals the start of its host call");
    }
}

} // namespace tracelane::opencl
