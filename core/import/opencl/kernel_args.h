#pragma once
// OpenCL kernel arguments as dv/dt prof records them: clSetKernelArg calls with
// arg_index, arg_size and arg_value, the argument's bytes in memory order as hex
// ("e0000000" is the 32-bit little-endian integer 224). The arguments in force
// when a kernel is enqueued are those last set for that kernel object.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace tracelane::opencl {

struct KernelArg
{
    std::int64_t size = 0;
    std::string hex; // arg_value as recorded; empty for a local-memory (NULL) argument
};

// Index -> argument, for one kernel object.
using KernelArgs = std::map<std::int64_t, KernelArg>;

// The little-endian integer in `hex` (1, 2, 4 or 8 bytes: 2..16 hex digits); nullopt otherwise.
std::optional<std::int64_t> littleEndianInt(std::string_view hex);

struct GemmSizes
{
    std::int64_t m = 0, n = 0, k = 0;
};

// CLBlast's GEMM kernels ("Xgemm", "XgemmDirectTN", ...) take M, N and K as their
// first three integer arguments; nullopt for other kernels or unreadable arguments.
std::optional<GemmSizes> gemmSizes(std::string_view kernelName, const KernelArgs &args);

// The arguments as a JSON array: [{"index":0,"size":4,"value":"e0000000","int":224}, ...]
// ("int" only where the value is a 1/2/4/8-byte integer).
std::string kernelArgsJson(const KernelArgs &args);

} // namespace tracelane::opencl
