// Fuzz target: Perfetto protobuf traces, through the importer (wire reader,
// sequences and interning, clocks, compressed packets, slice stacks, flows)
// and the model checks.
#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    return tracelane::fuzz::fuzzImporter(data, size, ".pftrace", "perfetto");
}
