#include "rocprof_record.h"

#include <string_view>

namespace tracelane::rocprof {
namespace od = simdjson::ondemand;

bool isValueError(simdjson::error_code error)
{
    switch (error) {
    case simdjson::INCORRECT_TYPE:
    case simdjson::NUMBER_ERROR:
    case simdjson::NUMBER_OUT_OF_RANGE:
    case simdjson::STRING_ERROR:
    case simdjson::T_ATOM_ERROR:
    case simdjson::F_ATOM_ERROR:
    case simdjson::N_ATOM_ERROR: return true;
    default: return false;
    }
}

namespace {

using RocprofKey = od::raw_json_string;

// Calls `visit(key, value)` for each field of `object`, stopping at the first
// error that reading the field or `visit` returns.
template <typename Visit> simdjson::error_code forEachRocprofField(od::object &object, Visit &&visit)
{
    for (auto field : object) {
        RocprofKey key;
        od::value value;
        if (const auto error = field.key().get(key))
            return error;
        if (const auto error = field.value().get(value))
            return error;
        if (const auto error = visit(key, value))
            return error;
    }
    return simdjson::SUCCESS;
}

// Reads an unsigned number into `out` and sets `bit`; a value of another type
// (a negative number, a string) leaves both alone.
simdjson::error_code rocprofNumber(od::value value, std::uint64_t &out, std::uint32_t &present, std::uint32_t bit)
{
    std::uint64_t number = 0;
    const simdjson::error_code error = value.get_uint64().get(number);
    if (error)
        return isValueError(error) ? simdjson::SUCCESS : error;
    out = number;
    present |= bit;
    return simdjson::SUCCESS;
}

// rocprofiler ids are written as {"handle": N}; a bare number is taken too.
simdjson::error_code rocprofHandle(od::value value, std::uint64_t &out, std::uint32_t &present, std::uint32_t bit)
{
    od::json_type type;
    if (const auto error = value.type().get(type))
        return error;
    if (type == od::json_type::number)
        return rocprofNumber(value, out, present, bit);
    if (type != od::json_type::object)
        return simdjson::SUCCESS;
    od::object object;
    if (const auto error = value.get_object().get(object))
        return error;
    return forEachRocprofField(object, [&](RocprofKey key, od::value inner) -> simdjson::error_code {
        if (key.unsafe_is_equal("handle"))
            if (const auto error = rocprofNumber(inner, out, present, bit))
                return error;
        return simdjson::SUCCESS;
    });
}

simdjson::error_code rocprofDim3(od::value value, Dim3 &out)
{
    od::object object;
    if (const auto error = value.get_object().get(object))
        return isValueError(error) ? simdjson::SUCCESS : error;
    std::uint32_t ignored = 0;
    return forEachRocprofField(object, [&](RocprofKey key, od::value inner) -> simdjson::error_code {
        std::uint64_t *axis = key.unsafe_is_equal("x") ? &out.x
            : key.unsafe_is_equal("y")                 ? &out.y
            : key.unsafe_is_equal("z")                 ? &out.z
                                                       : nullptr;
        if (axis)
            if (const auto error = rocprofNumber(inner, *axis, ignored, 0))
                return error;
        return simdjson::SUCCESS;
    });
}

simdjson::error_code rocprofCorrelation(od::value value, Record &record)
{
    od::json_type type;
    if (const auto error = value.type().get(type))
        return error;
    if (type == od::json_type::number)
        return rocprofNumber(value, record.correlation, record.present, Record::Correlation);
    if (type != od::json_type::object)
        return simdjson::SUCCESS;
    od::object object;
    if (const auto error = value.get_object().get(object))
        return error;
    std::uint32_t ignored = 0;
    return forEachRocprofField(object, [&](RocprofKey key, od::value inner) -> simdjson::error_code {
        simdjson::error_code error = simdjson::SUCCESS;
        if (key.unsafe_is_equal("internal"))
            error = rocprofNumber(inner, record.correlation, record.present, Record::Correlation);
        else if (key.unsafe_is_equal("external"))
            error = rocprofHandle(inner, record.externalCorrelation, ignored, 0); // {"value": N} in some versions
        if (error)
            return error;
        return simdjson::SUCCESS;
    });
}

simdjson::error_code rocprofDispatchInfo(od::value value, Record &record)
{
    od::object object;
    if (const auto error = value.get_object().get(object))
        return isValueError(error) ? simdjson::SUCCESS : error;
    std::uint32_t ignored = 0;
    return forEachRocprofField(object, [&](RocprofKey key, od::value inner) -> simdjson::error_code {
        simdjson::error_code error = simdjson::SUCCESS;
        if (key.unsafe_is_equal("agent_id"))
            error = rocprofHandle(inner, record.agent, record.present, Record::Agent);
        else if (key.unsafe_is_equal("queue_id"))
            error = rocprofHandle(inner, record.queue, record.present, Record::Queue);
        else if (key.unsafe_is_equal("kernel_id"))
            error = rocprofNumber(inner, record.kernelId, record.present, Record::KernelId);
        else if (key.unsafe_is_equal("dispatch_id"))
            error = rocprofNumber(inner, record.dispatchId, ignored, 0);
        else if (key.unsafe_is_equal("private_segment_size"))
            error = rocprofNumber(inner, record.privateSegment, ignored, 0);
        else if (key.unsafe_is_equal("group_segment_size"))
            error = rocprofNumber(inner, record.groupSegment, ignored, 0);
        else if (key.unsafe_is_equal("workgroup_size"))
            error = rocprofDim3(inner, record.workgroup);
        else if (key.unsafe_is_equal("grid_size"))
            error = rocprofDim3(inner, record.grid);
        if (error)
            return error;
        return simdjson::SUCCESS;
    });
}

} // namespace

simdjson::error_code readHandle(od::value value, std::uint64_t &out, bool &found)
{
    std::uint32_t present = 0;
    const auto error = rocprofHandle(value, out, present, 1);
    found = present != 0;
    return error;
}

simdjson::error_code readRecord(od::object object, Record &record)
{
    return forEachRocprofField(object, [&](RocprofKey key, od::value value) -> simdjson::error_code {
        // By first letter: most keys are then told apart by one comparison.
        simdjson::error_code error = simdjson::SUCCESS;
        switch (key.raw()[0]) {
        case 's':
            if (key.unsafe_is_equal("start_timestamp"))
                error = rocprofNumber(value, record.start, record.present, Record::Start);
            else if (key.unsafe_is_equal("src_agent_id"))
                error = rocprofHandle(value, record.srcAgent, record.present, Record::SrcAgent);
            else if (key.unsafe_is_equal("stream_id")) {
                std::uint32_t ignored = 0;
                error = rocprofHandle(value, record.hipStream, ignored, 0);
            }
            break;
        case 'e':
            if (key.unsafe_is_equal("end_timestamp"))
                error = rocprofNumber(value, record.end, record.present, Record::End);
            break;
        case 'c':
            if (key.unsafe_is_equal("correlation_id"))
                error = rocprofCorrelation(value, record);
            break;
        case 't':
            if (key.unsafe_is_equal("thread_id"))
                error = rocprofNumber(value, record.threadId, record.present, Record::ThreadId);
            break;
        case 'k':
            if (key.unsafe_is_equal("kind"))
                error = rocprofNumber(value, record.kind, record.present, Record::Kind);
            break;
        case 'o':
            if (key.unsafe_is_equal("operation"))
                error = rocprofNumber(value, record.operation, record.present, Record::Operation);
            break;
        case 'd':
            if (key.unsafe_is_equal("dispatch_info"))
                error = rocprofDispatchInfo(value, record);
            else if (key.unsafe_is_equal("dst_agent_id"))
                error = rocprofHandle(value, record.dstAgent, record.present, Record::DstAgent);
            break;
        case 'b':
            if (key.unsafe_is_equal("bytes"))
                error = rocprofNumber(value, record.bytes, record.present, Record::Bytes);
            break;
        default: break;
        }
        if (error)
            return error;
        return simdjson::SUCCESS;
    });
}

} // namespace tracelane::rocprof
