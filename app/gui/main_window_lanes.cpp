// View > Hide Python Frames: folds the python_function rows of a trace
// recorded with stacks away, so its operators rise to the top rows. Kept per
// trace while it is open (the timeline's arrangement), off for a new trace.
#include "main_window.h"

#include "timeline/timeline_model.h"
#include "timeline/timeline_view.h"

#include <QAction>
#include <QMenu>
#include <QSignalBlocker>

namespace tracelane {

void MainWindow::createLaneToggles(QMenu *view)
{
    QAction *hide = view->addAction(tr("Hide &Python Frames"));
    hide->setObjectName(QStringLiteral("hidePythonFrames"));
    hide->setCheckable(true);
    hide->setEnabled(false);
    hide->setToolTip(tr("Fold away the Python frames of a trace recorded with stacks; operators move up to the top rows"));
    connect(hide, &QAction::toggled, m_view, &TimelineView::setPythonFramesHidden);
    connect(m_view, &TimelineView::pythonFramesHiddenChanged, hide, [hide](bool hidden) {
        const QSignalBlocker block(hide);
        hide->setChecked(hidden);
    });
    connect(this, &MainWindow::traceLoaded, hide, [this, hide] {
        const QSignalBlocker block(hide);
        const TimelineModel *model = m_view->model();
        hide->setEnabled(model && model->operatorDepths().anyPythonFrames());
        hide->setChecked(m_view->pythonFramesHidden());
    });
}

} // namespace tracelane
