#include "nsys_report_importer.h"

#include "nsys_export_process.h"
#include "nsys_sqlite_importer.h"
#include "import/import_error.h"

#include <atomic>
#include <cmath>
#include <filesystem>
#include <system_error>
#include <unistd.h>

namespace tracelane {
namespace {

constexpr std::string_view kReportMagic = "NVIDIA Tegra Profiler Report";

std::string shellQuoted(const std::string &arg)
{
    if (arg.find_first_of(" \t'\"\\$`") == std::string::npos)
        return arg;
    std::string quoted = "'";
    for (const char c : arg)
        quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return quoted + "'";
}

std::string commandLine(const std::vector<std::string> &argv)
{
    std::string line;
    for (const std::string &arg : argv)
        line += (line.empty() ? "" : " ") + shellQuoted(arg);
    return line;
}

// Removes a temporary export when reading ends, however it ends.
struct RemoveWhenDone
{
    std::filesystem::path path;
    ~RemoveWhenDone()
    {
        std::error_code ignored;
        if (!path.empty())
            std::filesystem::remove(path, ignored);
    }
};

// What a failing tool said last, without the trailing newline.
std::string lastLine(std::string text)
{
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r'))
        text.pop_back();
    const std::size_t newline = text.rfind('\n');
    return newline == std::string::npos ? text : text.substr(newline + 1);
}

bool newerThan(const std::filesystem::path &a, const std::filesystem::path &b)
{
    std::error_code e1, e2;
    const auto ta = std::filesystem::last_write_time(a, e1);
    const auto tb = std::filesystem::last_write_time(b, e2);
    return !e1 && !e2 && ta >= tb;
}

} // namespace

std::vector<std::string> nsysExportCommand(const std::string &nsys, const std::string &report,
                                           const std::string &output)
{
    return {nsys, "export", "--type", "sqlite", "--force-overwrite", "true", "--output", output, report};
}

int NsysReportImporter::sniff(const ContentProbe &probe) const
{
    return !probe.gzip && probe.head.compare(0, kReportMagic.size(), kReportMagic) == 0 ? 100 : 0;
}

void NsysReportImporter::import(const ContentProbe &probe, TraceBuilder &builder, ImportControl &control) const
{
    namespace fs = std::filesystem;
    const fs::path report(probe.path);
    fs::path beside = report;
    beside.replace_extension(".sqlite");
    const std::string nsys = findOnPath("nsys");
    if (nsys.empty())
        throw ImportError("'" + probe.path + "' is an Nsight Systems report, which only Nsight Systems reads; "
                          "export it to SQLite and open that: "
                          + commandLine(nsysExportCommand("nsys", probe.path, beside.string())));
    RemoveWhenDone temporary;
    fs::path output = beside;
    std::error_code error;
    const bool reuse = fs::exists(beside, error) && newerThan(beside, report);
    if (!reuse) {
        if (fs::exists(beside, error) || ::access(report.parent_path().empty() ? "." : report.parent_path().c_str(),
                                                  W_OK) != 0) {
            static std::atomic<int> exports{0}; // reports of one name loaded at once get their own files
            output = fs::temp_directory_path(error)
                     / ("tracelane-" + std::to_string(::getpid()) + "-" + std::to_string(exports++) + "-"
                        + report.stem().string() + ".sqlite");
            temporary.path = output;
        }
        const std::vector<std::string> command = nsysExportCommand(nsys, probe.path, output.string());
        // No progress comes from nsys: the bar creeps towards half while it runs.
        const std::uint64_t scale = 1000;
        const ProcessResult run = runProcess(command, control, [&](double seconds) {
            control.progress(std::uint64_t(scale * (1.0 - std::exp(-seconds / 20.0)) / 2), scale);
        });
        if (run.exitCode != 0 || !fs::exists(output, error))
            throw ImportError("'" + probe.path + "': exporting it to SQLite failed (" + commandLine(command)
                              + (run.exitCode >= 0 ? ", exit code " + std::to_string(run.exitCode) : "")
                              + ")" + (run.output.empty() ? "" : ": " + lastLine(run.output)));
    }
    ContentProbe exported = probeFile(output.string());
    NsysSqliteImporter sqlite;
    if (sqlite.sniff(exported) == 0)
        throw ImportError("'" + output.string() + "', the SQLite export of '" + probe.path
                          + "', does not hold Nsight Systems tables");
    sqlite.import(exported, builder, control);
    builder.source().metadata.emplace_back("exported to", temporary.path.empty() ? output.string() : "a temporary file");
}

} // namespace tracelane
