#include "nsys_sqlite_metadata.h"

#include "sqlite_columns.h"

#include <cstdio>
#include <string_view>
#include <utility>

namespace tracelane::nsys {
namespace {

using Metadata = std::vector<std::pair<std::string, std::string>>;

// name/value tables (META_DATA_EXPORT, TARGET_INFO_SYSTEM_ENV): copies the rows asked for.
void copyNamedValues(SqliteDb &db, std::string_view table,
                     std::initializer_list<std::pair<std::string_view, std::string_view>> wanted, Metadata &out)
{
    if (!db.hasTable(table))
        return;
    const ColumnSelect columns = selectColumns(db, table, {"name", "value"});
    if (!columns.has(0) || !columns.has(1))
        return;
    SqliteStatement q = db.prepare(columns.sql, "table " + std::string(table));
    while (q.step()) {
        for (const auto &[name, label] : wanted)
            if (q.text(0) == name)
                out.emplace_back(label, q.text(1));
    }
}

void addGpus(SqliteDb &db, Metadata &out)
{
    if (!db.hasTable("TARGET_INFO_GPU"))
        return;
    const ColumnSelect columns = selectColumns(db, "TARGET_INFO_GPU", {"id", "name", "smCount", "totalMemory"});
    if (!columns.has(1))
        return;
    SqliteStatement q = db.prepare(columns.sql, "table TARGET_INFO_GPU");
    while (q.step()) {
        std::string text(q.text(1));
        if (!q.isNull(2))
            text += ", " + std::to_string(q.int64(2)) + " SMs";
        if (!q.isNull(3)) {
            char memory[32];
            std::snprintf(memory, sizeof(memory), ", %.1f GiB", double(q.int64(3)) / (1024.0 * 1024.0 * 1024.0));
            text += memory;
        }
        out.emplace_back("GPU " + std::to_string(q.int64(0)), std::move(text));
    }
}

void addCommand(SqliteDb &db, Metadata &out)
{
    if (!db.hasTable("META_DATA_CAPTURE"))
        return;
    SqliteStatement q = db.prepare("SELECT name, value FROM META_DATA_CAPTURE WHERE name = 'PROCESS_0:COMMAND' "
                                   "OR name LIKE 'PROCESS_0:ARGUMENT_%' ORDER BY rowid",
                                   "table META_DATA_CAPTURE");
    std::string command;
    while (q.step()) {
        if (!command.empty())
            command += ' ';
        command += q.text(1);
    }
    if (!command.empty())
        out.emplace_back("Command", std::move(command));
}

} // namespace

void readSqliteMetadata(SqliteDb &db, SourceInfo &source)
{
    Metadata &out = source.metadata;
    copyNamedValues(db, "META_DATA_EXPORT",
                    {{"EXPORT_PRODUCT_VERSION", "Nsight Systems"}, {"EXPORT_SCHEMA_VERSION", "Export schema"}}, out);
    addGpus(db, out);
    copyNamedValues(db, "TARGET_INFO_SYSTEM_ENV",
                    {{"NvDriverVersion", "NVIDIA driver"},
                     {"CudaDriverVersion", "CUDA driver"},
                     {"OsDescription", "OS"}},
                    out);
    if (db.hasTable("TARGET_INFO_SESSION_START_TIME")) {
        const ColumnSelect columns = selectColumns(db, "TARGET_INFO_SESSION_START_TIME", {"utcTime"});
        if (columns.has(0)) {
            SqliteStatement q = db.prepare(columns.sql, "table TARGET_INFO_SESSION_START_TIME");
            if (q.step())
                out.emplace_back("Session start (UTC)", q.text(0));
        }
    }
    addCommand(db, out);
}

} // namespace tracelane::nsys
