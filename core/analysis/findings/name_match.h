#pragma once
// A test on event names evaluated once per distinct name: a trace repeats a
// few thousand names millions of times.

#include "model/string_table.h"

#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

namespace tracelane::findings {

template<typename Test>
class NameMatch
{
public:
    NameMatch(const StringTable &strings, Test test)
        : m_strings(strings), m_test(std::move(test)), m_known(strings.size(), kUnknown)
    {
    }

    bool operator()(StringId name)
    {
        if (name >= m_known.size())
            return m_test(m_strings.view(name));
        std::uint8_t &known = m_known[name];
        if (known == kUnknown)
            known = m_test(m_strings.view(name)) ? 1 : 0;
        return known == 1;
    }

private:
    static constexpr std::uint8_t kUnknown = 2;
    const StringTable &m_strings;
    Test m_test;
    std::vector<std::uint8_t> m_known;
};

} // namespace tracelane::findings
