// tracelane-cli sql: one SQL statement over the trace (schema in docs/SQL.md).
#include "command_support.h"

#include "sql/sql_output.h"
#include "sql/trace_database.h"

#include <fstream>
#include <iostream>
#include <sstream>

namespace tracelane::cli {
namespace {

constexpr const char *kSqlUsage = "sql TRACE (QUERY | --file FILE) [--format table|csv|json]";

// A query may start with "-- comment": an argument with whitespace in it is
// never an option, so it is hidden from the option parser.
std::vector<std::string> protectQueries(const std::vector<std::string> &argv, std::vector<std::string> &queries)
{
    std::vector<std::string> args;
    for (const std::string &arg : argv) {
        if (arg.rfind("--", 0) == 0 && arg.find_first_of(" \t\r\n") != std::string::npos) {
            args.push_back("\x01" + std::to_string(queries.size()));
            queries.push_back(arg);
        } else {
            args.push_back(arg);
        }
    }
    return args;
}

std::optional<std::string> readQueryFile(const std::string &path, CommandIo &io)
{
    std::stringstream text;
    if (path == "-") {
        text << std::cin.rdbuf();
        return text.str();
    }
    std::ifstream file(path, std::ios::binary);
    if (!file) {
        io.err << "tracelane-cli sql: cannot read the query file '" << path << "'\n";
        return std::nullopt;
    }
    text << file.rdbuf();
    return text.str();
}

int exitCodeOf(const SqlStatus &status)
{
    return status.kind == SqlErrorKind::Query ? kExitUsage : kExitFailed;
}

int runSql(const std::vector<std::string> &argv, CommandIo &io)
{
    std::vector<std::string> queries;
    const CliArgs args(protectQueries(argv, queries), {"--format", "--file"}, {});
    if (!args.error().empty())
        return usageError("sql", kSqlUsage, args.error(), io);
    std::vector<std::string> positional = args.positional();
    for (std::string &p : positional) {
        if (p.size() > 1 && p[0] == '\x01')
            p = queries[std::stoul(p.substr(1))];
    }
    const auto file = args.value("--file");
    if (positional.size() != (file ? 1u : 2u))
        return usageError("sql", kSqlUsage, file ? "expected one TRACE with --file" : "expected TRACE and QUERY", io);
    const auto format = formatOption(args, "sql", kSqlUsage, io);
    if (!format)
        return kExitUsage;
    std::string query;
    if (file) {
        const auto text = readQueryFile(*file, io);
        if (!text)
            return kExitBadInput;
        query = *text;
    } else {
        query = positional[1];
    }
    // Mistakes in the query show before a large trace loads: the schema does not depend on it.
    if (const SqlStatus status = TraceDatabase(std::make_shared<const Trace>()).check(query); !status.ok()) {
        io.err << "tracelane-cli sql: " << status.message << '\n';
        return exitCodeOf(status);
    }
    const auto trace = loadOrReport(positional[0], io);
    if (!trace)
        return kExitBadInput;
    TraceDatabase database(trace);
    if (const SqlStatus status = writeQuery(io.out, database, query, *format); !status.ok()) {
        io.out.flush();
        io.err << "tracelane-cli sql: " << status.message << '\n';
        return exitCodeOf(status);
    }
    return kExitOk;
}

} // namespace

extern const Command kSqlCommand{"sql", kSqlUsage,
                                 "run one SQL query over the trace's events, tracks, flows and arguments "
                                 "(schema: docs/SQL.md)",
                                 runSql};

} // namespace tracelane::cli
