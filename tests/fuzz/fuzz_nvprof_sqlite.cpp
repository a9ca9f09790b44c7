// Fuzz target: nvprof / NVVP SQLite database. As fuzz_nsys_sqlite.cpp, with
// the SQL-level mutator in the libFuzzer build.
#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    return tracelane::fuzz::fuzzImporter(data, size, ".nvvp", "nvprof");
}
