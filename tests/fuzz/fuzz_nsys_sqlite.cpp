// Fuzz target: Nsight Systems SQLite export. Inputs are whole database files;
// in the libFuzzer build sqlite_mutator.cpp also mutates them through SQL
// (dropped columns, NULLs, text in integer columns, extreme values).
#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    return tracelane::fuzz::fuzzImporter(data, size, ".sqlite", "nsys-sqlite");
}
