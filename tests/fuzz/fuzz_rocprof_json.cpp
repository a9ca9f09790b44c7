// Fuzz target: AMD rocprofv3 JSON output ({"rocprofiler-sdk-tool": [...]}).
#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    return tracelane::fuzz::fuzzImporter(data, size, ".json", "rocprof-json");
}
