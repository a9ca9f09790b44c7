#include "event_kind_label.h"

namespace tracelane {

QString EventKindLabel::text(EventKind kind)
{
    switch (kind) {
    case EventKind::Slice: return tr("slice");
    case EventKind::CpuOp: return tr("CPU op");
    case EventKind::PythonFunction: return tr("Python function");
    case EventKind::Range: return tr("range");
    case EventKind::GpuRange: return tr("GPU range");
    case EventKind::ApiCall: return tr("API call");
    case EventKind::Kernel: return tr("kernel");
    case EventKind::Memcpy: return tr("memory copy");
    case EventKind::Memset: return tr("memory set");
    case EventKind::Sync: return tr("synchronisation");
    case EventKind::Instant: return tr("instant");
    case EventKind::CounterSample: return tr("counter");
    case EventKind::Async: return tr("async slice");
    }
    return tr("unknown");
}

} // namespace tracelane
