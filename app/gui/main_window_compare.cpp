// MainWindow: File > Compare With…, the diff of this window's trace (control)
// against another (test). The other trace opens in a second window beside this
// one (loaded on its worker thread like any other); the diff runs on a worker
// thread and lands in the Compare dock, whose rows select a name's earliest
// event in both windows; beside the rows, CompareCharts overlays both traces'
// iterations and breaks the clicked name down in each. A window of several
// traces asks which of them is the control (CompareChoiceDialog), and that
// one alone is read again for the diff.
#include "main_window.h"

#include "analysis/compare/trace_diff.h"
#include "compare_choice_dialog.h"
#include "import/importer.h"
#include "timeline/track_grouping.h"
#include "panels/compare/compare_charts.h"
#include "panels/compare/compare_panel.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_view.h"

#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QMenu>
#include <QScreen>
#include <QStatusBar>
#include <QtConcurrent>

#include <algorithm>
#include <stdexcept>

namespace tracelane {

namespace {

// The event named `name` that starts first (ties: the lower track, then index)
// among tracks [firstTrack, endTrack); invalid when there is none. One pass
// over the events, per click.
EventRef earliestNamed(const Trace &trace, const std::string &name, std::uint32_t firstTrack = 0,
                       std::uint32_t endTrack = UINT32_MAX)
{
    EventRef best;
    TimeNs bestStart = 0;
    for (std::uint32_t t = firstTrack; t < std::min<std::size_t>(endTrack, trace.tracks.size()); ++t) {
        const auto &events = trace.tracks[t].events;
        for (std::uint32_t i = 0; i < events.size(); ++i) {
            const Event &e = events[i];
            if ((best.isValid() && e.start >= bestStart) || trace.strings.view(e.name) != name)
                continue;
            best = EventRef{t, i};
            bestStart = e.start;
        }
    }
    return best;
}

// Each window takes half of the screen's available area, this one on the left.
// A screen narrower than two windows at their minimum width gets them
// overlapping rather than one running past its right edge.
void placeSideBySide(QMainWindow *left, QMainWindow *right)
{
    const QScreen *screen = left->screen();
    if (!screen)
        return;
    const QRect area = screen->availableGeometry();
    const int rightWidth = std::min(area.width(), std::max(area.width() / 2, right->minimumSizeHint().width()));
    const int leftWidth = std::max(area.width() - rightWidth, left->minimumSizeHint().width());
    left->showNormal();
    left->setGeometry(area.x(), area.y(), std::min(leftWidth, area.width()), area.height());
    right->setGeometry(area.x() + area.width() - rightWidth, area.y(), rightWidth, area.height());
}

} // namespace

void MainWindow::createCompareAction(QMenu *file)
{
    QAction *compare = file->addAction(tr("Co&mpare With…"), this, &MainWindow::chooseCompareFile);
    compare->setEnabled(false);
    connect(this, &MainWindow::traceLoaded, compare, [compare] { compare->setEnabled(true); });
}

void MainWindow::chooseCompareFile()
{
    if (!m_model)
        return;
    const std::vector<TracePart> &parts = m_model->trace().parts;
    int control = -1;
    QString path;
    if (parts.size() > 1) {
        QStringList labels;
        for (const TracePart &part : parts)
            labels << TrackGrouping::partLabel(part);
        CompareChoiceDialog dialog(labels, this);
        if (dialog.exec() != QDialog::Accepted)
            return;
        control = dialog.controlTrace();
        if (const int test = dialog.testTrace(); test >= 0)
            path = QString::fromStdString(parts[std::size_t(test)].source.path);
    }
    if (path.isEmpty())
        path = QFileDialog::getOpenFileName(
            this, tr("Compare With Trace"), QFileInfo(QString::fromStdString(m_model->trace().source.path)).path(),
            traceFileFilter());
    if (!path.isEmpty())
        compareWith(path, control);
}

void MainWindow::compareWith(const QString &path, int controlPart)
{
    if (!m_model)
        return;
    const std::vector<TracePart> &parts = m_model->trace().parts;
    if (controlPart >= int(parts.size()))
        controlPart = -1;
    if (parts.size() > 1 && controlPart < 0)
        controlPart = 0; // never the merged traces as one control
    m_compareControlPart = controlPart;
    if (!m_compareDock) {
        m_compare = new ComparePanel(this);
        m_compareCharts = new CompareCharts(this);
        m_compareDock = new QDockWidget(tr("Compare"), this);
        m_compareDock->setObjectName(QStringLiteral("compareDock"));
        m_compareDock->setWidget(new CompareLayout(m_compare, m_compareCharts, m_compareDock));
        addDockWidget(Qt::BottomDockWidgetArea, m_compareDock);
        tabifyOverWidestBottomDock(m_compareDock);
        connect(m_compare, &ComparePanel::nameActivated, this, &MainWindow::showEarliestInBoth);
        connect(m_compare, &ComparePanel::nameActivated, m_compareCharts, &CompareCharts::showName);
    }
    if (m_compareWindow)
        m_compareWindow->close();       // deletes it: one comparison at a time
    auto *other = new MainWindow(this); // a top-level window of its own, closed with this one
    other->setAttribute(Qt::WA_DeleteOnClose);
    other->setErrorReporter(m_reportError);
    other->m_savesLayout = false;
    m_compareWindow = other;
    if (m_geometryBeforeCompare.isEmpty()) {
        m_geometryBeforeCompare = saveGeometry();
        m_placeBeforeCompare = {normalGeometry(), isMaximized()};
    }
    // Closing the test window (not replacing it) gives this one its place back.
    connect(other, &QObject::destroyed, this, [this, other] {
        const bool replaced = m_compareWindow && m_compareWindow.data() != other;
        if (replaced || m_geometryBeforeCompare.isEmpty())
            return;
        m_geometryBeforeCompare.clear();
        if (m_placeBeforeCompare.maximized)
            showMaximized();
        else
            setGeometry(m_placeBeforeCompare.normal);
    });
    placeSideBySide(this, other);
    other->show();
    m_compareDock->show();
    m_compareDock->raise();
    resizeDocks({m_compareDock}, {height() / 2}, Qt::Vertical); // the table and its charts want room
    statusBar()->showMessage(tr("Loading %1 to compare…").arg(QFileInfo(path).fileName()));

    // The control: this window's trace, or the chosen one of its traces, read
    // again on its own (the merged model holds every rank).
    const QString controlPath = controlPart >= 0
                                    ? QString::fromStdString(parts[std::size_t(controlPart)].source.path)
                                    : QString::fromStdString(m_model->trace().source.path);
    const QString controlName = controlPart >= 0
                                    ? TrackGrouping::partLabel(parts[std::size_t(controlPart)])
                                    : QFileInfo(controlPath).fileName();
    const QString title = tr("Control: %1 — Test: %2").arg(controlName, QFileInfo(path).fileName());
    connect(
        other, &MainWindow::traceLoaded, this,
        [this, other, title, controlName, controlPath, controlPart] {
            if (other != m_compareWindow || !m_model || !other->model())
                return;
            struct Diff
            {
                std::shared_ptr<const Trace> control;
                Table table;
                QString error;
            };
            auto *watcher = new QFutureWatcher<Diff>(this);
            connect(watcher, &QFutureWatcher<Diff>::finished, this, [this, watcher, other, title, controlName] {
                watcher->deleteLater();
                if (other != m_compareWindow || !other->model())
                    return; // a newer comparison replaced it
                Diff diff = watcher->result();
                if (!diff.control) {
                    statusBar()->clearMessage();
                    m_reportError(tr("Could not compare"), diff.error);
                    return;
                }
                m_compareCharts->setTraces(
                    diff.control, controlName, other->model()->tracePointer(),
                    QFileInfo(QString::fromStdString(other->model()->trace().source.path)).fileName());
                m_compare->setDiff(title, std::move(diff.table));
                statusBar()->clearMessage();
            });
            // Both traces are immutable and shared: the worker keeps them alive.
            std::shared_ptr<const Trace> whole = controlPart >= 0 ? nullptr : m_model->tracePointer();
            watcher->setFuture(QtConcurrent::run(
                [whole, path = controlPath.toStdString(), test = other->model()->tracePointer()]() -> Diff {
                    std::shared_ptr<const Trace> control = whole;
                    if (!control) {
                        ImportResult loaded = loadTrace(path);
                        if (!loaded.ok())
                            return {nullptr, {}, QString::fromStdString(loaded.error)};
                        control = loaded.trace;
                    }
                    return {control, asTable(diffTraces(*control, *test)), {}};
                }));
        },
        Qt::SingleShotConnection);
    other->openFile(path);
}

void MainWindow::showEarliestInBoth(const QString &name)
{
    const std::string key = name.toStdString();
    for (MainWindow *window : {this, m_compareWindow.data()}) {
        if (!window || !window->m_model)
            continue;
        const Trace &trace = window->m_model->trace();
        const int part = window == this ? m_compareControlPart : -1;
        const EventRef ref = part >= 0 && part < int(trace.parts.size())
                                 ? earliestNamed(trace, key, trace.parts[std::size_t(part)].firstTrack,
                                                 trace.parts[std::size_t(part)].endTrack)
                                 : earliestNamed(trace, key);
        if (ref.isValid())
            window->m_view->selectEvent(ref, true);
        else
            window->statusBar()->showMessage(tr("No “%1” in this trace").arg(name), 8000);
    }
}

} // namespace tracelane
