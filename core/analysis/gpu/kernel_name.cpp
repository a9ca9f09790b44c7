#include "kernel_name.h"

#include <algorithm>
#include <cctype>
#include <vector>

namespace tracelane {
namespace {

constexpr std::string_view kAnonymousNamespace = "(anonymous namespace)";

bool isIdentifierChar(char c)
{
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

std::string_view trimmed(std::string_view s)
{
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
        s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
        s.remove_suffix(1);
    return s;
}

// The part before the parameter list: the first '(' outside template brackets
// that directly follows a name or a closing template bracket. "(anonymous
// namespace)" is part of the qualified name, not a parameter list.
std::string_view signatureHead(std::string_view s)
{
    int angle = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        const char c = s[i];
        if (c == '<')
            ++angle;
        else if (c == '>' && angle > 0)
            --angle;
        else if (c == '(' && angle == 0) {
            if (s.substr(i).starts_with(kAnonymousNamespace)) {
                i += kAnonymousNamespace.size() - 1;
                continue;
            }
            if (i > 0 && (isIdentifierChar(s[i - 1]) || s[i - 1] == '>'))
                return s.substr(0, i);
            return {};
        }
    }
    return {};
}

// "Kernel", "kernel2": a name that says nothing about the work.
bool isGenericName(std::string_view name)
{
    if (name.size() < 6 || (name[0] != 'K' && name[0] != 'k') || name.substr(1, 5) != "ernel")
        return false;
    for (const char c : name.substr(6))
        if (!std::isdigit(static_cast<unsigned char>(c)))
            return false;
    return true;
}

// The first template argument of `head`, if it is a plain (qualified) name.
std::string_view firstTemplateArgument(std::string_view head)
{
    const auto open = head.find('<');
    if (open == std::string_view::npos)
        return {};
    std::size_t end = open + 1;
    while (end < head.size() && (isIdentifierChar(head[end]) || head[end] == ':'))
        ++end;
    if (end == open + 1 || end >= head.size() || (head[end] != ',' && head[end] != '>'))
        return {};
    std::string_view arg = head.substr(open + 1, end - open - 1);
    if (const auto colons = arg.rfind("::"); colons != std::string_view::npos)
        arg = arg.substr(colons + 2);
    if (arg.empty() || std::isdigit(static_cast<unsigned char>(arg[0])))
        return {};
    return arg;
}

bool isBuiltinType(std::string_view t)
{
    for (std::string_view builtin : {"float", "double", "int", "long", "short", "char", "bool", "unsigned", "signed",
                                     "void", "true", "false", "nullptr", "half", "float2", "float4", "int2", "int4", "uint4", "size_t"}) {
        if (t == builtin)
            return true;
    }
    return false;
}

// Top-level template arguments of the first template argument list in `head`.
std::vector<std::string_view> templateArguments(std::string_view head)
{
    std::vector<std::string_view> args;
    const auto open = head.find('<');
    if (open == std::string_view::npos)
        return args;
    int depth = 0;
    std::size_t argStart = open + 1;
    for (std::size_t i = open; i < head.size(); ++i) {
        const char c = head[i];
        if (c == '<' || c == '(' || c == '[' || c == '{') {
            ++depth;
        } else if (c == '>' || c == ')' || c == ']' || c == '}') {
            if (--depth == 0) {
                args.push_back(trimmed(head.substr(argStart, i - argStart)));
                break;
            }
        } else if (c == ',' && depth == 1) {
            args.push_back(trimmed(head.substr(argStart, i - argStart)));
            argStart = i + 1;
        }
    }
    return args;
}

} // namespace

std::string kernelVariant(std::string_view name)
{
    const std::string_view full = trimmed(name);
    const std::string_view head = signatureHead(full);
    for (std::string_view arg : templateArguments(head.empty() ? full : head)) {
        if (const auto lt = arg.find('<'); lt != std::string_view::npos)
            arg = arg.substr(0, lt); // the type, not its own arguments
        if (const auto colons = arg.rfind("::"); colons != std::string_view::npos)
            arg = arg.substr(colons + 2);
        arg = trimmed(arg);
        const bool identifier = !arg.empty() && !std::isdigit(static_cast<unsigned char>(arg[0]))
                                && std::all_of(arg.begin(), arg.end(), isIdentifierChar);
        if (identifier && !isBuiltinType(arg) && arg.size() <= 40)
            return std::string(arg);
    }
    return {};
}

std::string shortOpName(std::string_view name)
{
    constexpr std::string_view kAutograd = "autograd::engine::evaluate_function: ";
    if (name.starts_with(kAutograd) && name.size() > kAutograd.size())
        name.remove_prefix(kAutograd.size());
    return std::string(name);
}

std::string shortKernelName(std::string_view name)
{
    const std::string_view full = trimmed(name);
    const std::string_view head = signatureHead(full);
    const bool looksLikeCpp = !head.empty() || full.find("::") != std::string_view::npos
                              || (full.find('<') != std::string_view::npos && full.back() == '>');
    if (!looksLikeCpp)
        return std::string(full);

    // Drop template arguments, keeping what is outside the outermost brackets.
    std::string bare;
    int angle = 0;
    for (const char c : head.empty() ? full : head) {
        if (c == '<')
            ++angle;
        else if (c == '>' && angle > 0)
            --angle;
        else if (angle == 0)
            bare += c;
    }
    std::string_view qualified = trimmed(bare);
    // A return type ("void ", "static void ") is separated from the name by a space.
    if (const auto space = qualified.rfind(' '); space != std::string_view::npos)
        qualified = qualified.substr(space + 1);
    // The function's own name is the last non-empty component.
    while (qualified.ends_with("::"))
        qualified.remove_suffix(2);
    if (const auto colons = qualified.rfind("::"); colons != std::string_view::npos)
        qualified = qualified.substr(colons + 2);
    if (qualified.empty())
        return std::string(full);
    if (isGenericName(qualified)) {
        const std::string_view inner = firstTemplateArgument(head.empty() ? full : head);
        if (!inner.empty())
            return std::string(inner);
    }
    return std::string(qualified);
}

} // namespace tracelane
