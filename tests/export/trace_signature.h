#pragma once
// What a trace must keep through a Chrome-trace export and re-import, as
// sorted lines of text that two traces can be compared by: events per kind,
// tracks with the identity of their thread / process / stream, each track's
// events, flows per kind and with their ends, and the analyses' summaries.
// What the format cannot carry is folded the same way on both sides (see
// docs/EXPORT.md): NVTX domains (one ranges lane per thread), and
// the correlation argument that other formats keep beside the event.

#include "model/trace.h"

#include <QStringList>

namespace tracelane::test {

struct TraceSignature
{
    QStringList kindCounts;
    QStringList tracks;
    QStringList events; // per track, "track | start dur kind name | args"
    QStringList flows;  // "kind: from -> to"
    QStringList summaries;
};

// withArgs: every argument; else all but "correlation". onlyWritableFlows: leave
// out the flows a Chrome trace cannot carry (chromeFlowCategory).
TraceSignature signatureOf(const Trace &trace, bool withArgs, bool onlyWritableFlows);

} // namespace tracelane::test
