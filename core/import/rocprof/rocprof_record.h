#pragma once
// One buffer record of a rocprofv3 JSON file, as far as Tracelane uses it. The
// record kinds share their field names (rocprofiler-sdk's serialization), so
// one reader fills whichever of them the record has:
//
//   all           kind, operation, thread_id, correlation_id {internal, external},
//                 start_timestamp, end_timestamp
//   kernel        dispatch_info {agent_id, queue_id, kernel_id, dispatch_id,
//                 private_segment_size, group_segment_size, workgroup_size, grid_size},
//                 stream_id (newer releases)
//   memory copy   dst_agent_id, src_agent_id, bytes

#include <simdjson.h>

#include <cstdint>

namespace tracelane::rocprof {

struct Dim3
{
    std::uint64_t x = 0, y = 0, z = 0;
};

struct Record
{
    enum Field : std::uint32_t {
        Kind = 1u << 0,
        Operation = 1u << 1,
        ThreadId = 1u << 2,
        Correlation = 1u << 3,
        Start = 1u << 4,
        End = 1u << 5,
        Agent = 1u << 6,
        Queue = 1u << 7,
        KernelId = 1u << 8,
        DstAgent = 1u << 9,
        SrcAgent = 1u << 10,
        Bytes = 1u << 11,
    };
    std::uint32_t present = 0; // Field bits read from the record
    std::uint64_t kind = 0, operation = 0, threadId = 0;
    std::uint64_t correlation = 0, externalCorrelation = 0;
    std::uint64_t start = 0, end = 0;
    std::uint64_t agent = 0, queue = 0, kernelId = 0, dispatchId = 0;
    std::uint64_t privateSegment = 0, groupSegment = 0;
    Dim3 workgroup, grid;
    std::uint64_t dstAgent = 0, srcAgent = 0, bytes = 0;
    std::uint64_t hipStream = 0; // stream_id: the HIP stream that enqueued the work (0: none)

    bool has(std::uint32_t fields) const { return (present & fields) == fields; }
};

// Fills `record` from a JSON object. A field of the wrong type is left unset
// (the caller sees it missing); only damage to the document itself is returned
// as an error.
simdjson::error_code readRecord(simdjson::ondemand::object object, Record &record);

// Errors that leave the document readable: a value of an unexpected type or range.
bool isValueError(simdjson::error_code error);

// An id written as {"handle": N} (or a bare N): true when one was read.
simdjson::error_code readHandle(simdjson::ondemand::value value, std::uint64_t &out, bool &found);

} // namespace tracelane::rocprof
