#pragma once
// What a collective is, whatever names it: PyTorch's `Collective name`
// argument ("allreduce", "_allgather_base", "reduce_scatter_tensor_coalesced"),
// its CPU op ("nccl:all_reduce", "c10d::broadcast_") or the NCCL/RCCL kernel
// ("ncclDevKernel_AllGather_RING_LL", "ncclKernel_SendRecv_..."); how many
// bytes an element of a PyTorch dtype has; and the bus bandwidth factor of
// nccl-tests. Definitions in docs/ANALYSIS_DISTRIBUTED.md.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tracelane {

// One spelling per collective: all_reduce, all_gather, reduce_scatter,
// all_to_all, broadcast, reduce, gather, scatter, send, recv, send_recv,
// barrier; any other name lower-cased as given. Empty for an empty name.
std::string canonicalCollective(std::string_view name);

// From a kernel name: "ncclDevKernel_AllReduce_Sum_f32_RING_LL" -> all_reduce.
// Empty when the name is not a collective kernel's.
std::string collectiveOfKernel(std::string_view kernelName);

// Bytes per element of a PyTorch scalar type as Kineto writes it ("Float",
// "BFloat16", "Long", "Float8_e4m3fn"...); nullopt for a type it does not know.
std::optional<std::uint64_t> dtypeBytes(std::string_view dtype);

// nccl-tests' bus bandwidth factor for `ranks` participants: all_reduce
// 2(n-1)/n; all_gather, reduce_scatter, all_to_all, gather, scatter (n-1)/n;
// broadcast, reduce, send, recv, send_recv 1. nullopt for a collective without
// one (barrier, unknown names) or fewer than one rank.
std::optional<double> busBandwidthFactor(std::string_view canonical, std::int64_t ranks);

} // namespace tracelane
