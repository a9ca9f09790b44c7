#pragma once
// nvprof stores a CUDA API call as its CUPTI callback id (cbid) and no name.
// These tables give the function names of the common runtime and driver
// calls, numbered as CUDA's cupti_runtime_cbid.h and cupti_driver_cbid.h
// (the ids are stable across CUDA versions: new calls only append).

#include <cstdint>
#include <string>

namespace tracelane::nvprof {

// "cudaLaunchKernel" for 211; "cudaRuntime(cbid 9999)" for an id not in the table.
std::string runtimeApiName(std::int64_t cbid);
// "cuLaunchKernel" for 307; "cudaDriver(cbid 9999)" for an id not in the table.
std::string driverApiName(std::int64_t cbid);

} // namespace tracelane::nvprof
