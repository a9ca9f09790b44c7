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

QStringList RecentFiles::add(const QString &path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList files = load();
    files.removeAll(absolute);
    files.prepend(absolute);
    while (files.size() > kMaximum)
        files.removeLast();
    QSettings().setValue(key(), files);
    return files;
}

void RecentFiles::clear()
{
    QSettings().remove(key());
}

} // namespace tracelane
