#pragma once
// Reads the event objects of an Nsight Systems JSON export into the records
// the SQLite export gives, e.g.
//   {"Type":80,"CudaEvent":{"startNs":"3876059907","endNs":"3876061123",
//    "correlationId":148,"deviceId":0,"streamId":"7",
//    "memcpy":{"sizebytes":"6912","copyKind":"1","srcKind":0,"dstKind":2}}}
// gives MemcpyRecord{op{3876059907, 3876061123, 0, 7, 148}, 6912, 1, 0, 2}.
// 64-bit numbers come as strings or as numbers; both are accepted. Each
// function returns false when a field the record cannot do without is missing.

#include "nsys_names.h"
#include "nsys_records.h"

#include <nlohmann/json.hpp>

#include <optional>

namespace tracelane::nsys {

// A JSON number or a string holding a decimal integer.
std::optional<std::int64_t> jsonInt(const nlohmann::json &object, const char *key);

bool readApiCall(const nlohmann::json &event, ApiCallRecord &r); // TraceProcessEvent
bool readGpuOp(const nlohmann::json &event, GpuOpRecord &op);    // CudaEvent
bool readKernel(const nlohmann::json &kernel, KernelRecord &r);  // CudaEvent.kernel
void readMemcpy(const nlohmann::json &memcpy, MemcpyRecord &r);  // CudaEvent.memcpy
void readMemset(const nlohmann::json &memset, MemsetRecord &r);  // CudaEvent.memset
void readSync(const nlohmann::json &sync, const EnumLabels &labels, SyncRecord &r); // CudaEvent.sync
// NvtxEvent; inline "Text" is returned in `text` for the caller to intern.
bool readNvtx(const nlohmann::json &event, NvtxRecord &r, std::string_view &text);

} // namespace tracelane::nsys
