#pragma once
// How devices, streams and idle causes are named in the efficiency charts,
// tables and lists, so that each reads the same everywhere: "GPU 0 · Stream 7".

#include "analysis/efficiency/idle_causes.h"

#include <QCoreApplication>
#include <QString>

#include <cstdint>

namespace tracelane::charts {

class GpuLabels
{
    Q_DECLARE_TR_FUNCTIONS(GpuLabels)

public:
    static QString device(std::int32_t deviceId);    // "GPU 0"; "GPU ?" when the profiler gave none
    static QString deviceTotal(std::int32_t deviceId); // "GPU 0 · all streams"
    static QString stream(std::int32_t deviceId, std::int64_t streamId);
    static QString idleCause(IdleCause cause); // "Host wait", "Kernel wait", "Other"
};

} // namespace tracelane::charts
