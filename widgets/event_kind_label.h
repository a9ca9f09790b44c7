#pragma once
// The kind of an event as people read it, in the interface language. The core
// names kinds in English identifiers ("cpu_op", "range") for the CLI and SQL.

#include "model/event.h"

#include <QCoreApplication>
#include <QString>

namespace tracelane {

class EventKindLabel
{
    Q_DECLARE_TR_FUNCTIONS(EventKindLabel)

public:
    static QString text(EventKind kind);
};

} // namespace tracelane
