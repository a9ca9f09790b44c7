#pragma once
// Nsight Systems reports (.nsys-rep, and .qdrep before 2021.4) are a closed
// format: only Nsight Systems itself reads them. Recognised by the text they
// open with ("NVIDIA Tegra Profiler Report", the tool's old name, on every
// platform). When `nsys` is on PATH the report is exported to SQLite for the
// user (`nsys export --type sqlite`, with progress and cancel) and that export
// is read; otherwise the error says which command to run.
//
// Where the export goes: "<report>.sqlite" beside the report, as `nsys stats`
// does, reused while it is newer than the report; into the temporary folder
// (and removed after reading) when the report's folder cannot be written.
// The report itself is never changed.

#include "import/importer.h"

namespace tracelane {

class NsysReportImporter : public Importer
{
public:
    std::string_view id() const override { return "nsys-rep"; }
    std::string_view displayName() const override { return "Nsight Systems report (exported to SQLite)"; }
    int sniff(const ContentProbe &probe) const override;
    void import(const ContentProbe &probe, TraceBuilder &builder, ImportControl &control) const override;
};

// The command that exports `report` to `output`, for messages and for running.
std::vector<std::string> nsysExportCommand(const std::string &nsys, const std::string &report,
                                           const std::string &output);

} // namespace tracelane
