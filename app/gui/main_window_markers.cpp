// MainWindow: markers (the Markers dock and menu, saved per trace file) and
// File > Export > Timeline as Image.
#include "main_window.h"

#include "marker_store.h"
#include "panels/marker_panel.h"
#include "timeline/marker_set.h"
#include "timeline/timeline_export.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_view.h"
#include "timeline_export_dialog.h"

#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenuBar>
#include <QStatusBar>

namespace tracelane {

QDockWidget *MainWindow::createMarkerDock()
{
    m_markerPanel = new MarkerPanel(this);
    m_markerPanel->setMarkers(m_view->markers());
    connect(m_markerPanel, &MarkerPanel::jumpRequested, m_view, &TimelineView::showMarker);
    // Saved as soon as they change: a crash or a killed session keeps them.
    connect(m_view->markers(), &MarkerSet::changed, this, [this] {
        if (!m_markerFiles.isEmpty())
            MarkerStore::save(m_markerFiles, m_view->markers()->markers());
    });
    auto *dock = new QDockWidget(tr("Markers"), this);
    dock->setObjectName(QStringLiteral("markersDock"));
    dock->setWidget(m_markerPanel);
    addDockWidget(Qt::BottomDockWidgetArea, dock);
    return dock;
}

void MainWindow::createMarkerMenu()
{
    QMenu *menu = menuBar()->addMenu(tr("&Markers"));
    // M itself is the timeline's key, not a menu shortcut: it would fire while typing.
    addMarkerAction(menu);
    menu->addAction(tr("&Show Markers List"), this, [this] {
        auto *dock = findChild<QDockWidget *>(QStringLiteral("markersDock"));
        dock->show();
        dock->raise();
    });
    QAction *remove = menu->addAction(tr("&Remove Selected Marker"), this,
                                      [this] { m_view->markers()->remove(m_view->markers()->selected()); });
    QAction *removeAll = menu->addAction(tr("Remove A&ll Markers"), this, [this] { m_view->markers()->clear(); });
    connect(menu, &QMenu::aboutToShow, menu, [this, menu, remove, removeAll] {
        for (QAction *action : menu->actions())
            action->setEnabled(m_model != nullptr);
        remove->setEnabled(m_view->markers()->selected() >= 0);
        removeAll->setEnabled(!m_view->markers()->isEmpty());
    });
}

// Called when a trace is shown: its markers come back from the last session.
// Several traces in one window keep theirs under the set of their files.
void MainWindow::restoreMarkers(const QString &path)
{
    m_markerFiles.clear(); // setMarkers must not save over the entry it reads
    QStringList files;
    for (const TracePart &part : m_model->trace().parts)
        files << QString::fromStdString(part.source.path);
    if (files.size() < 2)
        files = QStringList{path};
    m_view->markers()->setMarkers(MarkerStore::load(files));
    m_markerPanel->setTraceStart(m_model->trace().startNs);
    m_markerFiles = files;
}

bool MainWindow::exportTimelineImage(const QString &path, int width, qreal scale)
{
    if (!m_model)
        return false;
    QString error;
    const RenderOptions options = TimelineExport::optionsFor(*m_view, width, scale);
    if (!TimelineExport::write(*m_model, options, path, &error)) {
        m_reportError(tr("Export failed"), error);
        return false;
    }
    statusBar()->showMessage(tr("Wrote %1").arg(QFileInfo(path).fileName()), 8000);
    return true;
}

void MainWindow::chooseTimelineImageFile()
{
    if (!m_model)
        return;
    const QStringList filters{tr("PNG image (*.png)"), tr("SVG drawing (*.svg)"), tr("PDF document (*.pdf)")};
    const QStringList suffixes{QStringLiteral("png"), QStringLiteral("svg"), QStringLiteral("pdf")};
    QString filter = filters.first();
    const QFileInfo source(QString::fromStdString(m_model->trace().source.path));
    QString path = QFileDialog::getSaveFileName(
        this, tr("Export Timeline as Image"),
        source.dir().filePath(source.baseName() + QStringLiteral("_timeline.png")), filters.join(QStringLiteral(";;")),
        &filter);
    if (path.isEmpty())
        return;
    if (!TimelineExport::isSupported(path))
        path += QLatin1Char('.') + suffixes.value(int(filters.indexOf(filter)), suffixes.first());
    const int lanesHeight = TimelineExport::optionsFor(*m_view, m_view->viewport()->width()).size.height();
    TimelineExportDialog dialog(m_view->viewport()->width(), lanesHeight,
                                QFileInfo(path).suffix().compare(QLatin1String("png"), Qt::CaseInsensitive) == 0, this);
    if (dialog.exec() == QDialog::Accepted)
        exportTimelineImage(path, dialog.width(), dialog.scale());
}

} // namespace tracelane
