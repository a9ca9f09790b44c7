#pragma once
// Reads the tables of an Nsight Systems SQLite export into a TraceWriter.
// Every table and column is looked up first: what this nsys version did not
// write is skipped and noted, never assumed. Statements are prepared once per
// table and rows are read by column index, so reading costs no allocation per row.

#include "nsys_trace_writer.h"
#include "sqlite_db.h"

#include "import/import_control.h"

#include <initializer_list>
#include <optional>
#include <string_view>

namespace tracelane::nsys {

class SqliteReader
{
public:
    SqliteReader(SqliteDb &db, TraceWriter &writer, ImportControl &control);

    // Throws ImportError when the database has none of the nsys tables, or is damaged.
    void read();

private:
    void countRows();
    void readEnumLabels();
    void readStrings();
    void readApiCalls(std::string_view table);
    void readKernels();
    void readMemcpys();
    void readMemsets();
    void readSyncs();
    void readNvtx();
    void readMemoryUsage();
    void readNames();

    // Selects `wanted` from `table` (NULL for missing columns); nullopt, with a
    // note, when the table or one of its first `required` columns is missing.
    std::optional<SqliteStatement> select(std::string_view table, std::initializer_list<std::string_view> wanted,
                                          std::size_t required, std::string_view tail = {});
    void rowDone()
    {
        if ((++m_done & 0x3FF) == 0)
            checkpoint();
    }
    void checkpoint();

    SqliteDb &m_db;
    TraceWriter &m_writer;
    ImportControl &m_control;
    std::uint64_t m_done = 0;
    std::uint64_t m_total = 0;
};

} // namespace tracelane::nsys
