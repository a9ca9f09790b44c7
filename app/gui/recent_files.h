#pragma once
// The most recently opened traces, newest first, kept in QSettings.

#include <QStringList>

namespace tracelane {

class RecentFiles
{
public:
    static constexpr int kMaximum = 10;

    static QStringList load();
    static QStringList add(const QString &path); // returns the new list
    static void clear();
};

} // namespace tracelane
