#include "rocprof_tables.h"

#include "rocprof_record.h"

#include <string_view>

namespace tracelane::rocprof {
namespace od = simdjson::ondemand;

namespace {

// Calls `visit(key, value)` for each field of an object; a value that is not
// an object is skipped.
template <typename Visit>
simdjson::error_code rocprofEachField(od::value value, Visit &&visit)
{
    od::object object;
    if (const auto error = value.get_object().get(object))
        return isValueError(error) ? simdjson::SUCCESS : error;
    for (auto field : object) {
        od::raw_json_string key;
        od::value inner;
        if (const auto error = field.key().get(key))
            return error;
        if (const auto error = field.value().get(inner))
            return error;
        if (const auto error = visit(key, inner))
            return error;
    }
    return simdjson::SUCCESS;
}

template <typename Visit>
simdjson::error_code rocprofEachElement(od::value value, Visit &&visit)
{
    od::array array;
    if (const auto error = value.get_array().get(array))
        return isValueError(error) ? simdjson::SUCCESS : error;
    for (auto element : array) {
        od::value inner;
        if (const auto error = element.get(inner))
            return error;
        if (const auto error = visit(inner))
            return error;
    }
    return simdjson::SUCCESS;
}

simdjson::error_code rocprofText(od::value value, std::string &out)
{
    std::string_view text;
    const auto error = value.get_string().get(text);
    if (error)
        return isValueError(error) ? simdjson::SUCCESS : error;
    out.assign(text.substr(0, TraceBuilder::kMaxNameLength));
    return simdjson::SUCCESS;
}

simdjson::error_code rocprofInt(od::value value, std::int64_t &out)
{
    std::int64_t number = 0;
    const auto error = value.get_int64().get(number);
    if (error)
        return isValueError(error) ? simdjson::SUCCESS : error;
    out = number;
    return simdjson::SUCCESS;
}

std::string_view rocprofCutSuffix(std::string_view name, std::string_view suffix)
{
    return name.size() > suffix.size() && name.substr(name.size() - suffix.size()) == suffix
               ? name.substr(0, name.size() - suffix.size())
               : name;
}

} // namespace

const Agent *Tables::agent(std::uint64_t handle) const
{
    const auto it = agents.find(handle);
    return it == agents.end() ? nullptr : &it->second;
}

std::string_view Tables::kindName(std::uint64_t kind) const
{
    return kind < kinds.size() ? std::string_view(kinds[kind].kind) : std::string_view();
}

StringId Tables::operationName(TraceBuilder &builder, std::uint64_t kind, std::uint64_t operation)
{
    // Named operations are cached by index, so the cache is as large as the
    // file's name tables; numbers outside them go to a map of their own.
    const bool named = kind < kinds.size() && operation < kinds[kind].operations.size()
                       && !kinds[kind].operations[operation].empty();
    if (named) {
        if (m_operationIds.size() <= kind)
            m_operationIds.resize(kinds.size());
        auto &ids = m_operationIds[kind];
        if (ids.empty())
            ids.resize(kinds[kind].operations.size(), 0);
        if (!ids[operation])
            ids[operation] = builder.internName(kinds[kind].operations[operation]);
        return ids[operation];
    }
    const auto [it, inserted] = m_unnamedOperations.try_emplace({kind, operation}, 0);
    if (inserted)
        it->second = builder.internName(
            (kind < kinds.size() && !kinds[kind].kind.empty() ? kinds[kind].kind : "kind " + std::to_string(kind))
            + " operation " + std::to_string(operation));
    return it->second;
}

KernelSymbol *Tables::symbol(std::uint64_t kernelId)
{
    if (kernelId < m_denseSymbols.size())
        return m_denseKnown[kernelId] ? &m_denseSymbols[kernelId] : nullptr;
    const auto it = m_sparseSymbols.find(kernelId);
    return it == m_sparseSymbols.end() ? nullptr : &it->second;
}

void Tables::addSymbol(std::uint64_t kernelId, KernelSymbol symbol)
{
    // Ids are 0..n in practice; a far id goes to the map, so the vector stays
    // linear in the symbols the file lists, whatever ids it claims.
    ++m_symbolCount;
    if (kernelId < 2 * m_symbolCount + 1024) {
        if (m_denseSymbols.size() <= kernelId) {
            m_denseSymbols.resize(kernelId + 1);
            m_denseKnown.resize(kernelId + 1, false);
        }
        m_denseSymbols[kernelId] = std::move(symbol);
        m_denseKnown[kernelId] = true;
    } else {
        m_sparseSymbols[kernelId] = std::move(symbol);
    }
}

simdjson::error_code readAgents(od::value value, Tables &tables)
{
    return rocprofEachElement(value, [&](od::value element) {
        std::uint64_t handle = 0;
        bool haveHandle = false;
        std::int64_t type = 0, ordinal = -1, node = -1;
        std::string product, name;
        const auto error = rocprofEachField(element, [&](od::raw_json_string key, od::value inner) {
            if (key.unsafe_is_equal("id"))
                return readHandle(inner, handle, haveHandle);
            if (key.unsafe_is_equal("type"))
                return rocprofInt(inner, type);
            if (key.unsafe_is_equal("logical_node_type_id"))
                return rocprofInt(inner, ordinal);
            if (key.unsafe_is_equal("logical_node_id"))
                return rocprofInt(inner, node);
            if (key.unsafe_is_equal("product_name"))
                return rocprofText(inner, product);
            if (key.unsafe_is_equal("name"))
                return rocprofText(inner, name);
            return simdjson::SUCCESS;
        });
        if (error || !haveHandle)
            return error;
        Agent agent;
        agent.gpu = type == 2; // ROCPROFILER_AGENT_TYPE_GPU
        agent.ordinal = static_cast<std::int32_t>(ordinal >= 0 && ordinal < (1 << 20) ? ordinal
                                                  : node >= 0 && node < (1 << 20)       ? node
                                                                                        : 0);
        agent.name = !product.empty() ? product : name;
        tables.agents[handle] = std::move(agent);
        return simdjson::SUCCESS;
    });
}

simdjson::error_code readStrings(od::value value, Tables &tables, TraceBuilder &builder)
{
    return rocprofEachField(value, [&](od::raw_json_string key, od::value inner) {
        if (key.unsafe_is_equal("buffer_records")) {
            tables.kinds.clear();
            tables.haveKinds = true;
            return rocprofEachElement(inner, [&](od::value element) {
                KindNames names;
                const auto error = rocprofEachField(element, [&](od::raw_json_string field, od::value data) {
                    if (field.unsafe_is_equal("kind"))
                        return rocprofText(data, names.kind);
                    if (field.unsafe_is_equal("operations"))
                        return rocprofEachElement(data, [&](od::value operation) {
                            names.operations.emplace_back();
                            return rocprofText(operation, names.operations.back());
                        });
                    return simdjson::SUCCESS;
                });
                tables.kinds.push_back(std::move(names));
                return error;
            });
        }
        if (key.unsafe_is_equal("marker_api")) {
            // A map written by cereal: [{"key": id, "value": "message"}].
            return rocprofEachElement(inner, [&](od::value element) {
                std::int64_t id = -1;
                std::string message;
                const auto error = rocprofEachField(element, [&](od::raw_json_string field, od::value data) {
                    if (field.unsafe_is_equal("key"))
                        return rocprofInt(data, id);
                    if (field.unsafe_is_equal("value"))
                        return rocprofText(data, message);
                    return simdjson::SUCCESS;
                });
                if (!error && id >= 0)
                    tables.markerMessages[static_cast<std::uint64_t>(id)] = builder.internName(message);
                return error;
            });
        }
        return simdjson::SUCCESS;
    });
}

simdjson::error_code readKernelSymbols(od::value value, Tables &tables)
{
    tables.haveSymbols = true;
    return rocprofEachElement(value, [&](od::value element) {
        std::int64_t id = -1;
        KernelSymbol symbol;
        std::string formatted;
        const auto error = rocprofEachField(element, [&](od::raw_json_string key, od::value inner) {
            if (key.unsafe_is_equal("kernel_id"))
                return rocprofInt(inner, id);
            if (key.unsafe_is_equal("kernel_name"))
                return rocprofText(inner, symbol.rawName);
            if (key.unsafe_is_equal("formatted_kernel_name"))
                return rocprofText(inner, formatted);
            if (key.unsafe_is_equal("sgpr_count"))
                return rocprofInt(inner, symbol.sgprs);
            if (key.unsafe_is_equal("arch_vgpr_count"))
                return rocprofInt(inner, symbol.archVgprs);
            if (key.unsafe_is_equal("accum_vgpr_count"))
                return rocprofInt(inner, symbol.accumVgprs);
            return simdjson::SUCCESS;
        });
        if (error || id < 0)
            return error;
        // The code object's symbol names the kernel descriptor: "<name>.kd".
        symbol.rawName = std::string(rocprofCutSuffix(symbol.rawName, ".kd"));
        if (symbol.rawName.empty())
            symbol.rawName = std::move(formatted);
        tables.addSymbol(static_cast<std::uint64_t>(id), std::move(symbol));
        return simdjson::SUCCESS;
    });
}

} // namespace tracelane::rocprof
