// MainWindow: File > Export > Trace as Chrome JSON. The file is written on a
// worker thread (a 5-million-event trace takes seconds); the trace is shared
// with the job, so closing it meanwhile is safe.
#include "main_window.h"

#include "export/chrome_trace_writer.h"
#include "timeline/timeline_model.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QStatusBar>
#include <QtConcurrent>

namespace tracelane {

void MainWindow::chooseChromeTraceFile()
{
    if (!m_model)
        return;
    const QFileInfo source(QString::fromStdString(m_model->trace().source.path));
    const QString suggested = source.dir().filePath(source.baseName() + QStringLiteral("_chrome.json.gz"));
    QString path = QFileDialog::getSaveFileName(this, tr("Export Trace as Chrome JSON"), suggested,
                                                tr("Chrome trace (*.json.gz *.json)"));
    if (path.isEmpty())
        return;
    if (!path.endsWith(QLatin1String(".json")) && !path.endsWith(QLatin1String(".json.gz")))
        path += QStringLiteral(".json");
    exportChromeTrace(path);
}

void MainWindow::exportChromeTrace(const QString &path)
{
    if (!m_model)
        return;
    const QString name = QFileInfo(path).fileName();
    statusBar()->showMessage(tr("Exporting %1…").arg(name));
    auto *watcher = new QFutureWatcher<ChromeTraceFileResult>(this);
    connect(watcher, &QFutureWatcher<ChromeTraceFileResult>::finished, this, [this, watcher, path, name] {
        watcher->deleteLater();
        const ChromeTraceFileResult result = watcher->result();
        if (result.ok()) {
            statusBar()->showMessage(tr("Wrote %1: %n event(s)", nullptr, int(result.stats.events)).arg(name), 8000);
            emit chromeTraceExported(path, QString());
            return;
        }
        const QString error = QString::fromStdString(result.error);
        statusBar()->showMessage(tr("Could not export %1").arg(name), 8000);
        m_reportError(tr("Export failed"), error);
        emit chromeTraceExported(path, error);
    });
    watcher->setFuture(QtConcurrent::run(
        [trace = m_model->tracePointer(), file = path.toStdString()] { return writeChromeTraceFile(*trace, file); }));
}

} // namespace tracelane
