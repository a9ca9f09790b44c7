#include "json_compact.h"

#include "json_number_token.h"

#include <cstring>
#include <string_view>

namespace tracelane {
namespace {

bool isSpace(char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

bool isNumberChar(char c)
{
    return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
}

class Compactor
{
public:
    Compactor(const char *begin, const char *end, std::size_t maxDepth, std::string &out)
        : m_at(begin), m_end(end), m_maxDepth(maxDepth), m_out(out)
    {
    }

    bool value(std::size_t depth)
    {
        skipSpace();
        if (m_at == m_end)
            return false;
        switch (*m_at) {
        case '[': return container(depth, ']');
        case '{': return container(depth, '}');
        case '"': return string();
        case 't': return literal("true");
        case 'f': return literal("false");
        case 'n': return literal("null");
        default: return number();
        }
    }

private:
    void skipSpace()
    {
        while (m_at != m_end && isSpace(*m_at))
            ++m_at;
    }

    bool consume(char c)
    {
        skipSpace();
        if (m_at == m_end || *m_at != c)
            return false;
        m_out += c;
        ++m_at;
        return true;
    }

    // '[' or '{' at m_at; objects take "key": value members.
    bool container(std::size_t depth, char close)
    {
        if (depth >= m_maxDepth)
            return false;
        m_out += *m_at++;
        skipSpace();
        if (m_at != m_end && *m_at == close) {
            m_out += *m_at++;
            return true;
        }
        for (;;) {
            if (close == '}') {
                skipSpace();
                if (m_at == m_end || *m_at != '"' || !string() || !consume(':'))
                    return false;
            }
            if (!value(depth + 1))
                return false;
            skipSpace();
            if (m_at == m_end)
                return false;
            const char c = *m_at++;
            m_out += c;
            if (c == close)
                return true;
            if (c != ',')
                return false;
        }
    }

    // Copied as it is when it needs no escape: no backslash, no control byte.
    bool string()
    {
        const char *from = m_at++;
        while (m_at != m_end) {
            const auto c = static_cast<unsigned char>(*m_at);
            if (c == '"') {
                ++m_at;
                m_out.append(from, m_at);
                return true;
            }
            if (c == '\\' || c < 0x20)
                return false;
            ++m_at;
        }
        return false;
    }

    bool literal(const char *word)
    {
        const std::size_t n = std::strlen(word);
        if (std::size_t(m_end - m_at) < n || std::memcmp(m_at, word, n) != 0)
            return false;
        m_at += n;
        if (m_at != m_end && !isSpace(*m_at) && *m_at != ',' && *m_at != ']' && *m_at != '}')
            return false;
        m_out.append(word, n);
        return true;
    }

    // Integers print as the parser prints them (the same digits, but "-0" as
    // "0"); floats as written.
    bool number()
    {
        const char *from = m_at;
        while (m_at != m_end && isNumberChar(*m_at))
            ++m_at;
        const std::string_view token(from, std::size_t(m_at - from));
        if (m_at != m_end && !isSpace(*m_at) && *m_at != ',' && *m_at != ']' && *m_at != '}')
            return false;
        const JsonNumberToken number = classifyJsonNumber(token);
        if (number.kind == JsonNumberToken::Kind::Invalid || token == "-0")
            return false;
        m_out.append(token);
        return true;
    }

    const char *m_at;
    const char *m_end;
    std::size_t m_maxDepth;
    std::string &m_out;
};

} // namespace

bool compactJsonValue(const char *begin, const char *end, std::size_t maxDepth, std::string &out)
{
    Compactor compactor(begin, end, maxDepth, out);
    return compactor.value(0);
}

} // namespace tracelane
