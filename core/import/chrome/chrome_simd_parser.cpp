#include "chrome_simd_parser.h"

#include "chrome_sax_handler.h"
#include "json_compact.h"
#include "json_number_token.h"
#include "raw_event_fields.h"

#include "export/table.h"

#include <charconv>
#include <simdjson.h>

namespace tracelane {

namespace od = simdjson::ondemand;

namespace {

// A value's token without the spaces On-Demand leaves after it.
bool numberToken(od::value &value, JsonNumberToken &number, std::string_view &token)
{
    token = value.raw_json_token();
    while (!token.empty() && (token.back() == ' ' || token.back() == '\n' || token.back() == '\r'
                              || token.back() == '\t'))
        token.remove_suffix(1);
    number = classifyJsonNumber(token);
    return number.kind != JsonNumberToken::Kind::Invalid;
}

bool isNull(od::value &value)
{
    bool null = false;
    return !value.is_null().get(null) && null;
}

// Calls visit(key, member) for each member of an object (`key` its unescaped
// name, valid until the next string is read) or each element of an array
// (`key` empty); false on a parse error or when visit returns false.
template <typename Visit>
bool forEachMember(od::value value, od::json_type type, Visit &&visit)
{
    if (type == od::json_type::object) {
        od::object object;
        if (value.get_object().get(object))
            return false;
        for (auto field : object) {
            std::string_view key;
            od::value inner;
            if (field.unescaped_key().get(key) || field.value().get(inner) || !visit(key, inner))
                return false;
        }
        return true;
    }
    od::array array;
    if (value.get_array().get(array))
        return false;
    for (auto element : array) {
        od::value inner;
        if (element.get(inner) || !visit(std::string_view(), inner))
            return false;
    }
    return true;
}

// Nesting this parser follows by recursion; deeper documents go to nlohmann,
// which skips them by counting.
constexpr std::size_t kMaxDepth = 256;

// Reads (and so validates) a value nobody needs, as nlohmann would; `depth`
// counts the containers around it.
bool consume(od::value value, std::size_t depth)
{
    if (depth > kMaxDepth)
        return false;
    od::json_type type;
    if (value.type().get(type))
        return false;
    switch (type) {
    case od::json_type::object:
    case od::json_type::array:
        return forEachMember(value, type, [&](std::string_view, od::value inner) { return consume(inner, depth + 1); });
    case od::json_type::string: {
        std::string_view text;
        return !value.get_string().get(text);
    }
    case od::json_type::number: {
        JsonNumberToken number;
        std::string_view token;
        return numberToken(value, number, token);
    }
    case od::json_type::boolean: {
        bool flag = false;
        return !value.get_bool().get(flag);
    }
    case od::json_type::null:
        return isNull(value);
    }
    return false;
}

// An argument's object or array as compact JSON text, written as
// ChromeSaxHandler captures it: containers deeper than kMaxArgDepth become "...".
class ArgCapture
{
public:
    explicit ArgCapture(std::string &out) : m_out(out) {}
    bool truncated() const { return m_truncated; }

    bool write(od::value value, std::size_t depth)
    {
        od::json_type type;
        if (value.type().get(type))
            return false;
        switch (type) {
        case od::json_type::object:
        case od::json_type::array:
            if (depth > ChromeSaxHandler::kMaxArgDepth) {
                m_out += "\"...\"";
                m_truncated = true;
                return consume(value, depth + 2); // inside the event, its args and the argument
            }
            return writeContainer(value, type, depth);
        case od::json_type::string: {
            std::string_view text;
            if (value.get_string().get(text))
                return false;
            appendJsonString(m_out, text);
            return true;
        }
        case od::json_type::number: {
            JsonNumberToken number;
            std::string_view token;
            if (!numberToken(value, number, token))
                return false;
            if (number.kind == JsonNumberToken::Kind::Integer) {
                char digits[24];
                m_out.append(digits, std::to_chars(digits, digits + sizeof digits, number.integer).ptr);
            } else {
                m_out += token; // floats as written; big unsigned integers print as their token
            }
            return true;
        }
        case od::json_type::boolean: {
            bool flag = false;
            if (value.get_bool().get(flag))
                return false;
            m_out += flag ? "true" : "false";
            return true;
        }
        case od::json_type::null:
            m_out += "null";
            return isNull(value);
        }
        return false;
    }

private:
    bool writeContainer(od::value value, od::json_type type, std::size_t depth)
    {
        const bool object = type == od::json_type::object;
        m_out += object ? '{' : '[';
        bool first = true;
        const bool read = forEachMember(value, type, [&](std::string_view key, od::value inner) {
            if (!first)
                m_out += ',';
            first = false;
            if (object) {
                appendJsonString(m_out, key);
                m_out += ':';
            }
            return write(inner, depth + 1);
        });
        m_out += object ? '}' : ']';
        return read;
    }

    std::string &m_out;
    bool m_truncated = false;
};

// Per-chunk working space.
struct Scratch
{
    std::string capture;
    const char *textEnd = nullptr; // the chunk text's end
};

// One "args" entry, as ChromeSaxHandler sets it.
bool readArg(od::value value, RawArg &arg, Scratch &scratch)
{
    od::json_type type;
    if (value.type().get(type))
        return false;
    switch (type) {
    case od::json_type::string: {
        std::string_view text;
        if (value.get_string().get(text))
            return false;
        arg.kind = RawArg::Kind::String;
        arg.i = 0;
        arg.d = 0.0;
        arg.text.assign(text);
        return true;
    }
    case od::json_type::number: {
        JsonNumberToken number;
        std::string_view token;
        if (!numberToken(value, number, token))
            return false;
        if (number.kind == JsonNumberToken::Kind::Integer) {
            arg.kind = RawArg::Kind::Int;
            arg.i = number.integer;
        } else {
            arg.kind = RawArg::Kind::Double;
            arg.i = 0;
            arg.d = double(number.unsignedValue());
            if (number.kind == JsonNumberToken::Kind::Float && value.get_double().get(arg.d))
                return false;
        }
        return true;
    }
    case od::json_type::boolean: {
        bool flag = false;
        if (value.get_bool().get(flag))
            return false;
        arg.kind = RawArg::Kind::Bool;
        arg.i = flag ? 1 : 0;
        arg.d = 0.0;
        return true;
    }
    case od::json_type::null:
        arg.kind = RawArg::Kind::Null;
        arg.i = 0;
        arg.d = 0.0;
        return isNull(value);
    case od::json_type::object:
    case od::json_type::array: {
        arg.kind = RawArg::Kind::Json;
        // Usually the value's text, less its spaces, is the capture: copied,
        // and On-Demand skips the value unread. Otherwise it is rewritten.
        std::string &capture = scratch.capture;
        capture.clear();
        if (compactJsonValue(value.raw_json_token().data(), scratch.textEnd, ChromeSaxHandler::kMaxArgDepth,
                             capture)) {
            arg.text.assign(capture);
            return true;
        }
        capture.clear();
        ArgCapture writer(capture);
        if (!writer.write(value, 1))
            return false;
        arg.text.assign(capture);
        arg.truncated = writer.truncated();
        return true;
    }
    }
    return false;
}

// One of the event's own fields.
bool readEventField(od::value value, EventField field, RawEvent &event, Scratch &scratch)
{
    od::json_type type;
    if (value.type().get(type))
        return false;
    switch (type) {
    case od::json_type::string: {
        std::string_view text;
        if (value.get_string().get(text))
            return false;
        setEventField(event, field, RawArg::Kind::String, 0, text, false);
        return true;
    }
    case od::json_type::number: {
        JsonNumberToken number;
        std::string_view token;
        if (!numberToken(value, number, token))
            return false;
        if (number.kind == JsonNumberToken::Kind::Integer)
            setEventField(event, field, RawArg::Kind::Int, number.integer, {}, false);
        else if (number.kind == JsonNumberToken::Kind::Unsigned)
            setEventField(event, field, RawArg::Kind::String, 0, token, false); // as its decimal text
        else
            setEventField(event, field, RawArg::Kind::Int, 0, token, true);
        return true;
    }
    case od::json_type::boolean: {
        bool flag = false;
        if (value.get_bool().get(flag))
            return false;
        setEventField(event, field, RawArg::Kind::Bool, flag ? 1 : 0, {}, false);
        return true;
    }
    case od::json_type::null:
        setEventField(event, field, RawArg::Kind::Null, 0, {}, false);
        return isNull(value);
    case od::json_type::object:
        if (field == EventField::Args)
            return forEachMember(value, type, [&](std::string_view key, od::value inner) {
                RawArg &arg = event.nextArg();
                arg.key.assign(key); // before readArg reads another string over it
                return readArg(inner, arg, scratch);
            });
        markNonScalarTime(event, field);
        return consume(value, 2);
    case od::json_type::array:
        markNonScalarTime(event, field);
        return consume(value, 2);
    }
    return false;
}

} // namespace

struct ChromeSimdParser::State
{
    od::parser parser;
    Scratch scratch;
};

ChromeSimdParser::ChromeSimdParser() : m_state(std::make_unique<State>()) {}

ChromeSimdParser::~ChromeSimdParser() = default;

bool ChromeSimdParser::parse(std::string &text, std::vector<RawEvent> &batch, std::size_t &count,
                             std::uint64_t &nonObjectEvents)
{
    count = 0;
    nonObjectEvents = 0;
    if (text.size() > kMaxChunkBytes)
        return false;
    if (text.capacity() < text.size() + simdjson::SIMDJSON_PADDING)
        text.reserve(text.size() + simdjson::SIMDJSON_PADDING);
    m_state->scratch.textEnd = text.data() + text.size();
    od::document document;
    od::array events;
    if (m_state->parser.iterate(text.data(), text.size(), text.capacity()).get(document)
        || document.get_array().get(events))
        return false;
    std::uint64_t element = 0;
    for (auto item : events) {
        od::value value;
        od::json_type type;
        if (item.get(value) || value.type().get(type))
            return false;
        if (type != od::json_type::object) {
            ++nonObjectEvents;
            ++element;
            if (!consume(value, 1))
                return false;
            continue;
        }
        od::object object;
        if (value.get_object().get(object))
            return false;
        if (count == batch.size())
            batch.emplace_back();
        RawEvent &event = batch[count];
        event.reset();
        event.byteOffset = element++; // element index; the importer makes it a byte offset
        for (auto field : object) {
            std::string_view key;
            od::value fieldValue;
            if (field.unescaped_key().get(key) || field.value().get(fieldValue))
                return false;
            event.hasFields = true;
            if (!readEventField(fieldValue, eventFieldOf(key), event, m_state->scratch))
                return false;
        }
        ++count;
    }
    return true; // the scanner closed the array: nothing follows it
}

} // namespace tracelane
