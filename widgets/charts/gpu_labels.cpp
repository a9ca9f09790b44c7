#include "gpu_labels.h"

namespace tracelane::charts {

QString GpuLabels::device(std::int32_t deviceId)
{
    return deviceId < 0 ? tr("GPU ?") : tr("GPU %1").arg(deviceId);
}

QString GpuLabels::deviceTotal(std::int32_t deviceId)
{
    return tr("%1 · all streams").arg(device(deviceId));
}

QString GpuLabels::stream(std::int32_t deviceId, std::int64_t streamId)
{
    return tr("%1 · Stream %2").arg(device(deviceId)).arg(streamId);
}

QString GpuLabels::idleCause(IdleCause cause)
{
    switch (cause) {
    case IdleCause::HostWait: return tr("Host wait");
    case IdleCause::KernelWait: return tr("Kernel wait");
    case IdleCause::Other: return tr("Other");
    }
    return {};
}

} // namespace tracelane::charts
