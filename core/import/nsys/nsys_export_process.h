#pragma once
// Runs an external command (here `nsys export`) as a child process, polling so
// the user can cancel: a cancelled run is killed and ImportCancelled thrown.
// Its output is kept (the last few KiB) for the error message.

#include "import/import_control.h"

#include <functional>
#include <string>
#include <vector>

namespace tracelane {

struct ProcessResult
{
    int exitCode = -1;     // -1: did not start or ended by a signal
    std::string output;    // stdout and stderr together, the last 8 KiB
};

// `waiting(seconds)` is called about ten times a second while it runs.
ProcessResult runProcess(const std::vector<std::string> &argv, ImportControl &control,
                         const std::function<void(double seconds)> &waiting = {});

// The full path of `program` on PATH; empty when it is not there.
std::string findOnPath(const std::string &program);

} // namespace tracelane
