#pragma once
// What the commands that print the trace as data (events, tracks, flows,
// counters) share: their --format option (csv, the default, or json), ids and
// the columns naming where a track sits.

#include "cli_args.h"
#include "commands.h"
#include "export/row_stream.h"
#include "model/trace.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tracelane::cli {

// One id for an event in every output, and in the SQL tables over the model:
// (track << 32) | index into the track's events (both stable: the model is immutable).
inline std::uint64_t eventId(std::uint32_t track, std::uint32_t index)
{
    return (std::uint64_t(track) << 32) | index;
}

// Reads --format csv|json (default csv); nullopt after reporting a bad value.
std::optional<RowStream::Format> rowFormatOption(const CliArgs &args, const char *command, const char *usage,
                                                 CommandIo &io);

// pid, tid, process, thread, device, stream: the owner of a track.
const std::vector<std::string> &ownerColumns();
void writeOwner(RowStream &rows, const Trace &trace, const Track &track);

} // namespace tracelane::cli
