#include "panels/diagnostic_text.h"

#include <QRegularExpression>

#include <string_view>

namespace tracelane {
namespace {

// lupdate reads the context from each QT_TRANSLATE_NOOP below, so it is spelled out there too.
constexpr const char *kTableContext = "tracelane::DiagnosticText";

struct CodeText
{
    std::string_view code;
    const char *text; // %1: the GPU API, where the text names it
};

// The importers' codes (core/import, core/model) and their messages.
constexpr CodeText kTexts[] = {
    {"arg-too-deep", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "argument values nested deeper than 64 levels were cut there (shown as \"...\")")},
    {"async-end-without-begin", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "async end events with no matching begin")},
    {"bad-duration", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "events whose \"dur\" is not a number were given duration 0")},
    {"begin-without-end", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "slices never closed were ended at the trace's last timestamp")},
    {"category-limit", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "events of categories past the 32766th share one category")},
    {"counter-not-number", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "counter values that are not numbers were skipped")},
    {"depth-limit", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "events nested deeper than 255 levels are drawn at level 255")},
    {"duplicate-correlation", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "API calls share a correlation id; the first one is linked")},
    {"dvdt-enqueue-without-profiling", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "enqueues without device profiling times have no kernel on the queue")},
    {"dvdt-kernel-arg-invalid", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "clSetKernelArg calls without an argument index were not applied")},
    {"dvdt-profiling-invalid", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "enqueues whose profiling times are missing or out of order have no kernel")},
    {"dvdt-record-invalid", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "array entries that are not OpenCL call records were skipped")},
    {"dvdt-timestamp-invalid", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "calls without readable ISO start and end times were skipped")},
    {"end-name-mismatch", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "E events named differently from the B they close (closed it anyway)")},
    {"end-out-of-range", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "events ending more than 146 years from the trace's zero were cut there")},
    {"end-without-begin", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "E events with no open B event on their thread")},
    {"flow-duplicate-start", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "flow starts (\"flow_out\") for an id already started were ignored")},
    {"flow-end-on-api-call", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "launch flow ends on %1 calls that launched no GPU work (no arrow)")},
    {"flow-sync-without-end", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "launch flows from synchronisation calls with no GPU-side record (no arrow)")},
    {"flow-unbound", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "flow events with no slice at their time on their thread")},
    {"flow-without-direction", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "slices with a \"bind_id\" but neither \"flow_in\" nor \"flow_out\" got no arrow")},
    {"flow-without-end", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "flow starts with no matching end (kept no arrow)")},
    {"flow-without-id", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "flow events without an id were skipped")},
    {"flow-without-start", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "flow ends or steps with no matching start (kept no arrow)")},
    {"gpu-work-without-launch", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "GPU operations whose launching API call is not in the trace")},
    {"improper-nesting", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "slices on one thread overlap without nesting")},
    {"json-control-character", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "raw control characters inside strings (not strict JSON) were read as they are")},
    {"json-invalid-utf8", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "bytes inside strings that are not UTF-8 were replaced by U+FFFD (\xEF\xBF\xBD)")},
    {"json-trailing-comma", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "trailing commas before '}' or ']' (not strict JSON) were accepted")},
    {"json-unescaped-quote", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "strings with unescaped '\"' inside (PyTorch's with_stack names) were read whole")},
    {"merge-correlation-overflow", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "Correlation ids that could not be kept unique across the traces; their launches are not linked to their GPU work")},
    {"missing-duration", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "X events without \"dur\" were given duration 0")},
    {"missing-phase", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "events without a \"ph\" were skipped")},
    {"name-truncated", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "names longer than 64 KiB were cut")},
    {"negative-duration", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "events with a negative duration were given duration 0")},
    {"non-object-event", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "entries of the event array that are not objects were skipped")},
    {"nsys-column-missing", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "columns this nsys version did not write were read as empty")},
    {"nsys-json-bad-line", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "lines that are not a JSON object were skipped")},
    {"nsys-json-incomplete", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "events missing a time or thread were skipped")},
    {"nsys-json-too-deep", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "lines nested deeper than 64 levels (not an nsys record) were skipped")},
    {"nsys-json-truncated", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "the last line is cut off (the file is truncated); it was skipped")},
    {"nsys-json-unknown-record", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "records of an unknown kind were skipped")},
    {"nsys-no-strings", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "the export has no StringIds table: names are empty")},
    {"nsys-string-id-out-of-range", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "string table entries with a negative id were skipped")},
    {"nsys-string-id-unknown", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "names referring to a string id missing from the string table were left empty")},
    {"nsys-table-unusable", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "tables without a column Tracelane needs were skipped")},
    {"nvprof-column-missing", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "columns this nvprof version did not write were read as empty")},
    {"nvprof-context-unknown", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "synchronizations in a context not listed in CUPTI_ACTIVITY_KIND_CONTEXT were placed on device 0")},
    {"nvprof-empty", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "the profile holds no activity: nothing ran on the GPU or through CUDA while nvprof was recording")},
    {"nvprof-marker-end-before-start", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "NVTX ranges ending before they start were skipped")},
    {"nvprof-marker-no-thread", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "markers without a process or thread were placed on process 0")},
    {"nvprof-marker-other", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "markers of other kinds (synchronization markers) were skipped")},
    {"nvprof-marker-without-end", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "NVTX ranges that never ended were left out")},
    {"nvprof-marker-without-start", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "NVTX range ends without a start were skipped")},
    {"nvprof-string-id-unknown", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "names referring to an id missing from StringTable were left empty")},
    {"nvprof-table-unusable", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "tables without a column Tracelane needs were skipped")},
    {"nvtx-domain-unknown", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "NVTX events of a domain whose name was not recorded (named by its id)")},
    {"nvtx-range-without-end", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "NVTX ranges that never ended were left out")},
    {"nvtx-type-skipped", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "NVTX events of other types (payloads, resource names) were skipped")},
    {"other-rank-events", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "events of the file's other ranks were left out")},
    {"perfetto-annotation-skipped", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "debug annotations without a name or with a nested or unknown value type")},
    {"perfetto-begin-without-end", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "slices never ended were closed at the trace's last timestamp")},
    {"perfetto-clock-not-converted", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "track events on a clock no clock snapshot links to the trace clock (their timestamps are used as they are)")},
    {"perfetto-counter-on-other-track", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "counter values for tracks without a CounterDescriptor (skipped)")},
    {"perfetto-end-without-begin", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "slice ends with no open slice on their track (skipped)")},
    {"perfetto-event-without-timestamp", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "track events without a timestamp (skipped)")},
    {"perfetto-event-without-type", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "track events without a type (legacy JSON-style events, skipped)")},
    {"perfetto-extra-counter-without-track", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "extra counter values without a counter track uuid (skipped)")},
    {"perfetto-flow-single-end", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "flow ids seen on one event only (no arrow drawn)")},
    {"perfetto-no-incremental-state", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "packets that need interned data or defaults their sequence never set (no SEQ_INCREMENTAL_STATE_CLEARED before them; skipped, as Perfetto does)")},
    {"perfetto-slice-on-counter-track", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "slices and instants on counter tracks (skipped)")},
    {"perfetto-trace-field", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "top-level fields other than packets (skipped)")},
    {"perfetto-truncated", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "the file ends inside a packet: the last packet is left out")},
    {"rocpd-agent-out-of-range", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "GPU work on an agent index beyond 32 bits was skipped")},
    {"rocpd-allocations-not-shown", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "memory allocations and frees are in the database but not drawn")},
    {"rocpd-copy-without-time", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "memory copies without a start or end time were skipped")},
    {"rocpd-correlation-too-large", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "correlation ids past 32 bits were not linked")},
    {"rocpd-empty", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "the database holds no kernels, copies or API calls")},
    {"rocpd-kernel-without-time", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "kernels without a start or end time were skipped")},
    {"rocpd-region-without-time", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "regions without a start or end time were skipped")},
    {"rocprof-agent-unknown", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "GPU work on agents missing from the agent list was put on devices numbered from 1000")},
    {"rocprof-correlation-too-large", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "correlation ids too large to keep were dropped (no launch arrow)")},
    {"rocprof-empty", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "the file holds no trace records")},
    {"rocprof-kernel-symbol-unknown", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "kernel dispatches whose kernel_id is not in kernel_symbols were named 'kernel N'")},
    {"rocprof-kind-skipped", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "records of kinds Tracelane does not show were skipped")},
    {"rocprof-no-api-calls", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "the file has no HIP or HSA API records (rocprofv3 ran without --hip-trace / --hsa-trace): GPU work has no launching call")},
    {"rpd-api-without-time", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "API calls without a start or end time were skipped")},
    {"rpd-empty", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "the profile holds no GPU operations and no API calls")},
    {"rpd-gpu-id-out-of-range", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "GPU operations on a gpuId beyond 32 bits were skipped")},
    {"rpd-no-api-ops", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "the profile has no rocpd_api_ops table: no launch arrows")},
    {"rpd-op-linked-twice", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "GPU operations listed under several API calls in rocpd_api_ops; the first is linked")},
    {"rpd-op-type-unknown", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "GPU operations of a type Tracelane does not know were skipped")},
    {"rpd-op-without-time", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "GPU operations without a start or end time were skipped")},
    {"rpd-string-id-unknown", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "names referring to an id missing from rocpd_string were left empty")},
    {"thread-state-skipped", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "thread-state events (ph \"T\") were skipped: Tracelane has no lane for them")},
    {"time-out-of-range", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "events starting more than 146 years from the trace's zero were skipped")},
    {"trace-not-loaded", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "Trace files that could not be opened with the others")},
    {"unknown-phase", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "events of an unsupported phase (ph) were skipped")},
    {"unterminated-array", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "the event array is not closed (the writer may have stopped early); all complete events were read")},
    {"xplane-aggregated-event", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "aggregated events (num_occurrences instead of a time) were skipped")},
    {"xplane-bytes-stat", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "stats holding raw bytes (serialized protos) were not kept as arguments")},
    {"xplane-consumer-without-producer", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "consumer contexts (_c) without a producer event (_p) in the file drew no arrow")},
    {"xplane-correlation-too-large", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "correlation ids past 32 bits were not linked (kept as the correlation_id argument)")},
    {"xplane-event-metadata-unknown", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "events whose metadata_id is not in their plane's event_metadata were named by the id")},
    {"xplane-field-unknown", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "protobuf fields not in xplane.proto (or of another type) were skipped")},
    {"xplane-flow-unpaired", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "flow stats whose id no other event carries drew no arrow")},
    {"xplane-metadata-plane", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "the /host:metadata plane (HLO protos) is not shown")},
    {"xplane-plane-skipped", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "planes Tracelane does not show (not /host:CPU, /device:GPU:N or /device:TPU:N) were skipped")},
    {"xplane-profiler-error", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "the profiler reported errors while it wrote the file")},
    {"xplane-profiler-warning", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "the profiler reported warnings while it wrote the file")},
    {"xplane-stat-metadata-unknown", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "stats whose metadata_id is not in their plane's stat_metadata were named by the id")},
    {"xplane-xla-lanes-derived", QT_TRANSLATE_NOOP("tracelane::DiagnosticText", "XLA Ops and XLA Modules lanes were made from the kernels' hlo_op and hlo_module (the file has no such lines)")},
};

} // namespace

QString DiagnosticText::gpuApiOf(const Trace &trace)
{
    // Traces hold one vendor's runtime: the first API call decides.
    for (const Track &track : trace.tracks)
        for (std::uint32_t i = 0; i < track.events.size(); ++i)
            if (track.events[i].kind == EventKind::ApiCall)
                return trace.strings.view(track.events[i].name).starts_with("hip") ? QStringLiteral("HIP")
                                                                                  : QStringLiteral("CUDA");
    return QStringLiteral("CUDA");
}

QString DiagnosticText::message(const Diagnostic &diagnostic, const QString &gpuApi)
{
    const std::string_view code = diagnostic.code;
    for (const CodeText &entry : kTexts)
        if (entry.code == code) {
            // The table's context, as QT_TRANSLATE_NOOP marked it (tr() would look in "DiagnosticText").
            const QString text = QCoreApplication::translate(kTableContext, entry.text);
            return text.contains(QLatin1String("%1")) ? text.arg(gpuApi) : text;
        }
    // Codes whose message carries what was found: the numbers are kept.
    const QString english = QString::fromStdString(diagnostic.message);
    if (code == "truncated-file") {
        const auto byte = QRegularExpression(QStringLiteral("byte (\\d+)")).match(english);
        return byte.hasMatch() ? tr("the file stops early, at byte %1; the complete events before it were read")
                                     .arg(byte.captured(1))
                               : tr("the file stops early; the complete events before it were read");
    }
    if (code.starts_with("nsys-json-skipped:"))
        return tr("%1 records were skipped: they are not CUDA API calls, GPU work or NVTX")
            .arg(QString::fromUtf8(code.data() + code.find(':') + 1, qsizetype(code.size() - code.find(':') - 1)));
    return english; // a code this table does not know yet: the importer's own words
}

} // namespace tracelane
