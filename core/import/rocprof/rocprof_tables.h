#pragma once
// The lookup tables of one process's entry in a rocprofv3 JSON file, read
// before its records are mapped:
//
//   agents            {id: {handle}, type (1 CPU, 2 GPU), logical_node_type_id, product_name}
//   strings           buffer_records: [{kind: "HIP_RUNTIME_API", operations: [...]}] indexed
//                     by the records' numeric kind and operation; marker_api:
//                     [{key: correlation id, value: roctx message}]
//   kernel_symbols    [{kernel_id, kernel_name (mangled, ".kd" suffix), sgpr_count, ...}]

#include "model/trace_builder.h"

#include <simdjson.h>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace tracelane::rocprof {

struct Agent
{
    bool gpu = false;
    std::int32_t ordinal = 0; // the GPU's index among the node's GPUs
    std::string name;         // "AMD Instinct MI350X"
};

struct KernelSymbol
{
    std::string rawName; // as the code object names it, ".kd" suffix cut
    std::int64_t sgprs = -1, archVgprs = -1, accumVgprs = -1;
    // Resolved on first use: most symbols of a run never dispatch.
    bool resolved = false;
    StringId name = 0, shortName = 0, mangled = 0;
};

struct KindNames
{
    std::string kind; // "HIP_RUNTIME_API"
    std::vector<std::string> operations;
};

class Tables
{
public:
    std::unordered_map<std::uint64_t, Agent> agents;     // by handle
    std::vector<KindNames> kinds;                        // by numeric kind
    std::unordered_map<std::uint64_t, StringId> markerMessages; // by internal correlation id
    bool haveKinds = false, haveSymbols = false;

    const Agent *agent(std::uint64_t handle) const;
    // The interned operation name ("hipLaunchKernel"); a made-up one for numbers the strings lack.
    StringId operationName(TraceBuilder &builder, std::uint64_t kind, std::uint64_t operation);
    std::string_view kindName(std::uint64_t kind) const;
    KernelSymbol *symbol(std::uint64_t kernelId);
    void addSymbol(std::uint64_t kernelId, KernelSymbol symbol);

private:
    std::vector<std::vector<StringId>> m_operationIds; // interned lazily, by kind then operation
    std::map<std::pair<std::uint64_t, std::uint64_t>, StringId> m_unnamedOperations; // (kind, operation)
    std::vector<KernelSymbol> m_denseSymbols;           // kernel ids are 0..n in practice
    std::vector<bool> m_denseKnown;
    std::unordered_map<std::uint64_t, KernelSymbol> m_sparseSymbols;
    std::uint64_t m_symbolCount = 0;
};

// Section readers: each returns a document error; values of unexpected types are skipped.
simdjson::error_code readAgents(simdjson::ondemand::value value, Tables &tables);
simdjson::error_code readStrings(simdjson::ondemand::value value, Tables &tables, TraceBuilder &builder);
simdjson::error_code readKernelSymbols(simdjson::ondemand::value value, Tables &tables);

} // namespace tracelane::rocprof
