// Fuzz target: XSpace protobuf (.xplane.pb). The wire reader's bounds and the
// importer's mapping of planes, lines, events and stats; seeds are real files
// cut down by tests/data/xplane/make_xplane.py cut.
#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    return tracelane::fuzz::fuzzImporter(data, size, ".xplane.pb", "xplane");
}
