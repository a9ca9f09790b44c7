#pragma once
// Writes rows to a stream as they are made, for tables too long to hold (one
// row per event): CSV with a header line, or one JSON array of objects written
// element by element. Memory is one row's text, whatever the row count.
//
//   RowStream rows(out, RowStream::Format::Csv, {"id", "name", "args"});
//   rows.integer(7); rows.text("gemm"); rows.json("{\"M\":64}"); rows.endRow();
//   rows.finish();
//
// A JSON-valued field (json()) is embedded as is in JSON output and quoted as
// text in CSV. Empty fields are empty in CSV and null in JSON.

#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace tracelane {

class RowStream
{
public:
    enum class Format { Csv, Json };

    RowStream(std::ostream &out, Format format, std::vector<std::string> columns);

    void empty();
    void integer(std::int64_t value);
    void unsignedInteger(std::uint64_t value);
    void number(double value); // shortest text that reads back the same; NaN and infinities are empty
    void text(std::string_view value);
    void json(std::string_view value); // a valid JSON text
    void endRow();
    // Closes the JSON array; call once after the last row.
    void finish();

    std::uint64_t rows() const { return m_rows; }

private:
    void beginField();
    void raw(std::string_view value);

    std::ostream &m_out;
    Format m_format;
    std::vector<std::string> m_keys; // JSON: "column": prefixes
    std::size_t m_field = 0;
    std::uint64_t m_rows = 0;
    std::string m_line;
    bool m_finished = false;
};

} // namespace tracelane
