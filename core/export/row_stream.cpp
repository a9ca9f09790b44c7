#include "row_stream.h"

#include "table.h"

#include <charconv>
#include <cmath>

namespace tracelane {

RowStream::RowStream(std::ostream &out, Format format, std::vector<std::string> columns)
    : m_out(out), m_format(format)
{
    if (m_format == Format::Csv) {
        for (std::size_t c = 0; c < columns.size(); ++c)
            m_out << (c ? "," : "") << csvField(columns[c]);
        m_out << '\n';
    } else {
        for (const std::string &column : columns)
            m_keys.push_back(jsonString(column) + ": ");
        m_out << '[';
    }
}

void RowStream::beginField()
{
    if (m_format == Format::Csv) {
        if (m_field)
            m_line += ',';
    } else {
        m_line += m_field ? ", " : (m_rows ? ",\n {" : "\n {");
        if (m_field < m_keys.size())
            m_line += m_keys[m_field];
    }
    ++m_field;
}

void RowStream::raw(std::string_view value)
{
    beginField();
    m_line += value;
}

void RowStream::empty()
{
    raw(m_format == Format::Json ? "null" : "");
}

void RowStream::integer(std::int64_t value)
{
    char buffer[24];
    const auto end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
    raw(std::string_view(buffer, std::size_t(end - buffer)));
}

void RowStream::unsignedInteger(std::uint64_t value)
{
    char buffer[24];
    const auto end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
    raw(std::string_view(buffer, std::size_t(end - buffer)));
}

void RowStream::number(double value)
{
    if (!std::isfinite(value)) {
        empty();
        return;
    }
    char buffer[32];
    const auto end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
    raw(std::string_view(buffer, std::size_t(end - buffer)));
}

void RowStream::text(std::string_view value)
{
    beginField();
    if (m_format == Format::Json)
        appendJsonString(m_line, value);
    else
        m_line += csvField(value);
}

void RowStream::json(std::string_view value)
{
    if (m_format == Format::Json)
        raw(value);
    else
        text(value);
}

void RowStream::endRow()
{
    if (m_format == Format::Json)
        m_line += '}';
    m_line += m_format == Format::Csv ? "\n" : "";
    m_out.write(m_line.data(), std::streamsize(m_line.size()));
    m_line.clear();
    m_field = 0;
    ++m_rows;
}

void RowStream::finish()
{
    if (m_finished)
        return;
    m_finished = true;
    if (m_format == Format::Json)
        m_out << (m_rows ? "\n]\n" : "]\n");
}

} // namespace tracelane
