#pragma once
// A result table as the CLI and the GUI show it, written as CSV (the layout of
// `nsys stats --format csv`), JSON (an array of objects) or aligned text.

#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace tracelane {

struct Cell
{
    enum class Type : std::uint8_t { Empty, Int, Fixed, Text };
    Type type = Type::Empty;
    std::int64_t i = 0;
    double d = 0.0;
    int decimals = 1; // Fixed: digits after the point, as nsys prints averages
    std::string s;

    static Cell empty() { return {}; }
    static Cell integer(std::int64_t v) { return {Type::Int, v, 0.0, 0, {}}; }
    static Cell fixed(double v, int decimals = 1) { return {Type::Fixed, 0, v, decimals, {}}; }
    static Cell text(std::string v) { return {Type::Text, 0, 0.0, 0, std::move(v)}; }
    // 100 * part / whole with one decimal; 0.0 when whole is not positive.
    static Cell percentOf(std::int64_t part, std::int64_t whole)
    {
        return fixed(whole > 0 ? 100.0 * static_cast<double>(part) / static_cast<double>(whole) : 0.0);
    }

    std::string toString() const;
};

struct Table
{
    std::vector<std::string> columns;
    std::vector<std::vector<Cell>> rows;
};

enum class TableFormat { Text, Csv, Json };
bool parseTableFormat(std::string_view text, TableFormat &format);

// A table too long to hold in memory (one row per launch or event): rows are
// made on demand, row(i, cells) filling `cells` for row i, so memory stays
// constant. Text output makes every row twice (column widths first).
struct RowSource
{
    std::vector<std::string> columns;
    std::size_t rowCount = 0;
    std::function<void(std::size_t, std::vector<Cell> &)> row;
};
void writeRows(std::ostream &out, const RowSource &source, TableFormat format);

void writeCsv(std::ostream &out, const Table &table);
void writeJson(std::ostream &out, const Table &table);
void writeText(std::ostream &out, const Table &table);
void writeTable(std::ostream &out, const Table &table, TableFormat format);

// CSV field quoting as nsys does: quote when the field holds a comma, quote or newline.
// One line of a text table: cells padded to `width`, numbers right-aligned,
// two spaces between columns, no trailing blanks.
void writeAlignedLine(std::ostream &out, const std::vector<std::string> &cells, const std::vector<std::size_t> &width,
                      const std::vector<bool> &numeric);
std::string csvField(std::string_view text);
std::string jsonString(std::string_view text);
// The same, appended to `out`: runs of plain characters are copied at once.
void appendJsonString(std::string &out, std::string_view text);

} // namespace tracelane
