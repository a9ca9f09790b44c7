#pragma once
// Reading a table or view of an AMD profile database by column name: which of
// the wanted columns exist, NULL selected in place of optional ones that do
// not, and a clear ImportError when a required one is missing. Also the row
// loop's bookkeeping (progress, cancellation) both readers share.

#include "import/import_control.h"
#include "import/nsys/sqlite_db.h"

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace tracelane::rocm {

struct Columns
{
    std::vector<bool> present; // per wanted column
    std::string list;          // `"a", "b", NULL` for a SELECT, each prefixed with `alias.` if given
    bool has(int column) const { return present[static_cast<std::size_t>(column)]; }
};

// The first `required` wanted columns must exist; throws ImportError naming the
// file, the table and the column otherwise. `what` says what the file should be.
Columns columnsOf(SqliteDb &db, std::string_view table, std::initializer_list<std::string_view> wanted,
                  std::size_t required, std::string_view what, std::string_view alias = {});

// Calls back every 4096 rows: cancellation and progress.
class RowCounter
{
public:
    explicit RowCounter(ImportControl &control) : m_control(control) {}
    void setTotal(std::uint64_t total) { m_total = total; }
    void rowDone()
    {
        if ((++m_done & 0xFFF) == 0)
            check();
    }
    void check();
    void finish() { m_control.progress(m_total, m_total); }

private:
    ImportControl &m_control;
    std::uint64_t m_done = 0, m_total = 0;
};

} // namespace tracelane::rocm
