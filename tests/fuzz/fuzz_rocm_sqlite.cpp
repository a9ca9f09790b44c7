// Fuzz target: AMD's SQLite profiles, RPD (rocmProfileData) and rocpd
// (rocprofv3). As fuzz_nvprof_sqlite.cpp, with the SQL-level mutator in the
// libFuzzer build; an input is run through whichever of the two claims it.
#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (tracelane::fuzz::fuzzImporter(data, size, ".rpd", "rpd") == 0)
        return 0;
    return tracelane::fuzz::fuzzImporter(data, size, ".db", "rocpd");
}
