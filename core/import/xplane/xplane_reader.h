#pragma once
// Reads an XSpace (tsl/profiler/protobuf/xplane.proto) held whole in memory
// into the model. Field numbers used:
//
//   XSpace    planes 1, errors 2, warnings 3, hostnames 4
//   XPlane    id 1, name 2, lines 3, event_metadata 4 (map<int64, XEventMetadata>),
//             stat_metadata 5 (map<int64, XStatMetadata>), stats 6
//   XLine     id 1, name 2, timestamp_ns 3, events 4, duration_ps 9, display_id 10, display_name 11
//   XEvent    metadata_id 1, offset_ps 2, duration_ps 3, stats 4, num_occurrences 5
//   XStat     metadata_id 1, double 2, uint64 3, int64 4, str 5, bytes 6, ref 7
//   XEventMetadata id 1, name 2, metadata 3, display_name 4, stats 5, child_id 6
//   XStatMetadata  id 1, name 2, description 3
//
// What lands where:
//
//   /host:CPU, each line       -> a thread of the host process (XLine.id is the thread id)
//       event with a correlation_id stat -> ApiCall on the thread's API lane
//       event named "$..." (Python tracer) -> PythonFunction on the thread's lane, "$" dropped
//       any other event (TraceMe)         -> Range on the thread's ranges lane
//   /device:GPU:N, /device:TPU:N -> device N
//       line "Stream #S..."    -> stream S: Kernel, Memcpy or Memset (by stat, then by name)
//       any other line ("XLA Ops", "XLA Modules", "Steps") -> Range on a lane of its own,
//                                 a thread of the process "/device:GPU:N"
//   Task Environment, device plane stats -> source metadata
//   every other plane          -> skipped and counted
//
// Stats become arguments named by their XStatMetadata; ref values are the
// referenced metadata's name. correlation_id links a launch to its GPU op;
// "flow" stats (XFlow) and producer/consumer pairs (_p/_pt, _c/_ct) become flows.

#include "import/import_control.h"
#include "model/trace_builder.h"

#include <string>
#include <string_view>

namespace tracelane::xplane {

// Throws ImportError naming `path` and the byte offset, or ImportCancelled.
void readXSpace(std::string_view data, const std::string &path, TraceBuilder &builder, ImportControl &control);

} // namespace tracelane::xplane
