#include "marker_text.h"

#include <array>
#include <charconv>
#include <string>

namespace tracelane {
namespace {

constexpr std::string_view kEngineWrapper = "autograd::engine::evaluate_function:";

// The integer after "key = " (spaces around '=' optional) at the start of `text`.
std::optional<std::int64_t> fieldValue(std::string_view text, std::string_view key)
{
    if (text.substr(0, key.size()) != key)
        return std::nullopt;
    text.remove_prefix(key.size());
    while (!text.empty() && text.front() == ' ')
        text.remove_prefix(1);
    if (text.empty() || text.front() != '=')
        return std::nullopt;
    text.remove_prefix(1);
    while (!text.empty() && text.front() == ' ')
        text.remove_prefix(1);
    std::int64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end == text.data())
        return std::nullopt;
    return value;
}

// The value of 'key': '...' in a Python dict repr, or empty.
std::string_view pythonDictString(std::string_view text, std::string_view key)
{
    const std::string quotedKey = "'" + std::string(key) + "': '";
    const std::size_t at = text.find(quotedKey);
    if (at == std::string_view::npos)
        return {};
    const std::size_t begin = at + quotedKey.size();
    const std::size_t end = text.find('\'', begin);
    return end == std::string_view::npos ? std::string_view() : text.substr(begin, end - begin);
}

MarkerInfo autogradOp(std::string_view text)
{
    // The name ends at the first ", <field> =" of a known field.
    static constexpr std::array<std::string_view, 5> kFields{"seq", "stashed seq", "op_id", "sizes", "input_op_ids"};
    std::size_t nameEnd = std::string_view::npos;
    for (std::size_t comma = text.find(", "); comma != std::string_view::npos; comma = text.find(", ", comma + 1)) {
        const std::string_view rest = text.substr(comma + 2);
        for (const std::string_view field : kFields) {
            const std::string_view after = rest.substr(0, field.size() + 2);
            if (rest.substr(0, field.size()) == field
                && (after.substr(field.size()).starts_with(" =") || after.substr(field.size()).starts_with("="))) {
                nameEnd = comma;
                break;
            }
        }
        if (nameEnd != std::string_view::npos)
            break;
    }
    MarkerInfo info;
    if (nameEnd == std::string_view::npos)
        return info;
    info.kind = MarkerKind::AutogradOp;
    info.name = text.substr(0, nameEnd);
    for (std::size_t comma = nameEnd; comma != std::string_view::npos; comma = text.find(", ", comma + 1)) {
        const std::string_view field = text.substr(comma + 2);
        if (auto v = fieldValue(field, "seq"); v && !info.seq)
            info.seq = v;
        else if (auto s = fieldValue(field, "stashed seq"); s && !info.seq) {
            info.seq = s;
            info.stashedSeq = true;
        } else if (auto id = fieldValue(field, "op_id"); id && !info.opId)
            info.opId = id;
    }
    return info;
}

} // namespace

std::string_view markerKindName(MarkerKind kind)
{
    switch (kind) {
    case MarkerKind::Layer: return "layer";
    case MarkerKind::CallTrace: return "call-trace";
    case MarkerKind::ModuleRepr: return "module";
    case MarkerKind::PyprofArgs: return "op-arguments";
    case MarkerKind::AutogradOp: return "autograd-op";
    case MarkerKind::Other: break;
    }
    return "other";
}

MarkerInfo classifyMarker(std::string_view text)
{
    MarkerInfo info;
    info.name = text;
    if (text.starts_with("layer:")) {
        info.kind = MarkerKind::Layer;
        info.name = text.substr(6);
        return info;
    }
    if (text.starts_with("{")) {
        if (text.find("'traceMarker'") != std::string_view::npos) {
            info.kind = MarkerKind::CallTrace;
        } else if (text.find("'strRepr'") != std::string_view::npos) {
            info.kind = MarkerKind::ModuleRepr;
            info.name = pythonDictString(text, "mod");
        } else if (text.find("'mod'") != std::string_view::npos && text.find("'op'") != std::string_view::npos) {
            info.kind = MarkerKind::PyprofArgs;
            info.name = pythonDictString(text, "op");
        }
        return info;
    }
    const MarkerInfo op = autogradOp(text);
    return op.kind == MarkerKind::AutogradOp ? op : info;
}

bool isBackwardEngineWrapper(std::string_view name)
{
    return name.starts_with(kEngineWrapper);
}

bool looksBackward(std::string_view name)
{
    return name.find("Backward") != std::string_view::npos || name.ends_with("_backward");
}

} // namespace tracelane
