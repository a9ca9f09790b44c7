#include "sql_output.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace tracelane {
namespace {

SqlStatus writeCsv(std::ostream &out, TraceDatabase &database, std::string_view sql)
{
    return database.run(
        sql,
        [&](const std::vector<SqlColumn> &columns) {
            for (std::size_t c = 0; c < columns.size(); ++c)
                out << (c ? "," : "") << csvField(columns[c].name);
            out << '\n';
        },
        [&](const std::vector<Cell> &row) {
            for (std::size_t c = 0; c < row.size(); ++c)
                out << (c ? "," : "") << csvField(row[c].toString());
            out << '\n';
            return true;
        });
}

SqlStatus writeJson(std::ostream &out, TraceDatabase &database, std::string_view sql)
{
    std::vector<std::string> keys;
    std::size_t rows = 0;
    std::string line;
    out << "[";
    const SqlStatus status = database.run(
        sql,
        [&](const std::vector<SqlColumn> &columns) {
            for (const SqlColumn &column : columns)
                keys.push_back(jsonString(column.name));
        },
        [&](const std::vector<Cell> &row) {
            line = rows++ ? ",\n {" : "\n {";
            for (std::size_t c = 0; c < row.size() && c < keys.size(); ++c) {
                line += c ? ", " : "";
                line += keys[c];
                line += ": ";
                const Cell &cell = row[c];
                switch (cell.type) {
                case Cell::Type::Empty: line += "null"; break;
                case Cell::Type::Int: line += std::to_string(cell.i); break;
                case Cell::Type::Fixed: line += std::isfinite(cell.d) ? cell.toString() : "null"; break;
                case Cell::Type::Text: appendJsonString(line, cell.s); break;
                }
            }
            line += '}';
            out << line;
            return true;
        });
    out << (rows == 0 ? "]\n" : "\n]\n");
    return status;
}

// The layout of writeText() in export/table.cpp: long cells cut at 80
// characters, numbers right-aligned (by the first row's types), two spaces apart.
SqlStatus writeText(std::ostream &out, TraceDatabase &database, std::string_view sql)
{
    constexpr std::size_t kMaxWidth = 80;
    auto shown = [](const Cell &cell) {
        std::string s = cell.toString();
        if (s.size() > kMaxWidth) { // in place: GCC 12 misreads substr() + "..." (-Warray-bounds)
            s.resize(kMaxWidth - 3);
            s.append("...");
        }
        return s;
    };
    std::vector<std::string> names;
    std::vector<std::size_t> width;
    std::vector<bool> numeric;
    bool first = true;
    SqlStatus status = database.run(
        sql,
        [&](const std::vector<SqlColumn> &columns) {
            for (const SqlColumn &column : columns) {
                names.push_back(column.name);
                width.push_back(column.name.size());
            }
            numeric.assign(columns.size(), false);
        },
        [&](const std::vector<Cell> &row) {
            for (std::size_t c = 0; c < row.size() && c < width.size(); ++c) {
                width[c] = std::max(width[c], shown(row[c]).size());
                if (first)
                    numeric[c] = row[c].type == Cell::Type::Int || row[c].type == Cell::Type::Fixed;
            }
            first = false;
            return true;
        });
    if (!status.ok())
        return status;
    auto line = [&](const std::vector<std::string> &cells) { writeAlignedLine(out, cells, width, numeric); };
    std::vector<std::string> cells;
    return database.run(
        sql,
        [&](const std::vector<SqlColumn> &) {
            line(names);
            cells.clear();
            for (std::size_t w : width)
                cells.emplace_back(w, '-');
            line(cells);
        },
        [&](const std::vector<Cell> &row) {
            cells.clear();
            for (const Cell &cell : row)
                cells.push_back(shown(cell));
            line(cells);
            return true;
        });
}

} // namespace

SqlStatus writeQuery(std::ostream &out, TraceDatabase &database, std::string_view sql, TableFormat format)
{
    switch (format) {
    case TableFormat::Csv: return writeCsv(out, database, sql);
    case TableFormat::Json: return writeJson(out, database, sql);
    case TableFormat::Text: break;
    }
    return writeText(out, database, sql);
}

} // namespace tracelane
