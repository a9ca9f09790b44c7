#pragma once
// Runs every analysis of core/analysis on a trace and formats every table it
// makes, as the CLI and the panels would: what the analyses fuzz target checks
// on models no real profiler writes.

#include "model/trace.h"

namespace tracelane::fuzz {

void runAnalyses(const Trace &trace);

} // namespace tracelane::fuzz
