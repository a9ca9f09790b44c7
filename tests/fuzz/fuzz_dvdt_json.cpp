// Fuzz target: dv/dt prof OpenCL call trace (a JSON array of calls).
#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    return tracelane::fuzz::fuzzImporter(data, size, ".json", "dvdt-opencl");
}
