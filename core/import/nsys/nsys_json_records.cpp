#include "nsys_json_records.h"

#include <charconv>
#include <limits>

namespace tracelane::nsys {

using nlohmann::json;

std::optional<std::int64_t> jsonInt(const json &object, const char *key)
{
    const auto it = object.find(key);
    if (it == object.end())
        return std::nullopt;
    if (it->is_number_unsigned()) {
        const auto v = it->get<std::uint64_t>();
        if (v > std::uint64_t(std::numeric_limits<std::int64_t>::max()))
            return std::nullopt;
        return static_cast<std::int64_t>(v);
    }
    if (it->is_number_integer())
        return it->get<std::int64_t>();
    if (it->is_string()) {
        const std::string &text = it->get_ref<const std::string &>();
        std::int64_t v = 0;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
        if (ec == std::errc() && end == text.data() + text.size() && !text.empty())
            return v;
    }
    return std::nullopt;
}

namespace {

std::int64_t intOr(const json &object, const char *key, std::int64_t fallback)
{
    return jsonInt(object, key).value_or(fallback);
}

} // namespace

bool readApiCall(const json &e, ApiCallRecord &r)
{
    const auto start = jsonInt(e, "startNs"), end = jsonInt(e, "endNs"), tid = jsonInt(e, "globalTid");
    if (!start || !end || !tid)
        return false;
    r.start = *start;
    r.end = *end;
    r.globalTid = *tid;
    r.correlation = intOr(e, "correlationId", 0);
    r.nameId = intOr(e, "name", -1);
    r.returnValue = jsonInt(e, "returnValue").value_or(intOr(e, "returnValue32", 0));
    return true;
}

bool readGpuOp(const json &e, GpuOpRecord &op)
{
    const auto start = jsonInt(e, "startNs"), end = jsonInt(e, "endNs");
    if (!start || !end)
        return false;
    op.start = *start;
    op.end = *end;
    op.deviceId = intOr(e, "deviceId", 0);
    op.streamId = intOr(e, "streamId", 0);
    op.correlation = intOr(e, "correlationId", 0);
    return true;
}

bool readKernel(const json &k, KernelRecord &r)
{
    r.demangledNameId = intOr(k, "demangledName", -1);
    r.shortNameId = intOr(k, "shortName", -1);
    r.mangledNameId = intOr(k, "mangledName", -1);
    r.grid = {intOr(k, "gridX", 0), intOr(k, "gridY", 0), intOr(k, "gridZ", 0)};
    r.block = {intOr(k, "blockX", 0), intOr(k, "blockY", 0), intOr(k, "blockZ", 0)};
    r.registersPerThread = intOr(k, "registersPerThread", 0);
    r.staticSharedMemory = intOr(k, "staticSharedMemory", 0);
    r.dynamicSharedMemory = intOr(k, "dynamicSharedMemory", 0);
    return r.demangledNameId >= 0 || r.shortNameId >= 0;
}

void readMemcpy(const json &m, MemcpyRecord &r)
{
    r.bytes = intOr(m, "sizebytes", 0);
    r.copyKind = intOr(m, "copyKind", 0);
    r.srcKind = intOr(m, "srcKind", -1);
    r.dstKind = intOr(m, "dstKind", -1);
}

void readMemset(const json &m, MemsetRecord &r)
{
    r.bytes = intOr(m, "sizebytes", 0);
    r.value = intOr(m, "value", 0);
    r.memKind = intOr(m, "memKind", -1);
}

void readSync(const json &s, const EnumLabels &labels, SyncRecord &r)
{
    r.syncType = 0;
    const auto it = s.find("syncType");
    if (it == s.end())
        return;
    if (it->is_string())
        r.syncType = labels.syncTypeByName(it->get_ref<const std::string &>()).value_or(intOr(s, "syncType", 0));
    else
        r.syncType = intOr(s, "syncType", 0);
}

bool readNvtx(const json &e, NvtxRecord &r, std::string_view &text)
{
    const auto type = jsonInt(e, "Type"), start = jsonInt(e, "Timestamp"), tid = jsonInt(e, "GlobalTid");
    if (!type || !start || !tid)
        return false;
    r.type = static_cast<int>(*type);
    r.start = *start;
    r.end = intOr(e, "EndTimestamp", -1);
    r.globalTid = *tid;
    r.domainId = intOr(e, "DomainId", 0);
    r.textId = intOr(e, "TextId", -1);
    r.text = 0;
    r.category = intOr(e, "Category", -1);
    r.color = intOr(e, "Color", -1);
    r.rangeId = intOr(e, "RangeId", -1);
    const auto it = e.find("Text");
    text = it != e.end() && it->is_string() ? std::string_view(it->get_ref<const std::string &>()) : std::string_view();
    return true;
}

} // namespace tracelane::nsys
