#pragma once
// Several traces loaded at once (std::async tasks over loadTrace, a few files at a time),
// for the views and commands that compare traces: the ranks of a distributed
// run, a run before and after a change.

#include "importer.h"

#include <string>
#include <vector>

namespace tracelane {

// One result per path, in the order given; each error names its file.
std::vector<ImportResult> loadTraces(const std::vector<std::string> &paths);

} // namespace tracelane
