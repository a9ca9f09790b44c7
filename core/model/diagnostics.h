#pragma once
// What an importer skipped or repaired, counted per kind of problem, with the
// first few locations so a user can find them in the file. Information is what
// every well-formed file of a format produces (e.g. Kineto's flow ends on CUDA
// calls that launch nothing): still counted, but not a warning.

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace tracelane {

struct Diagnostic
{
    std::string code;     // stable key, e.g. "flow-without-start"
    std::string message;  // what happened, for people
    std::uint64_t count = 0;
    std::vector<std::string> examples; // first locations ("byte 1234", "row 17")
    bool information = false;          // normal for the format: shown apart from warnings
};

class Diagnostics
{
public:
    static constexpr std::size_t kMaxExamples = 3;

    // Amortised O(1): importers call this once per bad record, and a file may
    // hold millions of them under as many codes.
    void add(std::string_view code, std::string_view message, std::string_view location = {},
             std::uint64_t count = 1);
    void note(std::string_view code, std::string_view message) { add(code, message, {}, 0); }
    // Counts something normal for the format, shown as information, not as a warning.
    void addInformation(std::string_view code, std::string_view message, std::uint64_t count = 1);
    const std::vector<Diagnostic> &entries() const { return m_entries; }
    std::uint64_t count(std::string_view code) const;
    // False once `code` holds kMaxExamples locations: callers can skip formatting one.
    bool wantsExample(std::string_view code) const;
    bool empty() const { return m_entries.empty(); }
    bool hasWarnings() const; // any entry that is not information

private:
    struct Hash
    {
        using is_transparent = void;
        std::size_t operator()(std::string_view text) const { return std::hash<std::string_view>()(text); }
    };
    const Diagnostic *find(std::string_view code) const;

    std::vector<Diagnostic> m_entries; // in order of first report
    std::unordered_map<std::string, std::size_t, Hash, std::equal_to<>> m_index; // code -> entry
};

} // namespace tracelane
