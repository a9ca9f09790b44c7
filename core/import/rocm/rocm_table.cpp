#include "rocm_table.h"

#include "import/import_error.h"

#include <algorithm>

namespace tracelane::rocm {

Columns columnsOf(SqliteDb &db, std::string_view table, std::initializer_list<std::string_view> wanted,
                  std::size_t required, std::string_view what, std::string_view alias)
{
    const std::vector<std::string> existing = db.columns(table);
    Columns columns;
    std::size_t index = 0;
    for (const std::string_view column : wanted) {
        const bool present = std::find(existing.begin(), existing.end(), column) != existing.end();
        if (!present && index < required)
            throw ImportError("'" + db.path() + "': " + std::string(table) + " has no column '" + std::string(column)
                              + "' (expected " + std::string(what) + ")");
        columns.present.push_back(present);
        if (!columns.list.empty())
            columns.list += ", ";
        if (!present)
            columns.list += "NULL";
        else
            columns.list += (alias.empty() ? std::string() : std::string(alias) + ".") + "\"" + std::string(column) + "\"";
        ++index;
    }
    return columns;
}

void RowCounter::check()
{
    if (m_control.isCancelled())
        throw ImportCancelled();
    if (m_total) // 0: the caller reports progress its own way
        m_control.progress(std::min(m_done, m_total), m_total);
}

} // namespace tracelane::rocm
