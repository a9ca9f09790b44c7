#pragma once
// Finds events by a regular expression over their names. The expression runs
// once per distinct name in the string table, never per event; events are then
// picked by a bit per name id, which keeps a search of millions of events fast.

#include "model/trace.h"

#include <QCoreApplication>
#include <QString>

#include <vector>

namespace tracelane {

struct SearchResult
{
    std::vector<EventRef> matches; // by start time, then track
    QString error;                 // set when the expression is invalid
    bool ok() const { return error.isEmpty(); }
};

class EventSearch
{
    Q_DECLARE_TR_FUNCTIONS(EventSearch)

public:
    // Case-insensitive; an empty pattern matches nothing.
    static SearchResult run(const Trace &trace, const QString &pattern);
};

} // namespace tracelane
