#include "trace_text.h"

namespace tracelane {

QString fromView(std::string_view v) { return QString::fromUtf8(v.data(), qsizetype(v.size())); }

QString argText(const Trace &trace, EventRef ref, std::string_view key)
{
    const auto value = trace.arg(ref, key);
    return value ? QString::fromStdString(value->toText(trace.strings)) : QString();
}

} // namespace tracelane
