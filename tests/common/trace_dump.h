#pragma once
// Everything a model holds (tracks, events with their arguments, flows,
// diagnostics), as text, for comparing two loads of the same file.

#include "model/trace.h"

#include <sstream>
#include <string>

namespace tracelane::test {

inline std::string traceDump(const Trace &trace)
{
    std::ostringstream out;
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
        const Track &track = trace.tracks[t];
        out << "track " << trackKindName(track.kind) << ' ' << trace.strings.view(track.name) << ' ' << track.process
            << ' ' << track.thread << '\n';
        for (std::uint32_t i = 0; i < track.events.size(); ++i) {
            const Event &e = track.events[i];
            out << "  " << trace.strings.view(e.name) << ' ' << e.start << ' ' << e.duration << ' ' << int(e.depth)
                << ' ' << eventKindName(e.kind);
            if (!track.counterValues.empty())
                out << " = " << track.counterValues[i];
            for (const Arg &a : trace.args({t, i}))
                out << ' ' << trace.strings.view(a.key) << ':' << a.value.toText(trace.strings);
            out << '\n';
        }
    }
    for (const Flow &f : trace.flows)
        out << "flow " << trace.name(f.from) << " -> " << trace.name(f.to) << '\n';
    for (const Diagnostic &d : trace.diagnostics.entries())
        out << "diagnostic " << d.code << ' ' << d.count << '\n';
    return out.str();
}

} // namespace tracelane::test
