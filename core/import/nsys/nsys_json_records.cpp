#include "nsys_json_records.h"

#include "nsys_json_nlohmann_value.h"
#include "nsys_json_simd_value.h"

namespace tracelane::nsys {

namespace {

template<class Value>
std::int64_t intOr(const Value &object, const char *key, std::int64_t fallback)
{
    return jsonInt(object, key).value_or(fallback);
}

} // namespace

template<class Value>
bool readApiCall(const Value &e, ApiCallRecord &r)
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

template<class Value>
bool readGpuOp(const Value &e, GpuOpRecord &op)
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

template<class Value>
bool readKernel(const Value &k, KernelRecord &r)
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

template<class Value>
void readMemcpy(const Value &m, MemcpyRecord &r)
{
    r.bytes = intOr(m, "sizebytes", 0);
    r.copyKind = intOr(m, "copyKind", 0);
    r.srcKind = intOr(m, "srcKind", -1);
    r.dstKind = intOr(m, "dstKind", -1);
}

template<class Value>
void readMemset(const Value &m, MemsetRecord &r)
{
    r.bytes = intOr(m, "sizebytes", 0);
    r.value = intOr(m, "value", 0);
    r.memKind = intOr(m, "memKind", -1);
}

template<class Value>
void readSync(const Value &s, const EnumLabels &labels, SyncRecord &r)
{
    r.syncType = 0;
    const Value type = s.find("syncType");
    if (!type)
        return;
    if (type.isString())
        r.syncType = labels.syncTypeByName(type.string()).value_or(intOr(s, "syncType", 0));
    else
        r.syncType = intOr(s, "syncType", 0);
}

template<class Value>
bool readNvtx(const Value &e, NvtxRecord &r, std::string_view &text)
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
    const Value inlineText = e.find("Text");
    text = inlineText.isString() ? inlineText.string() : std::string_view();
    return true;
}

#define TRACELANE_NSYS_JSON_READERS(Value)                                                                       \
    template bool readApiCall(const Value &, ApiCallRecord &);                                                   \
    template bool readGpuOp(const Value &, GpuOpRecord &);                                                       \
    template bool readKernel(const Value &, KernelRecord &);                                                     \
    template void readMemcpy(const Value &, MemcpyRecord &);                                                     \
    template void readMemset(const Value &, MemsetRecord &);                                                     \
    template void readSync(const Value &, const EnumLabels &, SyncRecord &);                                     \
    template bool readNvtx(const Value &, NvtxRecord &, std::string_view &);
TRACELANE_NSYS_JSON_READERS(NlohmannValue)
TRACELANE_NSYS_JSON_READERS(SimdValue)
#undef TRACELANE_NSYS_JSON_READERS

} // namespace tracelane::nsys
