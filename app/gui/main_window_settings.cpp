// MainWindow: preferences, and the window's size and dock layout across runs.
#include "main_window.h"

#include "panels/critical/critical_path_panel.h"
#include "panels/critical/findings_panel.h"
#include "panels/efficiency/efficiency_panel.h"
#include "panels/instances/instance_list_panel.h"
#include "panels/marker_panel.h"
#include "panels/ranks/rank_panel.h"
#include "panels/selection/details_panel.h"
#include "panels/selection/range_kernels_panel.h"
#include "panels/selection/selection_panel.h"
#include "panels/structure/structure_panel.h"
#include "preferences_dialog.h"
#include "recent_files.h"
#include "theme.h"
#include "timeline/timeline_view.h"

#include <QAction>
#include <QCloseEvent>
#include <QSettings>

namespace tracelane {
namespace {

// Bump when docks are added or renamed, so an old layout is not applied to them.
constexpr int kDockLayoutVersion = 5;

QString geometryKey()
{
    return QStringLiteral("window/geometry");
}

QString stateKey()
{
    return QStringLiteral("window/dockLayout");
}

} // namespace

void MainWindow::setPreferences(const Preferences &preferences)
{
    const bool newPattern = preferences.iterationPattern != m_preferences.iterationPattern;
    m_preferences = preferences;
    if (newPattern && m_model)
        showAnalyses();
    if (TimeFormat::displayUnit() != preferences.timeUnit) {
        TimeFormat::setDisplayUnit(preferences.timeUnit);
        m_details->showDetails(m_view->selectedEvent()); // written again in the new unit
        m_rangeKernels->refresh();
        m_efficiency->refreshTimes();
        m_criticalPath->refreshTimes();
        m_structure->refreshTimes();
        m_findings->refreshTimes();
        m_markerPanel->refreshTimes();
        m_selection->refreshTimes();
        m_ranks->refreshTimes();
        m_instances->refreshTimes();
    }
    // The timeline follows the theme; View > Dark Timeline can still flip it afterwards.
    m_darkTimeline->setChecked(applyTheme(preferences.theme));
    RecentFiles::trim(preferences.recentFileCount);
    updateRecentMenu();
}

void MainWindow::editPreferences()
{
    PreferencesDialog dialog(m_preferences, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const Preferences chosen = dialog.preferences();
    chosen.save();
    setPreferences(chosen);
}

bool MainWindow::restoreWindowState()
{
    const QSettings settings;
    restoreGeometry(settings.value(geometryKey()).toByteArray());
    return restoreState(settings.value(stateKey()).toByteArray(), kDockLayoutVersion);
}

void MainWindow::saveWindowState() const
{
    if (!m_savesLayout)
        return;
    QSettings settings;
    settings.setValue(geometryKey(), m_geometryBeforeCompare.isEmpty() ? saveGeometry() : m_geometryBeforeCompare);
    settings.setValue(stateKey(), saveState(kDockLayoutVersion));
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    saveWindowState();
    QMainWindow::closeEvent(event);
}

} // namespace tracelane
