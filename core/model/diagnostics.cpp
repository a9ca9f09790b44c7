#include "diagnostics.h"

namespace tracelane {

void Diagnostics::add(std::string_view code, std::string_view message, std::string_view location,
                      std::uint64_t count)
{
    auto it = m_index.find(code);
    if (it == m_index.end()) {
        it = m_index.emplace(std::string(code), m_entries.size()).first;
        m_entries.push_back({std::string(code), std::string(message), 0, {}});
    }
    Diagnostic &d = m_entries[it->second];
    d.count += count;
    if (!location.empty() && d.examples.size() < kMaxExamples)
        d.examples.emplace_back(location);
}

void Diagnostics::addInformation(std::string_view code, std::string_view message, std::uint64_t count)
{
    add(code, message, {}, count);
    m_entries[m_index.find(code)->second].information = true;
}

bool Diagnostics::hasWarnings() const
{
    for (const Diagnostic &d : m_entries)
        if (!d.information)
            return true;
    return false;
}

const Diagnostic *Diagnostics::find(std::string_view code) const
{
    const auto it = m_index.find(code);
    return it == m_index.end() ? nullptr : &m_entries[it->second];
}

std::uint64_t Diagnostics::count(std::string_view code) const
{
    const Diagnostic *d = find(code);
    return d ? d->count : 0;
}

bool Diagnostics::wantsExample(std::string_view code) const
{
    const Diagnostic *d = find(code);
    return !d || d->examples.size() < kMaxExamples;
}

} // namespace tracelane
