#pragma once
// nlohmann's DOM as an nsys JSON value (see nsys_json_value.h): the parser of
// lines simdjson does not take.

#include "nsys_json_value.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <limits>

namespace tracelane::nsys {

class NlohmannValue
{
public:
    NlohmannValue() = default;
    explicit NlohmannValue(const nlohmann::json &value)
        : m_value(&value)
    {
    }

    explicit operator bool() const { return m_value != nullptr; }
    const nlohmann::json &json() const { return *m_value; }
    bool isObject() const { return m_value && m_value->is_object(); }
    bool isArray() const { return m_value && m_value->is_array(); }
    bool isString() const { return m_value && m_value->is_string(); }
    std::string_view string() const { return m_value->get_ref<const std::string &>(); }

    NlohmannValue find(const char *key) const
    {
        if (!isObject())
            return {};
        const auto it = m_value->find(key);
        return it == m_value->end() ? NlohmannValue() : NlohmannValue(*it);
    }

    std::optional<std::int64_t> integer() const
    {
        if (!m_value)
            return std::nullopt;
        if (m_value->is_number_unsigned()) {
            const auto v = m_value->get<std::uint64_t>();
            if (v > std::uint64_t(std::numeric_limits<std::int64_t>::max()))
                return std::nullopt;
            return static_cast<std::int64_t>(v);
        }
        if (m_value->is_number_integer())
            return m_value->get<std::int64_t>();
        if (m_value->is_string())
            return integerFromText(string());
        return std::nullopt;
    }

    // fn(index, element) for each element of an array.
    template <class Fn> void forEachElement(Fn &&fn) const
    {
        if (!isArray())
            return;
        for (std::size_t i = 0; i < m_value->size(); ++i)
            fn(i, NlohmannValue((*m_value)[i]));
    }

private:
    const nlohmann::json *m_value = nullptr;
};

} // namespace tracelane::nsys
