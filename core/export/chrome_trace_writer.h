#pragma once
// Writes a loaded trace, whatever format it came from, as a Chrome Trace Event
// JSON file that Perfetto UI, chrome://tracing and Tracelane's own Chrome
// importer open. What is written and what cannot be, see docs/EXPORT.md:
//
//   {"displayTimeUnit": "ns", "otherData": {...}, "deviceProperties": [...],
//    "traceEvents": [
//      {"ph": "M", "name": "process_name", "pid": 4242, "args": {"name": "python"}},
//      {"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": 4242, "tid": 4242,
//       "ts": 1700000000123.456, "dur": 4.021, "args": {"correlation": 77}},
//      {"ph": "X", "cat": "kernel", "name": "sgemm", "pid": 0, "tid": 7, ...},
//      {"ph": "s", "cat": "ac2g", "id": 1, ...}, {"ph": "f", "bp": "e", "cat": "ac2g", "id": 1, ...}]}
//
// Times are microseconds with exactly three decimals, so every nanosecond of
// the model survives (the Chrome importer reads the decimals exactly).

#include "model/trace.h"

#include <cstdint>
#include <iosfwd>
#include <string>

namespace tracelane {

struct ChromeTraceWriteStats
{
    std::uint64_t events = 0;       // slices, instants, counter samples, async slices
    std::uint64_t flows = 0;        // flow arrows written as s/f pairs
    std::uint64_t flowsLeftOut = 0; // flows with an end the format cannot bind to (see docs/EXPORT.md)
};

// Streams the trace to `out`; stops at the first failed write. Check `out`'s state afterwards.
ChromeTraceWriteStats writeChromeTrace(const Trace &trace, std::ostream &out);

struct ChromeTraceFileResult
{
    ChromeTraceWriteStats stats;
    std::string error; // "cannot write PATH: reason"; empty on success
    bool ok() const { return error.empty(); }
};

// Writes `path`, gzipped when it ends in ".gz". On failure the partial file is removed.
ChromeTraceFileResult writeChromeTraceFile(const Trace &trace, const std::string &path);

} // namespace tracelane
