#include "command_line_files.h"

#include "analysis/ranks/trace_group.h"

#include <QApplication>
#include <QFileInfo>
#include <QStyle>
#include <QWidget>

namespace tracelane {

QStringList commandLineFileProblems(const QStringList &paths)
{
    QStringList problems;
    for (const QString &path : paths) {
        const QFileInfo info(path);
        if (!info.exists())
            problems << QApplication::translate("main", "%1: no such file").arg(path);
        else if (info.isDir() && traceFilesInFolder(path.toStdString()).empty())
            problems << QApplication::translate("main", "%1: a folder without trace files").arg(path);
        else if (!info.isReadable())
            problems << QApplication::translate("main", "%1: not readable").arg(path);
    }
    return problems;
}

QPoint cascadeOffset(const QWidget *window, int index)
{
    const int step = window->style()->pixelMetric(QStyle::PM_TitleBarHeight, nullptr, window) + 8;
    return {step * index, step * index};
}

} // namespace tracelane
