#pragma once
// What an importer skipped or repaired, counted per kind of problem, with the
// first few locations so a user can find them in the file.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tracelane {

struct Diagnostic
{
    std::string code;     // stable key, e.g. "flow-without-start"
    std::string message;  // what happened, for people
    std::uint64_t count = 0;
    std::vector<std::string> examples; // first locations ("byte 1234", "row 17")
};

class Diagnostics
{
public:
    static constexpr std::size_t kMaxExamples = 3;

    void add(std::string_view code, std::string_view message, std::string_view location = {},
             std::uint64_t count = 1);
    void note(std::string_view code, std::string_view message) { add(code, message, {}, 0); }
    const std::vector<Diagnostic> &entries() const { return m_entries; }
    std::uint64_t count(std::string_view code) const;
    bool empty() const { return m_entries.empty(); }

private:
    std::vector<Diagnostic> m_entries;
};

} // namespace tracelane
