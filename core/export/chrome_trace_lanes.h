#pragma once
// Where each track of the model goes in a Chrome trace: its (pid, tid) lane
// and the category that makes the Chrome importer put its events back on the
// same kind of track with the same EventKind (see chrome_categories.cpp).

#include "model/trace.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tracelane {

// A pid or tid the importer made up for one written as text ("CPU functions",
// "Spans") is written as that text again: Perfetto reads only non-negative
// numbers as ids, and names a text id after itself, as our importer does.
struct ChromeLane
{
    std::int64_t pid = 0;
    std::int64_t tid = 0;
    std::string_view pidText; // written instead of pid when not empty
    std::string_view tidText;
};

// Appends ,"pid":...[,"tid":...].
void appendChromeLane(std::string &out, const ChromeLane &lane, bool withTid = true);

class ChromeLanes
{
public:
    explicit ChromeLanes(const Trace &trace);

    ChromeLane lane(const Track &track) const;
    ChromeLane processLane(std::int32_t process) const;
    ChromeLane threadLane(std::int32_t thread) const;
    // GPU devices are written as processes with pid = device id, like Kineto,
    // unless a CPU process has that pid: then GPU events carry their device and
    // stream as arguments, which the importer reads before pid and tid.
    std::int64_t gpuPid(std::int32_t deviceIndex) const { return m_gpuPids[std::size_t(deviceIndex)]; }
    bool gpuNeedsArgs() const { return m_gpuNeedsArgs; }

    // The category of an event, or nullptr to write none (a generic slice).
    const char *category(const Track &track, EventKind kind) const;

private:
    const Trace &m_trace;
    std::vector<std::int64_t> m_gpuPids; // per device index
    bool m_gpuNeedsArgs = false;
};

} // namespace tracelane
