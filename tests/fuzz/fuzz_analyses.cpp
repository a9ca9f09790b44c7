// Fuzz target: every analysis of core/analysis on a fuzzed model. Input that
// starts like JSON ('{' or '[') is imported as a file (a small Chrome trace
// makes every kind of event, flows included); anything else is decoded by
// trace_from_bytes.h into TraceBuilder calls, which reach shapes no importer
// writes (ties, extreme times, duplicate correlation ids, stray flows).
#include "fuzz_input.h"
#include "run_analyses.h"
#include "trace_from_bytes.h"

#include "analysis/distributed/collective_facts_json.h"
#include "import/importer.h"

#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace tracelane;
    setenv("TRACELANE_IMPORT_THREADS", "1", 1);
    std::size_t first = 0;
    while (first < size && (data[first] == ' ' || data[first] == '\n' || data[first] == '\t' || data[first] == '\r'))
        ++first;
    try { // the per-rank facts that `collectives --merge` reads: any bytes, never a crash
        rankFactsFromJson(std::string(reinterpret_cast<const char *>(data), size));
    } catch (const std::exception &) {
    }
    std::shared_ptr<const Trace> trace;
    if (first < size && (data[first] == '{' || data[first] == '[')) {
        trace = loadTrace(fuzz::writeInput(data, size, ".json")).trace;
        if (!trace)
            return 0;
    } else {
        trace = fuzz::traceFromBytes(data, size);
    }
    fuzz::checkModel(*trace);
    fuzz::runAnalyses(*trace);
    return 0;
}
