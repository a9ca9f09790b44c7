#pragma once
// The most recently opened traces, newest first, kept in QSettings.

#include <QStringList>

namespace tracelane {

class RecentFiles
{
public:
    static QStringList load();
    // Puts `path` first and keeps at most `maximum` entries; returns the new list.
    static QStringList add(const QString &path, int maximum);
    static void trim(int maximum);
    static void clear();
};

} // namespace tracelane
