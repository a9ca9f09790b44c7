#include "chrome_trace_writer.h"

#include "chrome_trace_flows.h"
#include "chrome_trace_json.h"
#include "chrome_trace_lanes.h"
#include "gzip_file_buffer.h"

#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <ostream>

namespace tracelane {

using namespace chrome_json;

namespace {

constexpr std::size_t kFlushBytes = 1 << 20;
// GPU processes after the CPU ones, as Kineto sorts them.
constexpr std::int64_t kGpuSortBase = 0x1000000;

struct Stopped
{ };

class Writer
{
public:
    Writer(const Trace &trace, std::ostream &out)
        : m_trace(trace)
        , m_out(out)
        , m_lanes(trace)
    {
        m_buffer.reserve(kFlushBytes + 64 * 1024);
    }

    ChromeTraceWriteStats stats() const { return m_stats; }

    ChromeTraceWriteStats run()
    {
        header();
        metadata();
        for (const Track &track : m_trace.tracks)
            if (!track.derived) // read again, the file's own events make it anew
                events(track);
        m_stats.flows = writeChromeFlows(
            m_trace, m_lanes, m_buffer, m_first, [this] { maybeFlush(); }, m_stats.flowsLeftOut);
        m_buffer += "\n]}\n";
        flush();
        return m_stats;
    }

private:
    void maybeFlush()
    {
        if (m_buffer.size() >= kFlushBytes)
            flush();
    }
    void flush()
    {
        m_out.write(m_buffer.data(), std::streamsize(m_buffer.size()));
        m_buffer.clear();
        if (!m_out) // a full disk: stop rather than format the rest for nothing
            throw Stopped{};
    }
    void beginEvent(const char *ph)
    {
        m_buffer += m_first ? "\n{\"ph\":\"" : ",\n{\"ph\":\"";
        m_first = false;
        m_buffer += ph;
        m_buffer += '"';
    }
    void key(const char *name, std::int64_t value)
    {
        m_buffer += ",\"";
        m_buffer += name;
        m_buffer += "\":";
        char digits[24];
        m_buffer.append(digits, std::to_chars(digits, digits + sizeof digits, value).ptr);
    }
    void lane(const ChromeLane &l) { appendChromeLane(m_buffer, l); }

    void header()
    {
        m_buffer += "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"exporter\":\"Tracelane\",\"source_format\":";
        appendString(m_buffer, m_trace.source.format);
        m_buffer += "},\"deviceProperties\":[";
        for (std::size_t i = 0; i < m_trace.devices.size(); ++i) {
            m_buffer += i ? ",{\"id\":" : "{\"id\":";
            m_buffer += std::to_string(m_trace.devices[i].id);
            if (m_trace.devices[i].name) {
                m_buffer += ",\"name\":";
                appendString(m_buffer, m_trace.strings.view(m_trace.devices[i].name));
            }
            m_buffer += '}';
        }
        m_buffer += "],\"traceEvents\":[";
    }

    void nameRecord(const char *what, const ChromeLane &l, bool withTid, const char *argKey, std::string_view text)
    {
        beginEvent("M");
        m_buffer += ",\"name\":\"";
        m_buffer += what;
        m_buffer += '"';
        appendChromeLane(m_buffer, l, withTid);
        m_buffer += ",\"args\":{\"";
        m_buffer += argKey;
        m_buffer += "\":";
        appendString(m_buffer, text);
        m_buffer += "}}";
    }
    void sortRecord(const char *what, const ChromeLane &l, bool withTid, std::int64_t index)
    {
        beginEvent("M");
        m_buffer += ",\"name\":\"";
        m_buffer += what;
        m_buffer += '"';
        appendChromeLane(m_buffer, l, withTid);
        m_buffer += ",\"args\":{";
        m_buffer += "\"sort_index\":" + std::to_string(index) + "}}";
    }

    void metadata()
    {
        for (const Process &p : m_trace.processes) {
            const ChromeLane l = m_lanes.processLane(std::int32_t(&p - m_trace.processes.data()));
            if (p.name)
                nameRecord("process_name", l, false, "name", m_trace.strings.view(p.name));
            if (p.label)
                nameRecord("process_labels", l, false, "labels", m_trace.strings.view(p.label));
            sortRecord("process_sort_index", l, false, p.sortIndex);
        }
        for (const Thread &t : m_trace.threads) {
            const ChromeLane l = m_lanes.threadLane(std::int32_t(&t - m_trace.threads.data()));
            if (t.name)
                nameRecord("thread_name", l, true, "name", m_trace.strings.view(t.name));
            sortRecord("thread_sort_index", l, true, t.sortIndex);
        }
        // GPU lanes as Kineto names them: a process per device, a thread per stream.
        for (std::size_t d = 0; d < m_trace.devices.size(); ++d) {
            const ChromeLane l{m_lanes.gpuPid(std::int32_t(d)), 0, {}, {}};
            nameRecord("process_name", l, false, "name", "GPU " + std::to_string(m_trace.devices[d].id));
            if (m_trace.devices[d].name)
                nameRecord("process_labels", l, false, "labels", m_trace.strings.view(m_trace.devices[d].name));
            sortRecord("process_sort_index", l, false, kGpuSortBase + m_trace.devices[d].id);
        }
        std::vector<bool> named(m_trace.streams.size(), false);
        for (const Track &track : m_trace.tracks) {
            if (track.stream == kNoIndex || named[std::size_t(track.stream)] || track.kind != TrackKind::GpuStream)
                continue;
            named[std::size_t(track.stream)] = true;
            nameRecord("thread_name", m_lanes.lane(track), true, "name", m_trace.strings.view(track.name));
            sortRecord("thread_sort_index", m_lanes.lane(track), true,
                       m_trace.streams[std::size_t(track.stream)].streamId);
        }
        maybeFlush();
    }

    void args(const Track &track, const Event &e, bool gpuLane)
    {
        const std::vector<Arg> list = e.args == kNoArgs ? std::vector<Arg>()
                                                        : decodeArgs(m_trace.argSchemas, track.argBlob, e.args);
        bool any = false, hasCorrelation = false, hasDevice = false, hasStream = false;
        auto open = [&](std::string_view name) {
            m_buffer += any ? "," : ",\"args\":{";
            any = true;
            appendString(m_buffer, name);
            m_buffer += ':';
        };
        for (const Arg &a : list) {
            const std::string_view name = m_trace.strings.view(a.key);
            hasCorrelation = hasCorrelation || name == "correlation";
            hasDevice = hasDevice || name == "device";
            hasStream = hasStream || name == "stream";
            open(name);
            appendArgValue(m_buffer, a.value, m_trace.strings);
        }
        // Importers of other formats keep the correlation id beside the event,
        // not as an argument; the Chrome importer links launches by it.
        if (e.correlation && !hasCorrelation) {
            open("correlation");
            m_buffer += std::to_string(e.correlation);
        }
        if (gpuLane && m_lanes.gpuNeedsArgs()) {
            const Stream &s = m_trace.streams[std::size_t(track.stream)];
            if (!hasDevice) {
                open("device");
                m_buffer += std::to_string(m_trace.devices[std::size_t(s.device)].id);
            }
            if (!hasStream) {
                open("stream");
                m_buffer += std::to_string(s.streamId);
            }
        }
        if (any)
            m_buffer += '}';
    }

    void common(const char *ph, const char *category, const Event &e, const ChromeLane &l)
    {
        beginEvent(ph);
        if (category) {
            m_buffer += ",\"cat\":\"";
            m_buffer += category;
            m_buffer += '"';
        }
        m_buffer += ",\"name\":";
        appendString(m_buffer, m_trace.strings.view(e.name));
        lane(l);
        m_buffer += ",\"ts\":";
        appendMicroseconds(m_buffer, e.start);
    }

    void events(const Track &track)
    {
        const ChromeLane l = m_lanes.lane(track);
        const bool gpuLane = track.stream != kNoIndex;
        for (std::size_t i = 0; i < track.events.size(); ++i) {
            const Event &e = track.events[i];
            ++m_stats.events;
            if (track.kind == TrackKind::Counter || e.kind == EventKind::CounterSample) {
                common("C", nullptr, e, l);
                m_buffer += ",\"args\":{\"value\":";
                appendDouble(m_buffer, i < track.counterValues.size() ? track.counterValues[i] : 0.0);
                m_buffer += "}}";
            } else if (track.kind == TrackKind::Async) {
                asyncEvent(track, e, l);
            } else {
                const bool instant = e.kind == EventKind::Instant;
                common(instant ? "i" : "X", m_lanes.category(track, e.kind), e, l);
                if (instant) {
                    m_buffer += ",\"s\":\"";
                    m_buffer += instantScope(track);
                    m_buffer += '"';
                } else {
                    m_buffer += ",\"dur\":";
                    appendMicroseconds(m_buffer, e.duration);
                }
                args(track, e, gpuLane);
                m_buffer += '}';
            }
            maybeFlush();
        }
    }

    // Thread instants keep scope "t"; an Instants track is a process's ("p") or the whole trace's ("g").
    static const char *instantScope(const Track &track)
    {
        if (track.kind != TrackKind::Instants)
            return "t";
        return track.process == kNoIndex ? "g" : "p";
    }

    // One id per async slice: the importer pairs b and e by (pid, cat, id, name).
    void asyncEvent(const Track &track, const Event &e, const ChromeLane &l)
    {
        const std::int64_t id = ++m_asyncIds;
        const bool instant = e.kind == EventKind::Instant;
        common(instant ? "n" : "b", "async", e, l);
        key("id", id);
        args(track, e, false);
        m_buffer += '}';
        if (instant)
            return;
        beginEvent("e");
        m_buffer += ",\"cat\":\"async\",\"name\":";
        appendString(m_buffer, m_trace.strings.view(e.name));
        lane(l);
        m_buffer += ",\"ts\":";
        appendMicroseconds(m_buffer, e.end());
        key("id", id);
        m_buffer += '}';
    }

    const Trace &m_trace;
    std::ostream &m_out;
    ChromeLanes m_lanes;
    std::string m_buffer;
    bool m_first = true;
    std::int64_t m_asyncIds = 0;
    ChromeTraceWriteStats m_stats;
};

bool endsWith(const std::string &text, std::string_view suffix)
{
    return text.size() >= suffix.size() && text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

} // namespace

ChromeTraceWriteStats writeChromeTrace(const Trace &trace, std::ostream &out)
{
    Writer writer(trace, out);
    try {
        return writer.run();
    } catch (const Stopped &) {
        return writer.stats(); // `out` is in a failed state: the caller reports it
    }
}

ChromeTraceFileResult writeChromeTraceFile(const Trace &trace, const std::string &path)
{
    ChromeTraceFileResult result;
    auto failed = [&](const std::string &reason) {
        result.error = "cannot write " + path + ": " + reason;
        std::error_code ignored; // a device such as /dev/full is never removed
        if (std::filesystem::is_regular_file(path, ignored))
            std::filesystem::remove(path, ignored);
        return result;
    };
    if (endsWith(path, ".gz")) {
        GzipFileBuffer buffer(path);
        if (!buffer.isOpen())
            return failed(buffer.error());
        std::ostream out(&buffer);
        result.stats = writeChromeTrace(trace, out);
        if (!buffer.finish() || !out)
            return failed(buffer.error().empty() ? "write error" : buffer.error());
        return result;
    }
    errno = 0;
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out)
        return failed(errno ? std::strerror(errno) : "cannot open the file");
    result.stats = writeChromeTrace(trace, out);
    out.flush();
    const int writeErrno = errno;
    out.close();
    if (!out)
        return failed(writeErrno ? std::strerror(writeErrno) : "write error");
    return result;
}

} // namespace tracelane
