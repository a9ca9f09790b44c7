#pragma once
// The trace's strings as Qt text, for the panels and tables.

#include "model/trace.h"

#include <QString>

#include <string_view>

namespace tracelane {

// UTF-8 from the string table, as a QString.
QString fromView(std::string_view v);

// An argument's value as the details panel shows it; empty when the event has none by that key.
QString argText(const Trace &trace, EventRef ref, std::string_view key);

} // namespace tracelane
