#include "op_flops.h"

#include <nlohmann/json.hpp>

#include <array>
#include <charconv>

namespace tracelane {

namespace {

using FlopsDims = std::vector<std::vector<std::int64_t>>;

std::uint64_t flopsProduct(const std::vector<std::int64_t> &dims)
{
    std::uint64_t p = 1;
    for (std::int64_t d : dims)
        p *= static_cast<std::uint64_t>(d);
    return p;
}

// A recorded input is a tensor when its type is a dtype ("float",
// "c10::BFloat16"), not "Scalar", a list or empty (None).
bool flopsIsTensor(const std::vector<std::string> &types, std::size_t i)
{
    if (types.empty())
        return true; // no types recorded: trust the shapes
    if (i >= types.size())
        return false;
    const std::string &t = types[i];
    return !t.empty() && t.rfind("Scalar", 0) != 0 && t.find("List") == std::string::npos;
}

// "[2, 2]" or "2" as integers; empty on anything else.
std::vector<std::int64_t> flopsIntList(std::string_view text)
{
    std::vector<std::int64_t> out;
    std::size_t i = 0;
    while (i < text.size()) {
        const char c = text[i];
        if (c == '-' || (c >= '0' && c <= '9')) {
            std::int64_t v = 0;
            const auto [end, ec] = std::from_chars(text.data() + i, text.data() + text.size(), v);
            if (ec != std::errc())
                return {};
            out.push_back(v);
            i = static_cast<std::size_t>(end - text.data());
        } else if (c == '[' || c == ']' || c == ',' || c == ' ') {
            ++i;
        } else {
            return {};
        }
    }
    return out;
}

std::optional<std::uint64_t> flopsNonZero(std::uint64_t v)
{
    return v == 0 ? std::nullopt : std::optional<std::uint64_t>(v);
}

std::optional<std::uint64_t> flopsGemm(const FlopsDims &dims, const std::vector<std::string> &types, std::size_t a,
                                       bool batched)
{
    if (dims.size() <= a + 1 || !flopsIsTensor(types, a) || !flopsIsTensor(types, a + 1))
        return std::nullopt;
    const auto &mat1 = dims[a];
    const auto &mat2 = dims[a + 1];
    if (mat1.empty() || mat1.back() == 0 || (batched && mat1.front() == 0))
        return std::nullopt;
    std::uint64_t flops = flopsProduct(mat1) / static_cast<std::uint64_t>(mat1.back());
    if (batched)
        flops /= static_cast<std::uint64_t>(mat1.front());
    return flopsNonZero(2 * flops * flopsProduct(mat2));
}

std::optional<std::uint64_t> flopsConv2d(const FlopsDims &dims, const std::vector<std::string> &types,
                                         const std::vector<std::string> &concrete)
{
    // conv2d(input, weight, bias, stride, padding, dilation, groups)
    if (dims.size() < 2 || concrete.size() < 7 || !flopsIsTensor(types, 0) || !flopsIsTensor(types, 1))
        return std::nullopt;
    const auto &input = dims[0];
    const auto &weight = dims[1];
    const auto stride = flopsIntList(concrete[3]);
    const auto padding = flopsIntList(concrete[4]);
    const auto dilation = flopsIntList(concrete[5]);
    const auto groups = flopsIntList(concrete[6]);
    if (input.size() != 4 || weight.size() != 4 || stride.size() != 2 || padding.size() != 2 || dilation.size() != 2
        || groups.size() != 1 || groups[0] <= 0 || stride[0] * stride[1] == 0)
        return std::nullopt;
    const std::int64_t outH = (input[2] + 2 * padding[0] - dilation[0] * (weight[2] - 1) - 1) / stride[0] + 1;
    const std::int64_t outW = (input[3] + 2 * padding[1] - dilation[1] * (weight[3] - 1) - 1) / stride[1] + 1;
    if (outH <= 0 || outW <= 0)
        return std::nullopt;
    const auto u = [](std::int64_t v) { return static_cast<std::uint64_t>(v); };
    return flopsNonZero(2 * u(input[0]) * u(outH) * u(outW) * u(weight[2]) * u(weight[3]) * u(input[1])
                        * u(weight[0]) / u(groups[0]));
}

bool flopsCovered(std::string_view name)
{
    return name == "aten::mm" || name == "aten::addmm" || name == "aten::bmm" || name == "aten::baddbmm"
        || name == "aten::conv2d" || name == "aten::mul" || name == "aten::add";
}

FlopsDims flopsDimsOf(const nlohmann::json &j)
{
    FlopsDims dims;
    if (!j.is_array())
        return dims;
    for (const auto &input : j) {
        std::vector<std::int64_t> shape;
        if (input.is_array())
            for (const auto &d : input)
                if (d.is_number_integer())
                    shape.push_back(d.get<std::int64_t>());
        dims.push_back(std::move(shape));
    }
    return dims;
}

std::vector<std::string> flopsStringsOf(const nlohmann::json &j)
{
    std::vector<std::string> out;
    if (j.is_array())
        for (const auto &v : j)
            out.push_back(v.is_string() ? v.get<std::string>() : v.dump());
    return out;
}

nlohmann::json flopsJsonArg(const Trace &trace, const std::optional<ArgValue> &value)
{
    if (!value || (value->type != ArgType::Json && value->type != ArgType::String))
        return nlohmann::json();
    return nlohmann::json::parse(trace.strings.view(value->s), nullptr, false);
}

} // namespace

std::string_view flopsSourceName(FlopsSource source)
{
    switch (source) {
    case FlopsSource::TraceArg: return "trace";
    case FlopsSource::InputDims: return "Input Dims";
    case FlopsSource::None: break;
    }
    return "";
}

std::optional<std::uint64_t> pytorchFlops(std::string_view opName, const FlopsDims &dims,
                                          const std::vector<std::string> &types,
                                          const std::vector<std::string> &concrete)
{
    if (opName == "aten::mm" || opName == "aten::bmm")
        return flopsGemm(dims, types, 0, opName == "aten::bmm");
    if (opName == "aten::addmm" || opName == "aten::baddbmm")
        return flopsGemm(dims, types, 1, opName == "aten::baddbmm");
    if (opName == "aten::conv2d")
        return flopsConv2d(dims, types, concrete);
    if (opName == "aten::mul" || opName == "aten::add") {
        if (dims.empty() || !flopsIsTensor(types, 0))
            return std::nullopt;
        return flopsProduct(dims[0]);
    }
    return std::nullopt;
}

OpFlops opFlops(const Trace &trace)
{
    OpFlops out;
    out.ops = collectAutogradOps(trace);
    const std::size_t n = out.ops.size();
    out.flops.assign(n, 0);
    out.source.assign(n, FlopsSource::None);
    out.counted.assign(n, false);

    constexpr StringId kAbsent = 0xFFFFFFFFu;
    const std::array<StringId, 4> keys = {
        trace.strings.find("flops").value_or(kAbsent), trace.strings.find("Input Dims").value_or(kAbsent),
        trace.strings.find("Input type").value_or(kAbsent), trace.strings.find("Concrete Inputs").value_or(kAbsent)};
    std::array<std::optional<ArgValue>, 4> values;
    for (std::size_t i = 0; i < n; ++i) {
        const AutogradOp &op = out.ops[i];
        const Track &track = trace.tracks[op.ref.track];
        const Event &e = track.events[op.ref.index];
        if (e.args == kNoArgs)
            continue;
        const bool covered = flopsCovered(op.name);
        if (keys[0] == kAbsent && !covered)
            continue;
        findArgs(trace.argSchemas, track.argBlob, e.args, keys, values);
        if (values[0]) {
            const auto v = values[0]->asDouble();
            if (v && *v > 0) {
                out.flops[i] = static_cast<std::uint64_t>(*v);
                out.source[i] = FlopsSource::TraceArg;
                continue;
            }
        }
        if (!covered || !values[1])
            continue;
        // Only conv2d reads Concrete Inputs: the other ops skip parsing it.
        const auto flops = pytorchFlops(
            op.name, flopsDimsOf(flopsJsonArg(trace, values[1])), flopsStringsOf(flopsJsonArg(trace, values[2])),
            op.name == "aten::conv2d" ? flopsStringsOf(flopsJsonArg(trace, values[3])) : std::vector<std::string>());
        if (flops && *flops > 0) {
            out.flops[i] = *flops;
            out.source[i] = FlopsSource::InputDims;
        }
    }

    // Innermost rule: ops come by thread, then start, the enclosing op first, so
    // a stack of open ops holds each op's ancestors; a closing op tells its
    // parent whether anything inside it had FLOPs.
    std::vector<std::size_t> open;
    std::vector<bool> nestedHasFlops(n, false);
    const auto close = [&](std::size_t j) {
        out.counted[j] = out.flops[j] > 0 && !nestedHasFlops[j];
        open.pop_back();
        if (!open.empty() && (out.flops[j] > 0 || nestedHasFlops[j]))
            nestedHasFlops[open.back()] = true;
    };
    for (std::size_t i = 0; i < n; ++i) {
        const AutogradOp &op = out.ops[i];
        while (!open.empty()) {
            const AutogradOp &top = out.ops[open.back()];
            if (top.thread == op.thread && op.start >= top.start && op.end <= top.end)
                break;
            close(open.back());
        }
        open.push_back(i);
        out.any = out.any || out.flops[i] > 0;
    }
    while (!open.empty())
        close(open.back());
    return out;
}

} // namespace tracelane
