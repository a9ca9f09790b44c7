#include "unescaped_quotes.h"

#include <algorithm>
#include <string_view>

namespace tracelane {
namespace {

constexpr std::size_t kLookAhead = 512;      // bytes read past a candidate end
constexpr int kCandidatesPerString = 64;     // later quotes tried as its end
constexpr int kBudget = 4096;               // look-ahead steps per candidate end
constexpr std::int64_t kCreditPerByte = 64; // look-ahead steps the input pays for
constexpr std::size_t kHoldBack = 4u << 20;  // a line longer than this is written in pieces

bool quoteRepairSpace(char c) { return c == ' ' || c == '\t' || c == '\r'; }

bool quoteRepairNumberChar(char c)
{
    return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
}

} // namespace

// Whether the text from `from` (just after a closing quote) reads as JSON
// that goes on, up to the line's end or `limit`. `valueString`: the string
// just closed was a value (it followed ':'), so a ':' cannot come next. A
// string met on the way may itself hold stray quotes: each of its quotes is
// tried as its end in turn, so one broken name later on the line does not
// make an earlier, well-formed string look broken. `budget` bounds the work;
// when it runs out the text is taken as going on.
bool UnescapedQuoteRepair::goesOn(std::size_t from, std::size_t limit, int &budget, bool valueString) const
{
    enum class Next { AfterValue, AfterString, Value, Any };
    Next next = valueString ? Next::AfterValue : Next::AfterString;
    std::size_t i = from;
    while (i < limit) {
        if (--budget <= 0)
            return true;
        const char c = m_pending[i];
        if (c == '\n')
            return true;
        if (quoteRepairSpace(c)) {
            ++i;
            continue;
        }
        if (next == Next::AfterValue || next == Next::AfterString) {
            if (c == ':' && next == Next::AfterString)
                next = Next::Value;
            else if (c == ',')
                next = Next::Any;
            else if (c != '}' && c != ']')
                return false;
            ++i;
            continue;
        }
        if (c == '"') {
            const bool value = next == Next::Value;
            bool escape = false;
            int tries = 0;
            for (std::size_t k = i + 1; k < limit && tries < kCandidatesPerString; ++k) {
                const char d = m_pending[k];
                if (d == '\n')
                    return false;
                if (escape) {
                    escape = false;
                } else if (d == '\\') {
                    escape = true;
                } else if (d == '"') {
                    ++tries;
                    if (goesOn(k + 1, limit, budget, value) || budget <= 0)
                        return true;
                }
            }
            return tries >= kCandidatesPerString || limit < m_pending.size(); // cut by the window: cannot tell
        }
        if (quoteRepairNumberChar(c) || (c >= 'a' && c <= 'z')) {
            while (i < limit && (quoteRepairNumberChar(m_pending[i]) || (m_pending[i] >= 'a' && m_pending[i] <= 'z')))
                ++i;
            next = Next::AfterValue;
        } else if (c == '{' || c == '[') {
            ++i;
            next = Next::Any;
        } else if (c == '}' || c == ']') {
            ++i; // after a trailing comma: the lenient pass takes it
            next = Next::AfterValue;
        } else {
            return false;
        }
    }
    return true;
}

// Whether `, "<key of a trace event>":` comes at `from`: what a profiler
// writes after a name ("pid" in Kineto's files).
bool UnescapedQuoteRepair::followedByEventKey(std::size_t from, std::size_t lineEnd) const
{
    static constexpr std::string_view kKeys[] = {"ph", "cat", "name", "pid", "tid", "ts", "dur", "args", "id", "bp", "s"};
    std::size_t i = from;
    auto skipSpace = [&] {
        while (i < lineEnd && quoteRepairSpace(m_pending[i]))
            ++i;
    };
    skipSpace();
    if (i >= lineEnd || m_pending[i] != ',')
        return false;
    ++i;
    skipSpace();
    if (i >= lineEnd || m_pending[i] != '"')
        return false;
    const std::size_t keyStart = ++i;
    while (i < lineEnd && i - keyStart < 8 && m_pending[i] != '"')
        ++i;
    if (i >= lineEnd || m_pending[i] != '"')
        return false;
    const std::string_view key(m_pending.data() + keyStart, i - keyStart);
    ++i;
    skipSpace();
    return i < lineEnd && m_pending[i] == ':' && std::find(std::begin(kKeys), std::end(kKeys), key) != std::end(kKeys);
}

// The quote that ends the string whose first unescaped '"' is at `quote`.
// When that quote cannot be the end, the first later quote followed by the
// key of a trace event is; failing that, the LAST quote of the line after
// which the line goes on: a broken name can hold text that looks like a whole
// string and a key ("{"a": "b", "c": "d"}(12): f"), and only its last quote is
// followed by what a profiler writes after a name.
std::size_t UnescapedQuoteRepair::stringEnd(std::size_t quote, std::size_t lineEnd, std::size_t limit,
                                             bool valueString, std::vector<std::size_t> &inside)
{
    // Work is paid for by the bytes read (kCreditPerByte each), so no input
    // makes the stage slower than linear; without credit, quotes close strings.
    auto check = [&](std::size_t from) {
        int budget = static_cast<int>(std::min<std::int64_t>(kBudget, m_credit));
        if (budget <= 0)
            return true;
        const int start = budget;
        const bool ok = goesOn(from + 1, std::min({from + 1 + kLookAhead, lineEnd, limit}), budget, valueString);
        m_credit -= start - std::max(budget, 0);
        return ok;
    };
    if (check(quote))
        return quote;
    std::size_t candidate = quote;
    bool escape = false;
    int tries = 0;
    for (std::size_t i = quote + 1; i < lineEnd && i < quote + kLookAhead && tries < kCandidatesPerString; ++i) {
        const char c = m_pending[i];
        if (escape) {
            escape = false;
            continue;
        }
        if (c == '\\') {
            escape = true;
            continue;
        }
        if (c != '"')
            continue;
        ++tries;
        if (followedByEventKey(i + 1, lineEnd)) {
            candidate = i;
            break;
        }
        if (m_credit > 0 && check(i))
            candidate = i;
    }
    if (candidate != quote) {
        // Every unescaped quote before the end is part of the string.
        inside.push_back(quote);
        escape = false;
        for (std::size_t i = quote + 1; i < candidate; ++i) {
            if (escape)
                escape = false;
            else if (m_pending[i] == '\\')
                escape = true;
            else if (m_pending[i] == '"')
                inside.push_back(i);
        }
    }
    return candidate;
}

void UnescapedQuoteRepair::process(bool atEnd, std::string &out)
{
    // Only what is followed by a whole line (or enough of a long one) is
    // decided now, so every look-ahead sees its line.
    std::size_t decidable = m_pending.size();
    if (!atEnd) {
        const std::size_t lastNewline = m_pending.rfind('\n');
        if (lastNewline != std::string::npos)
            decidable = lastNewline + 1;
        else if (m_pending.size() >= kHoldBack)
            decidable = m_pending.size() - kLookAhead * 2;
        else
            return;
    }
    std::vector<std::size_t> escapeAt; // quotes inside strings to escape
    std::size_t lineEnd = 0;
    std::size_t i = 0;
    for (; i < decidable; ++i) {
        const char c = m_pending[i];
        if (!m_inString) {
            m_inString = c == '"';
            if (m_inString) {
                // Only a name's value is repaired: that is what the profiler
                // left unescaped, and other damage should fail as it is.
                m_nameValue = m_previous == ':' && m_lastString == "name";
                m_stringStart = i + 1;
            } else if (!quoteRepairSpace(c) && c != '\n')
                m_previous = c;
            continue;
        }
        if (m_escape) {
            m_escape = false;
        } else if (c == '\\') {
            m_escape = true;
        } else if (c == '"' && !m_nameValue) {
            m_lastString.assign(m_pending, m_stringStart, i >= m_stringStart && i - m_stringStart <= 8 ? i - m_stringStart : 0);
            m_inString = false;
            m_previous = '"';
        } else if (c == '"') {
            if (lineEnd <= i) {
                lineEnd = m_pending.find('\n', i);
                if (lineEnd == std::string::npos)
                    lineEnd = m_pending.size();
            }
            const std::size_t end = stringEnd(i, lineEnd, m_pending.size(), true, escapeAt);
            if (end != i) {
                ++m_repaired;
                i = end;
            }
            m_inString = false;
            m_previous = '"';
            m_lastString.clear();
        }
    }
    m_stringStart = 0; // positions restart with the text kept back
    std::size_t copied = 0;
    for (const std::size_t q : escapeAt) {
        out.append(m_pending, copied, q - copied);
        out += '\\';
        copied = q;
    }
    // A string's end may lie past `decidable` (a long line): the loop above
    // went there, so write up to where it stopped.
    const std::size_t written = std::max(i, decidable);
    out.append(m_pending, copied, written - copied);
    m_pending.erase(0, written);
}

void UnescapedQuoteRepair::feed(const char *data, std::size_t size, std::string &out)
{
    m_pending.append(data, size);
    m_credit += static_cast<std::int64_t>(size) * kCreditPerByte;
    process(false, out);
}

void UnescapedQuoteRepair::finish(std::string &out)
{
    process(true, out);
}

} // namespace tracelane
