#pragma once
// PyTorch's profiler (Kineto before its fix for pytorch#146900) writes event
// names without escaping '"': with with_stack, a torch.compile frame becomes
//     "name": "{"device": "cpu", "dtype": "float32"}(12): run", "pid": 7,
// and the whole file stops being JSON. This stage, put between the file and
// the chunk scanner only when a first read failed, finds where such a string
// really ends and escapes the quotes inside it. Only values of "name" are
// repaired.
//
// A '"' inside a string closes it when what follows on the same line reads as
// JSON going on (",", ":", "}", "]", a key, the line's end). If it does not,
// the next quotes of the line are tried in turn and the first one after which
// the line goes on is taken as the end; the quotes before it are escaped. The
// look-ahead is bounded (a window of bytes, a number of tries per string), so
// the stage stays linear on any input.
//
// Example:  "name": "{"a": 1}(12): run", "pid": 7,
// becomes   "name": "{\"a\": 1}(12): run", "pid": 7,

#include <cstdint>
#include <string>
#include <vector>

namespace tracelane {

class UnescapedQuoteRepair
{
public:
    // Appends the repaired form of `data` to `out`; a line is held back until
    // its end (or until enough of it is known) so the look-ahead sees it.
    void feed(const char *data, std::size_t size, std::string &out);
    void finish(std::string &out); // flushes what is held back

    std::uint64_t repairedStrings() const { return m_repaired; }

private:
    void process(bool atEnd, std::string &out);
    bool goesOn(std::size_t from, std::size_t limit, int &budget, bool valueString) const;
    bool followedByEventKey(std::size_t from, std::size_t lineEnd) const;
    std::size_t stringEnd(std::size_t quote, std::size_t lineEnd, std::size_t limit, bool valueString,
                          std::vector<std::size_t> &inside);

    std::string m_pending;  // bytes not yet written out
    bool m_inString = false;
    bool m_escape = false;
    bool m_nameValue = false;   // the open string is the value of "name"
    std::string m_lastString;   // the last (short) string closed: a key before ':'
    std::size_t m_stringStart = 0;
    char m_previous = 0;        // last significant byte outside strings
    std::uint64_t m_repaired = 0;
    std::int64_t m_credit = 0;  // look-ahead steps left to spend
};

} // namespace tracelane
