#pragma once
// Where several traces opened together sit against each other in time.
//
// Common clock (the default): where every trace has absolute epoch times
// (Kineto's baseTimeNanoseconds or epoch timestamps, see rank_identity.h),
// they are placed by them, so what ran at the same moment lines up; else each
// trace's start is placed at the first trace's start. First iteration: the
// first iteration number every trace has (ProfilerStep#N, Iteration N; see
// iteration_table.h) starts at the same moment in all of them; a trace without
// it is placed by its start.

#include "model/trace.h"

#include <string>
#include <vector>

namespace tracelane {

enum class TimeAlignment {
    CommonClock,    // epoch times where all traces have them, else their starts
    TraceStart,     // each trace's first event at the first trace's
    FirstIteration, // the first common iteration at the first trace's
};

struct Alignment
{
    std::vector<TimeNs> shifts; // per trace: added to its times; the first trace's is 0
    TimeAlignment used = TimeAlignment::TraceStart; // what the shifts do (a fallback may differ from what was asked)
    std::string note; // for people, when a trace could not be aligned as asked; empty otherwise
};

Alignment alignTraces(const std::vector<const Trace *> &traces, TimeAlignment wanted);

} // namespace tracelane
