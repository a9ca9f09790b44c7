#include "trace_signature.h"

#include "analysis/efficiency/gpu_time.h"
#include "analysis/operators/op_summary.h"
#include "analysis/ranges/range_kernel_summary.h"
#include "analysis/ranges/range_summary.h"
#include "analysis/summaries/api_summary.h"
#include "analysis/summaries/gpu_mem_time_summary.h"
#include "analysis/summaries/kernel_summary.h"
#include "export/chrome_trace_flows.h"
#include "export/table.h"

#include <map>
#include <sstream>

namespace tracelane::test {

namespace {

QString text(const Trace &trace, StringId id)
{
    const std::string_view view = trace.strings.view(id);
    return QString::fromUtf8(view.data(), qsizetype(view.size()));
}

QString processKey(const Trace &trace, std::int32_t index)
{
    // Negative ids are made up by importers for ids written as text: the
    // text (the name) is what identifies them.
    const Process &p = trace.processes[std::size_t(index)];
    return QStringLiteral("pid %1 '%2' label '%3' sort %4")
        .arg(p.pid < 0 ? QStringLiteral("(named)") : QString::number(p.pid))
        .arg(text(trace, p.name), text(trace, p.label))
        .arg(p.sortIndex);
}

// The track's kind, name and what it belongs to. Names of ranges lanes (NVTX
// domains) and GPU lanes (made up from ids by each importer) are left out;
// the stream's device and id stay.
QString trackKey(const Trace &trace, const Track &track)
{
    QString key = QString::fromUtf8(trackKindName(track.kind).data());
    // A thread lane is named "Thread <tid>"; a made-up tid (negative) may differ.
    const bool madeUpTid = track.thread != kNoIndex && trace.threads[std::size_t(track.thread)].tid < 0;
    if (track.kind != TrackKind::ThreadRanges && track.stream == kNoIndex && !madeUpTid)
        key += QStringLiteral(" '%1'").arg(text(trace, track.name));
    if (track.thread != kNoIndex) {
        const Thread &t = trace.threads[std::size_t(track.thread)];
        key += QStringLiteral(" tid %1 '%2' sort %3 in ")
                   .arg(t.tid < 0 ? QStringLiteral("(named)") : QString::number(t.tid))
                   .arg(text(trace, t.name))
                   .arg(t.sortIndex)
            + processKey(trace, t.process);
    } else if (track.stream != kNoIndex) {
        const Stream &s = trace.streams[std::size_t(track.stream)];
        const GpuDevice &d = trace.devices[std::size_t(s.device)];
        key += QStringLiteral(" device %1 '%2' stream %3").arg(d.id).arg(text(trace, d.name)).arg(s.streamId);
    } else if (track.process != kNoIndex) {
        key += QStringLiteral(" in ") + processKey(trace, track.process);
    }
    return key;
}

QString argsText(const Trace &trace, const Track &track, const Event &e, bool withCorrelation)
{
    if (e.args == kNoArgs)
        return {};
    QStringList parts;
    for (const Arg &a : decodeArgs(trace.argSchemas, track.argBlob, e.args)) {
        if (!withCorrelation && trace.strings.view(a.key) == "correlation")
            continue;
        parts << text(trace, a.key) + QLatin1Char('=') + QString::number(int(a.value.type)) + QLatin1Char(':')
                + QString::fromStdString(a.value.toText(trace.strings));
    }
    return parts.join(QLatin1Char(','));
}

QString eventText(const Trace &trace, EventRef ref)
{
    const Track &track = trace.tracks[ref.track];
    const Event &e = track.events[ref.index];
    return trackKey(trace, track) + QStringLiteral(" @ %1 '%2'").arg(e.start).arg(text(trace, e.name));
}

QString csv(const Table &table)
{
    std::ostringstream out;
    writeCsv(out, table);
    return QString::fromStdString(out.str());
}

// The range summary names a range "domain:text"; a Chrome trace has no NVTX
// domains, so ranges come back in the default one (":text").
QString rangeSummaryWithoutDomains(const Trace &trace)
{
    QString summary = csv(rangeSummaryTable(trace));
    for (const Track &track : trace.tracks) {
        if (track.kind != TrackKind::ThreadRanges || !track.domain)
            continue;
        const QString domain = text(trace, track.domain);
        summary.replace(QLatin1Char(',') + domain + QLatin1Char(':'), QStringLiteral(",:"));
        summary.replace(QStringLiteral(",\"") + domain + QLatin1Char(':'), QStringLiteral(",\":"));
    }
    return summary;
}

} // namespace

TraceSignature signatureOf(const Trace &trace, bool withArgs, bool onlyWritableFlows)
{
    TraceSignature s;
    std::map<EventKind, std::uint64_t> kinds;
    for (const Track &track : trace.tracks) {
        const QString key = trackKey(trace, track);
        s.tracks << key;
        const bool ranges = track.kind == TrackKind::ThreadRanges; // domains merge: depths may change
        for (std::size_t i = 0; i < track.events.size(); ++i) {
            const Event &e = track.events[i];
            ++kinds[e.kind];
            QString line = key
                + QStringLiteral(" | %1 %2 %3 '%4' c%5")
                      .arg(e.start)
                      .arg(e.duration)
                      .arg(QString::fromUtf8(eventKindName(e.kind).data()), text(trace, e.name))
                      .arg(e.correlation);
            if (!ranges)
                line += QStringLiteral(" d%1").arg(e.depth);
            if (i < track.counterValues.size())
                line += QStringLiteral(" v%1").arg(track.counterValues[i], 0, 'g', 17);
            line += QStringLiteral(" | ") + argsText(trace, track, e, withArgs);
            s.events << line;
        }
    }
    for (const auto &[kind, count] : kinds)
        s.kindCounts << QStringLiteral("%1 %2").arg(QString::fromUtf8(eventKindName(kind).data())).arg(count);
    s.tracks.sort();
    s.tracks.removeDuplicates(); // ranges lanes of one thread, one per NVTX domain, are one lane in Chrome
    s.events.sort();
    for (const Flow &f : trace.flows)
        if (!onlyWritableFlows || chromeFlowCategory(f, trace))
            s.flows << QStringLiteral("%1: ").arg(int(f.kind)) + eventText(trace, f.from) + QStringLiteral(" -> ")
                    + eventText(trace, f.to);
    s.flows.sort();
    s.summaries << csv(kernelSummaryTable(kernelSummary(trace))) << csv(apiSummaryTable(apiSummary(trace)))
                << csv(gpuMemTimeSummaryTable(gpuMemTimeSummary(trace))) << rangeSummaryWithoutDomains(trace)
                << csv(rangeKernelSummaryTable(trace)) << csv(opSummaryTable(opSummary(trace)))
                << csv(gpuTimeTable(gpuTimeBreakdown(trace), true));
    return s;
}

} // namespace tracelane::test
