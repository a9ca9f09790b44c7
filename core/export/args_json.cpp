#include "args_json.h"

#include "table.h"

#include <charconv>
#include <cmath>

namespace tracelane {

void appendArgsJson(std::string &out, const Trace &trace, const Track &track, const Event &event)
{
    out += '{';
    if (event.args != kNoArgs) {
        bool first = true;
        char buffer[32];
        for (const Arg &arg : decodeArgs(trace.argSchemas, track.argBlob, event.args)) {
            if (!first)
                out += ',';
            first = false;
            appendJsonString(out, trace.strings.view(arg.key));
            out += ':';
            const ArgValue &v = arg.value;
            switch (v.type) {
            case ArgType::Null: out += "null"; break;
            case ArgType::Bool: out += v.i ? "true" : "false"; break;
            case ArgType::Int: out.append(buffer, std::to_chars(buffer, buffer + sizeof buffer, v.i).ptr); break;
            case ArgType::Double:
                if (std::isfinite(v.d))
                    out.append(buffer, std::to_chars(buffer, buffer + sizeof buffer, v.d).ptr);
                else
                    out += "null";
                break;
            case ArgType::String: appendJsonString(out, trace.strings.view(v.s)); break;
            case ArgType::Json: {
                const std::string_view text = trace.strings.view(v.s);
                out += text.empty() ? std::string_view("null") : text;
                break;
            }
            }
        }
    }
    out += '}';
}

} // namespace tracelane
