#include "diagnostics.h"

namespace tracelane {

void Diagnostics::add(std::string_view code, std::string_view message, std::string_view location,
                      std::uint64_t count)
{
    for (Diagnostic &d : m_entries) {
        if (d.code == code) {
            d.count += count;
            if (!location.empty() && d.examples.size() < kMaxExamples)
                d.examples.emplace_back(location);
            return;
        }
    }
    Diagnostic d{std::string(code), std::string(message), count, {}};
    if (!location.empty())
        d.examples.emplace_back(location);
    m_entries.push_back(std::move(d));
}

std::uint64_t Diagnostics::count(std::string_view code) const
{
    for (const Diagnostic &d : m_entries)
        if (d.code == code)
            return d.count;
    return 0;
}

} // namespace tracelane
