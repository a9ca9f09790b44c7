// MainWindow: several traces in one window. Files chosen together, a folder
// of rank traces or files dropped together load one after another into one
// model (trace_group.h); each trace is a lane group, ordered by rank.
#include "main_window.h"

#include "analysis/trace_group.h"
#include "timeline/timeline_model.h"
#include "trace_loader.h"

#include <QActionGroup>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QStatusBar>

namespace tracelane {

void MainWindow::openTraces(const QStringList &paths, const QString &title)
{
    if (paths.size() == 1) {
        openFile(paths.front());
        return;
    }
    m_groupPaths = paths;
    m_groupTitle = title.isEmpty() ? tr("%n traces", nullptr, int(paths.size())) : title;
    setLoading(true, m_groupTitle);
    m_loader->loadGroup(paths, m_alignment, m_groupTitle);
}

void MainWindow::openFolder(const QString &folder)
{
    QStringList files;
    for (const std::string &file : traceFilesInFolder(folder.toStdString()))
        files << QString::fromStdString(file);
    if (files.isEmpty()) {
        const QString message = tr("%1 holds no trace files (.json, .json.gz, .sqlite, .nvvp)").arg(folder);
        emit loadFailed(message);
        m_reportError(tr("Could not open %1").arg(QFileInfo(folder).fileName()), message);
        return;
    }
    openTraces(files, folder);
}

void MainWindow::chooseFolder()
{
    const QString folder = QFileDialog::getExistingDirectory(this, tr("Open Folder of Traces"));
    if (!folder.isEmpty())
        openFolder(folder);
}

void MainWindow::createAlignMenu(QMenu *view)
{
    m_alignMenu = view->addMenu(tr("Align &Traces"));
    m_alignMenu->setToolTip(tr("Where several traces open together sit against each other in time"));
    auto *group = new QActionGroup(m_alignMenu);
    const std::pair<TimeAlignment, QString> choices[] = {
        {TimeAlignment::CommonClock, tr("By &Common Clock")},
        {TimeAlignment::TraceStart, tr("By Trace &Start")},
        {TimeAlignment::FirstIteration, tr("By First &Iteration")},
    };
    for (const auto &[alignment, text] : choices) {
        QAction *action = m_alignMenu->addAction(text);
        action->setCheckable(true);
        action->setChecked(int(alignment) == m_alignment);
        action->setData(int(alignment));
        group->addAction(action);
        connect(action, &QAction::triggered, this, [this, alignment = int(alignment)] { realignTraces(alignment); });
    }
    m_alignMenu->setEnabled(false); // until several traces are open
}

void MainWindow::realignTraces(int alignment)
{
    m_alignment = alignment;
    if (!m_model || m_model->trace().parts.size() < 2 || m_groupPaths.isEmpty())
        return;
    setLoading(true, m_groupTitle);
    m_loader->loadGroup(m_groupPaths, m_alignment, m_groupTitle);
}

void MainWindow::showLoadingFile(int index, int count, const QString &path)
{
    statusBar()->showMessage(tr("Loading %1 (%2 of %3)…").arg(QFileInfo(path).fileName()).arg(index + 1).arg(count));
}

} // namespace tracelane
