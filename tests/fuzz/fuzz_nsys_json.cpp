// Fuzz target: Nsight Systems JSON export (one JSON object per line).
#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    return tracelane::fuzz::fuzzImporter(data, size, "_nsys.json", "nsys-json");
}
