#pragma once
// simdjson's DOM as an nsys JSON value (see nsys_json_value.h). Where a key
// repeats, the last one counts, as in nlohmann: both parsers read a line alike.

#include "nsys_json_value.h"

#include <simdjson.h>

#include <cstddef>

namespace tracelane::nsys {

class SimdValue
{
public:
    SimdValue() = default;
    explicit SimdValue(simdjson::dom::element value)
        : m_value(value)
        , m_present(true)
    {
    }

    explicit operator bool() const { return m_present; }
    bool isObject() const { return m_present && m_value.is_object(); }
    bool isArray() const { return m_present && m_value.is_array(); }
    bool isString() const { return m_present && m_value.is_string(); }
    std::string_view string() const
    {
        std::string_view text;
        return m_value.get_string().get(text) ? std::string_view() : text;
    }

    SimdValue find(std::string_view key) const
    {
        SimdValue found;
        simdjson::dom::object object;
        if (!m_present || m_value.get_object().get(object))
            return found;
        for (const simdjson::dom::key_value_pair field : object)
            if (field.key == key)
                found = SimdValue(field.value);
        return found;
    }

    std::optional<std::int64_t> integer() const
    {
        if (!m_present)
            return std::nullopt;
        // simdjson keeps an integer as int64 when it fits, else as uint64 (beyond
        // int64, so unusable) or double.
        if (std::int64_t v = 0; !m_value.get_int64().get(v))
            return v;
        if (m_value.is_string())
            return integerFromText(string());
        return std::nullopt;
    }

    template <class Fn> void forEachElement(Fn &&fn) const
    {
        simdjson::dom::array array;
        if (!m_present || m_value.get_array().get(array))
            return;
        std::size_t i = 0;
        for (const simdjson::dom::element element : array)
            fn(i++, SimdValue(element));
    }

private:
    simdjson::dom::element m_value;
    bool m_present = false;
};

} // namespace tracelane::nsys
