#include "table.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace tracelane {

std::string Cell::toString() const
{
    switch (type) {
    case Type::Empty: return {};
    case Type::Int: return std::to_string(i);
    case Type::Fixed: {
        char buffer[64];
        std::snprintf(buffer, sizeof buffer, "%.*f", decimals, d);
        return buffer;
    }
    case Type::Text: return s;
    }
    return {};
}

bool parseTableFormat(std::string_view text, TableFormat &format)
{
    if (text == "table" || text == "text")
        format = TableFormat::Text;
    else if (text == "csv")
        format = TableFormat::Csv;
    else if (text == "json")
        format = TableFormat::Json;
    else
        return false;
    return true;
}

std::string csvField(std::string_view text)
{
    if (text.find_first_of(",\"\n\r") == std::string_view::npos)
        return std::string(text);
    std::string quoted = "\"";
    for (char c : text) {
        if (c == '"')
            quoted += '"';
        quoted += c;
    }
    quoted += '"';
    return quoted;
}

std::string jsonString(std::string_view text)
{
    std::string out;
    appendJsonString(out, text);
    return out;
}

namespace {

// Bytes that JSON strings must escape: controls, quote and backslash.
struct EscapeTable
{
    bool needed[256] = {};
    constexpr EscapeTable()
    {
        for (int c = 0; c < 0x20; ++c)
            needed[c] = true;
        needed[static_cast<unsigned char>('"')] = true;
        needed[static_cast<unsigned char>('\\')] = true;
    }
};
constexpr EscapeTable kEscape;

} // namespace

void appendJsonString(std::string &out, std::string_view text)
{
    std::size_t plain = 0; // text[plain, i) needs no escape
    std::size_t i = 0;
    while (i < text.size() && !kEscape.needed[static_cast<unsigned char>(text[i])])
        ++i;
    if (i == text.size() && text.size() <= 64) { // the usual case: one append
        char quoted[66];
        quoted[0] = '"';
        std::memcpy(quoted + 1, text.data(), text.size());
        quoted[text.size() + 1] = '"';
        out.append(quoted, text.size() + 2);
        return;
    }
    out += '"';
    for (; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (!kEscape.needed[c])
            continue;
        out.append(text.data() + plain, i - plain);
        plain = i + 1;
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default: {
            char buffer[8];
            std::snprintf(buffer, sizeof buffer, "\\u%04x", c);
            out += buffer;
        }
        }
    }
    out.append(text.data() + plain, text.size() - plain);
    out += '"';
}

void writeCsv(std::ostream &out, const Table &table)
{
    for (std::size_t c = 0; c < table.columns.size(); ++c)
        out << (c ? "," : "") << csvField(table.columns[c]);
    out << '\n';
    for (const auto &row : table.rows) {
        for (std::size_t c = 0; c < row.size(); ++c)
            out << (c ? "," : "") << csvField(row[c].toString());
        out << '\n';
    }
}

void writeJson(std::ostream &out, const Table &table)
{
    out << "[";
    for (std::size_t r = 0; r < table.rows.size(); ++r) {
        out << (r ? ",\n " : "\n ") << "{";
        const auto &row = table.rows[r];
        for (std::size_t c = 0; c < row.size() && c < table.columns.size(); ++c) {
            out << (c ? ", " : "") << jsonString(table.columns[c]) << ": ";
            const Cell &cell = row[c];
            switch (cell.type) {
            case Cell::Type::Empty: out << "null"; break;
            case Cell::Type::Int: out << cell.i; break;
            case Cell::Type::Fixed: out << (std::isfinite(cell.d) ? cell.toString() : "null"); break;
            case Cell::Type::Text: out << jsonString(cell.s); break;
            }
        }
        out << "}";
    }
    out << (table.rows.empty() ? "]\n" : "\n]\n");
}

void writeText(std::ostream &out, const Table &table)
{
    constexpr std::size_t kMaxWidth = 80; // long kernel names are cut in the text view only
    std::vector<std::size_t> width(table.columns.size());
    for (std::size_t c = 0; c < table.columns.size(); ++c)
        width[c] = table.columns[c].size();
    std::vector<std::vector<std::string>> text;
    for (const auto &row : table.rows) {
        auto &cells = text.emplace_back();
        for (std::size_t c = 0; c < row.size() && c < width.size(); ++c) {
            std::string s = row[c].toString();
            if (s.size() > kMaxWidth)
                s = s.substr(0, kMaxWidth - 3) + "...";
            width[c] = std::max(width[c], s.size());
            cells.push_back(std::move(s));
        }
    }
    auto isNumeric = [&table](std::size_t c) {
        return !table.rows.empty() && table.rows.front().size() > c
               && (table.rows.front()[c].type == Cell::Type::Int || table.rows.front()[c].type == Cell::Type::Fixed);
    };
    auto line = [&](const std::vector<std::string> &cells) {
        for (std::size_t c = 0; c < cells.size(); ++c) {
            const std::size_t pad = width[c] - cells[c].size();
            if (c)
                out << "  ";
            if (isNumeric(c))
                out << std::string(pad, ' ') << cells[c];
            else
                out << cells[c] << (c + 1 < cells.size() ? std::string(pad, ' ') : std::string());
        }
        out << '\n';
    };
    line(table.columns);
    std::vector<std::string> rule;
    for (std::size_t w : width)
        rule.emplace_back(w, '-');
    line(rule);
    for (const auto &cells : text)
        line(cells);
}

void writeTable(std::ostream &out, const Table &table, TableFormat format)
{
    switch (format) {
    case TableFormat::Text: writeText(out, table); break;
    case TableFormat::Csv: writeCsv(out, table); break;
    case TableFormat::Json: writeJson(out, table); break;
    }
}

} // namespace tracelane
