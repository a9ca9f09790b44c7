#pragma once
// A C++ face for SQLite's virtual-table callbacks. A table type T provides
//   static constexpr const char *kSchema;            // "CREATE TABLE x(a, b)"
//   static void bestIndex(const TraceIndex &, sqlite3_index_info *);
//   struct Cursor {
//       explicit Cursor(const TraceIndex &);
//       void filter(int idxNum, const char *idxStr, int argc, sqlite3_value **argv);
//       bool eof() const; void next();
//       void column(sqlite3_context *, int column) const;
//       sqlite3_int64 rowid() const;
//   };
// and registerTable<T>(db, "name", index) makes it an eponymous, read-only
// table of that name. Exceptions (out of memory) become SQLite errors.

#include "trace_index.h"

#include <sqlite3.h>

#include <exception>
#include <memory>
#include <new>

namespace tracelane::sql {

template<typename T>
struct VirtualTable
{
    struct Table : sqlite3_vtab
    {
        const TraceIndex *index = nullptr;
    };
    struct Cursor : sqlite3_vtab_cursor
    {
        std::unique_ptr<typename T::Cursor> impl;
    };

    static int fail(sqlite3_vtab *vtab, const std::exception &e)
    {
        sqlite3_free(vtab->zErrMsg);
        vtab->zErrMsg = sqlite3_mprintf("%s", e.what());
        return dynamic_cast<const std::bad_alloc *>(&e) ? SQLITE_NOMEM : SQLITE_ERROR;
    }

    static int connect(sqlite3 *db, void *aux, int, const char *const *, sqlite3_vtab **out, char **)
    {
        if (int rc = sqlite3_declare_vtab(db, T::kSchema); rc != SQLITE_OK)
            return rc;
        auto *table = new (std::nothrow) Table;
        if (!table)
            return SQLITE_NOMEM;
        table->index = static_cast<const TraceIndex *>(aux);
        *out = table;
        return SQLITE_OK;
    }
    static int disconnect(sqlite3_vtab *vtab)
    {
        delete static_cast<Table *>(vtab);
        return SQLITE_OK;
    }
    static int bestIndex(sqlite3_vtab *vtab, sqlite3_index_info *info)
    {
        try {
            T::bestIndex(*static_cast<Table *>(vtab)->index, info);
            return SQLITE_OK;
        } catch (const std::exception &e) {
            return fail(vtab, e);
        }
    }
    static int open(sqlite3_vtab *vtab, sqlite3_vtab_cursor **out)
    {
        try {
            auto cursor = std::make_unique<Cursor>();
            cursor->impl = std::make_unique<typename T::Cursor>(*static_cast<Table *>(vtab)->index);
            *out = cursor.release();
            return SQLITE_OK;
        } catch (const std::exception &e) {
            return fail(vtab, e);
        }
    }
    static int close(sqlite3_vtab_cursor *cursor)
    {
        delete static_cast<Cursor *>(cursor);
        return SQLITE_OK;
    }
    static int filter(sqlite3_vtab_cursor *cursor, int idxNum, const char *idxStr, int argc, sqlite3_value **argv)
    {
        try {
            static_cast<Cursor *>(cursor)->impl->filter(idxNum, idxStr, argc, argv);
            return SQLITE_OK;
        } catch (const std::exception &e) {
            return fail(cursor->pVtab, e);
        }
    }
    static int next(sqlite3_vtab_cursor *cursor)
    {
        try {
            static_cast<Cursor *>(cursor)->impl->next();
            return SQLITE_OK;
        } catch (const std::exception &e) {
            return fail(cursor->pVtab, e);
        }
    }
    static int eof(sqlite3_vtab_cursor *cursor) { return static_cast<Cursor *>(cursor)->impl->eof() ? 1 : 0; }
    static int column(sqlite3_vtab_cursor *cursor, sqlite3_context *context, int column)
    {
        try {
            static_cast<Cursor *>(cursor)->impl->column(context, column);
            return SQLITE_OK;
        } catch (const std::exception &e) {
            return fail(cursor->pVtab, e);
        }
    }
    static int rowid(sqlite3_vtab_cursor *cursor, sqlite3_int64 *out)
    {
        *out = static_cast<Cursor *>(cursor)->impl->rowid();
        return SQLITE_OK;
    }

    static constexpr sqlite3_module module()
    {
        sqlite3_module m{};
        m.iVersion = 0;
        m.xCreate = nullptr; // eponymous only: the table exists as soon as the module does
        m.xConnect = connect;
        m.xBestIndex = bestIndex;
        m.xDisconnect = disconnect;
        m.xDestroy = disconnect;
        m.xOpen = open;
        m.xClose = close;
        m.xFilter = filter;
        m.xNext = next;
        m.xEof = eof;
        m.xColumn = column;
        m.xRowid = rowid;
        return m;
    }
};

template<typename T>
int registerTable(sqlite3 *db, const char *name, const TraceIndex &index)
{
    static const sqlite3_module module = VirtualTable<T>::module();
    return sqlite3_create_module_v2(db, name, &module, const_cast<TraceIndex *>(&index), nullptr);
}

// Text that lives as long as the trace: SQLite reads it in place.
inline void resultText(sqlite3_context *context, std::string_view text)
{
    sqlite3_result_text(context, text.empty() ? "" : text.data(), static_cast<int>(text.size()), SQLITE_STATIC);
}

} // namespace tracelane::sql
