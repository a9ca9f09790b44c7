#include "recent_files.h"

#include <QFileInfo>
#include <QSettings>

namespace tracelane {
namespace {

QString key()
{
    return QStringLiteral("recentFiles");
}

} // namespace

QStringList RecentFiles::load()
{
    return QSettings().value(key()).toStringList();
}

QStringList RecentFiles::add(const QString &path, int maximum)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList files = load();
    files.removeAll(absolute);
    files.prepend(absolute);
    while (files.size() > maximum)
        files.removeLast();
    QSettings().setValue(key(), files);
    return files;
}

void RecentFiles::trim(int maximum)
{
    QStringList files = load();
    if (files.size() <= maximum)
        return;
    files.resize(maximum);
    QSettings().setValue(key(), files);
}

void RecentFiles::clear()
{
    QSettings().remove(key());
}

} // namespace tracelane
