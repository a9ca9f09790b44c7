#pragma once
// Every file under the shared traces that some importer claims, found by
// content (so a new trace or format is picked up without editing a list).

#include "import/importer.h"

#include <QDirIterator>
#include <QStringList>

namespace tracelane::test {

inline QStringList sharedTraceFiles()
{
    QStringList found;
    QDirIterator it(QStringLiteral(TRACELANE_SHARED_TRACES), QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        try {
            if (detectImporter(probeFile(path.toStdString())))
                found << path;
        } catch (...) { // unreadable or not a trace: not one of ours
        }
    }
    found.sort();
    return found;
}

} // namespace tracelane::test
