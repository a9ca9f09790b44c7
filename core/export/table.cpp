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

void writeAlignedLine(std::ostream &out, const std::vector<std::string> &cells, const std::vector<std::size_t> &width,
                      const std::vector<bool> &numeric)
{
    for (std::size_t c = 0; c < cells.size() && c < width.size(); ++c) {
        const std::size_t pad = width[c] - std::min(width[c], cells[c].size());
        if (c)
            out << "  ";
        if (numeric[c])
            out << std::string(pad, ' ') << cells[c];
        else
            out << cells[c] << (c + 1 < cells.size() ? std::string(pad, ' ') : std::string());
    }
    out << '\n';
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
        if (!text.empty()) // an empty view may hold a null pointer, which memcpy must not get
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

namespace {

void writeCsvRows(std::ostream &out, const RowSource &source)
{
    for (std::size_t c = 0; c < source.columns.size(); ++c)
        out << (c ? "," : "") << csvField(source.columns[c]);
    out << '\n';
    std::vector<Cell> row;
    for (std::size_t r = 0; r < source.rowCount; ++r) {
        source.row(r, row);
        for (std::size_t c = 0; c < row.size(); ++c)
            out << (c ? "," : "") << csvField(row[c].toString());
        out << '\n';
    }
}

void writeJsonRows(std::ostream &out, const RowSource &source)
{
    std::vector<std::string> keys;
    for (const std::string &column : source.columns)
        keys.push_back(jsonString(column));
    out << "[";
    std::vector<Cell> row;
    for (std::size_t r = 0; r < source.rowCount; ++r) {
        source.row(r, row);
        out << (r ? ",\n " : "\n ") << "{";
        for (std::size_t c = 0; c < row.size() && c < keys.size(); ++c) {
            out << (c ? ", " : "") << keys[c] << ": ";
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
    out << (source.rowCount == 0 ? "]\n" : "\n]\n");
}

void writeTextRows(std::ostream &out, const RowSource &source)
{
    constexpr std::size_t kMaxWidth = 80; // long kernel names are cut in the text view only
    auto shown = [](const Cell &cell) {
        std::string s = cell.toString();
        if (s.size() > kMaxWidth) { // in place: GCC 12 misreads substr() + "..." (-Warray-bounds)
            s.resize(kMaxWidth - 3);
            s.append("...");
        }
        return s;
    };
    std::vector<std::size_t> width(source.columns.size());
    for (std::size_t c = 0; c < source.columns.size(); ++c)
        width[c] = source.columns[c].size();
    // Right-aligned, from the type of each column's first non-empty cell.
    std::vector<bool> numeric(source.columns.size(), false);
    std::vector<bool> typed(source.columns.size(), false);
    std::vector<Cell> row;
    for (std::size_t r = 0; r < source.rowCount; ++r) {
        source.row(r, row);
        for (std::size_t c = 0; c < row.size() && c < width.size(); ++c) {
            width[c] = std::max(width[c], shown(row[c]).size());
            if (!typed[c] && row[c].type != Cell::Type::Empty) {
                typed[c] = true;
                numeric[c] = row[c].type == Cell::Type::Int || row[c].type == Cell::Type::Fixed;
            }
        }
    }
    auto line = [&](const std::vector<std::string> &cells) { writeAlignedLine(out, cells, width, numeric); };
    line(source.columns);
    std::vector<std::string> cells;
    for (std::size_t w : width)
        cells.emplace_back(w, '-');
    line(cells);
    for (std::size_t r = 0; r < source.rowCount; ++r) {
        source.row(r, row);
        cells.clear();
        for (std::size_t c = 0; c < row.size() && c < width.size(); ++c)
            cells.push_back(shown(row[c]));
        line(cells);
    }
}

RowSource rowsOf(const Table &table)
{
    return {table.columns, table.rows.size(), [&table](std::size_t r, std::vector<Cell> &cells) { cells = table.rows[r]; }};
}

} // namespace

void writeRows(std::ostream &out, const RowSource &source, TableFormat format)
{
    switch (format) {
    case TableFormat::Text: writeTextRows(out, source); break;
    case TableFormat::Csv: writeCsvRows(out, source); break;
    case TableFormat::Json: writeJsonRows(out, source); break;
    }
}

void writeCsv(std::ostream &out, const Table &table) { writeCsvRows(out, rowsOf(table)); }
void writeJson(std::ostream &out, const Table &table) { writeJsonRows(out, rowsOf(table)); }
void writeText(std::ostream &out, const Table &table) { writeTextRows(out, rowsOf(table)); }

void writeTable(std::ostream &out, const Table &table, TableFormat format)
{
    writeRows(out, rowsOf(table), format);
}

} // namespace tracelane
