#pragma once
// Reads the event objects of an Nsight Systems JSON export into the records
// the SQLite export gives, e.g.
//   {"Type":80,"CudaEvent":{"startNs":"3876059907","endNs":"3876061123",
//    "correlationId":148,"deviceId":0,"streamId":"7",
//    "memcpy":{"sizebytes":"6912","copyKind":"1","srcKind":0,"dstKind":2}}}
// gives MemcpyRecord{op{3876059907, 3876061123, 0, 7, 148}, 6912, 1, 0, 2}.
// 64-bit numbers come as strings or as numbers; both are accepted. Each
// function returns false when a field the record cannot do without is missing.
// `Value` is NlohmannValue or SimdValue (nsys_json_value.h); both are
// instantiated in the .cpp.

#include "nsys_json_value.h"
#include "nsys_names.h"
#include "nsys_records.h"

namespace tracelane::nsys {

template<class Value> bool readApiCall(const Value &event, ApiCallRecord &r); // TraceProcessEvent
template<class Value> bool readGpuOp(const Value &event, GpuOpRecord &op);    // CudaEvent
template<class Value> bool readKernel(const Value &kernel, KernelRecord &r);  // CudaEvent.kernel
template<class Value> void readMemcpy(const Value &memcpy, MemcpyRecord &r);  // CudaEvent.memcpy
template<class Value> void readMemset(const Value &memset, MemsetRecord &r);  // CudaEvent.memset
template<class Value> void readSync(const Value &sync, const EnumLabels &labels, SyncRecord &r); // CudaEvent.sync
// NvtxEvent; inline "Text" is returned in `text` for the caller to intern.
template<class Value> bool readNvtx(const Value &event, NvtxRecord &r, std::string_view &text);

} // namespace tracelane::nsys
