#pragma once
// nvprof / NVIDIA Visual Profiler database (`nvprof -o FILE.nvvp`): SQLite with
// CUPTI_ACTIVITY_KIND_* tables and a StringTable. Recognised by those tables;
// Nsight Systems exports have StringIds instead, so neither claims the other.
// What lands where: see nvprof_reader.h. A profile in which nothing ran (the
// tables exist, empty) loads as an empty trace with a note.

#include "import/importer.h"

namespace tracelane {

class NvprofImporter : public Importer
{
public:
    std::string_view id() const override { return "nvprof"; }
    std::string_view displayName() const override { return "nvprof / NVIDIA Visual Profiler database"; }
    int sniff(const ContentProbe &probe) const override;
    void import(const ContentProbe &probe, TraceBuilder &builder, ImportControl &control) const override;
};

} // namespace tracelane
