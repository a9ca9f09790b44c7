#include "trace_rows.h"

#include "command_support.h"

namespace tracelane::cli {

std::optional<RowStream::Format> rowFormatOption(const CliArgs &args, const char *command, const char *usage,
                                                 CommandIo &io)
{
    const std::string text = args.value("--format", "csv");
    if (text == "csv")
        return RowStream::Format::Csv;
    if (text == "json")
        return RowStream::Format::Json;
    usageError(command, usage, "unknown format '" + text + "' (use csv or json)", io);
    return std::nullopt;
}

const std::vector<std::string> &ownerColumns()
{
    static const std::vector<std::string> columns = {"pid", "tid", "process", "thread", "device", "stream"};
    return columns;
}

void writeOwner(RowStream &rows, const Trace &trace, const Track &track)
{
    const Process *process = track.process >= 0 ? &trace.processes[std::size_t(track.process)] : nullptr;
    const Thread *thread = track.thread >= 0 ? &trace.threads[std::size_t(track.thread)] : nullptr;
    const Stream *stream = track.stream >= 0 ? &trace.streams[std::size_t(track.stream)] : nullptr;
    if (process)
        rows.integer(process->pid);
    else
        rows.empty();
    if (thread)
        rows.integer(thread->tid);
    else
        rows.empty();
    if (process)
        rows.text(trace.strings.view(process->name));
    else
        rows.empty();
    if (thread)
        rows.text(trace.strings.view(thread->name));
    else
        rows.empty();
    const std::int32_t device = stream ? stream->device : track.device; // a GPU's own counters have no stream
    if (device >= 0)
        rows.integer(trace.devices[std::size_t(device)].id);
    else
        rows.empty();
    if (stream)
        rows.integer(stream->streamId);
    else
        rows.empty();
}

} // namespace tracelane::cli
