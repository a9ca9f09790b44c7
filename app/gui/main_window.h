#pragma once
// The main window: the timeline in the middle with its search bar, the track
// tree on the left, details on the right, import warnings below; loading runs
// on a worker thread with progress and Cancel in the status bar.

#include "model/event.h"
#include "preferences.h"

#include <QMainWindow>
#include <QPointer>
#include <QStringList>

#include <functional>
#include <memory>
#include <vector>

class QAction;
class QLabel;
class QMenu;
class QProgressBar;
class QPushButton;
class QDockWidget;
class QCheckBox;
class QComboBox;
class QSpinBox;

namespace tracelane {

class CompareCharts;
class ComparePanel;
class DetailsPanel;
class DockShares;
class MarkerPanel;
class Trace;
class CriticalPathPanel;
class FindingsPanel;
class MemoryPanel;
class StructurePanel;
class EfficiencyPanel;
class InstanceListPanel;
class QueryPanel;
class RangeKernelsPanel;
class RankPanel;
class SummaryPanel;
namespace charts {
class BreakdownChart;
class KernelStatsChart;
class IterationChart;
} // namespace charts
class DiagnosticsPanel;
class SearchBar;
class SelectionPanel;
class TimelineModel;
class TimelineView;
class TraceLoader;
class TrackTree;
class WelcomePanel;

class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    // Shows a load error to the user. The default is a modal message box; tests
    // put in a recorder so nothing blocks.
    using ErrorReporter = std::function<void(const QString &title, const QString &message)>;

    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // The Open and Compare dialogs' filter: the files Tracelane reads (Nsight's
    // .nsys-rep/.qdrep reports are exported with nsys when it is installed).
    static QString traceFileFilter();

    void openFile(const QString &path); // loads on a worker thread; a folder opens as openFolder()
    // Several traces in this window, one lane group each, in rank order; `title`
    // names them (a folder), else "N traces" (main_window_group.cpp).
    void openTraces(const QStringList &paths, const QString &title = {});
    void openFolder(const QString &folder); // its trace files, as openTraces()
    // Shows an already loaded trace (what a finished load ends with).
    void showModel(std::shared_ptr<TimelineModel> model, const QString &path);
    void setErrorReporter(ErrorReporter reporter) { m_reportError = std::move(reporter); }
    // Writes the loaded trace as Chrome Trace Event JSON (.gz: gzipped) on a
    // worker thread; ends with chromeTraceExported, failures go to the error reporter.
    void exportChromeTrace(const QString &path);
    // File > Export > Timeline as Image without the dialogs: the view's range and
    // lanes at `width` px (.png, .svg or .pdf); failures go to the error reporter.
    bool exportTimelineImage(const QString &path, int width, qreal scale = 1.0);
    // File > Compare With… without the dialog: opens `path` in a second window
    // beside this one and shows the diff (this trace is the control; in a
    // window of several traces, trace `controlPart` of them, by default the
    // first) in the Compare dock (main_window_compare.cpp).
    void compareWith(const QString &path, int controlPart = -1);
    ComparePanel *comparePanel() const { return m_compare; } // null until the first comparison
    RankPanel *rankPanel() const { return m_ranks; }
    QDockWidget *ranksDock() const { return m_ranksDock; }
    MainWindow *compareWindow() const { return m_compareWindow.data(); }
    CompareCharts *compareCharts() const { return m_compareCharts; } // iterations and breakdown, both traces

    TimelineView *timeline() const { return m_view; }
    DetailsPanel *details() const { return m_details; }
    SearchBar *searchBar() const { return m_search; }
    TrackTree *trackTree() const { return m_tree; }
    RangeKernelsPanel *rangeKernels() const { return m_rangeKernels; }
    charts::IterationChart *iterationChart() const { return m_iterations; }
    charts::BreakdownChart *breakdownChart() const { return m_breakdown; }
    charts::KernelStatsChart *kernelStatsChart() const { return m_kernelStats; }
    SummaryPanel *summaries() const { return m_summaries; }
    EfficiencyPanel *efficiency() const { return m_efficiency; }
    CriticalPathPanel *criticalPathPanel() const { return m_criticalPath; }
    FindingsPanel *findingsPanel() const { return m_findings; }
    MemoryPanel *memoryPanel() const { return m_memory; }
    StructurePanel *structurePanel() const { return m_structure; }
    QAction *showCriticalPathAction() const { return m_showCriticalPath; }
    QueryPanel *queryPanel() const { return m_query; }
    MarkerPanel *markerPanel() const { return m_markerPanel; }
    SelectionPanel *selectionPanel() const { return m_selection; }
    TimelineModel *model() const { return m_model.get(); }
    InstanceListPanel *instances() const { return m_instances; }
    WelcomePanel *welcome() const { return m_welcome; } // shown while no trace is
    bool isLoading() const;

    // Shows `events` (of the loaded trace) in the Instances dock under `title`,
    // raises it and outlines them on the timeline; clicking a row selects its
    // event. What every "list the instances of" request calls.
    void listInstances(const QString &title, std::vector<EventRef> events);

    const Preferences &preferences() const { return m_preferences; }
    // Applies preferences at once (theme, time unit, recent files) and keeps them.
    void setPreferences(const Preferences &preferences);

signals:
    void traceLoaded(const QString &path);
    void loadFailed(const QString &message);
    void chromeTraceExported(const QString &path, const QString &error); // error empty on success

protected:
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;
    void closeEvent(QCloseEvent *event) override;

private:
    void createMenus();
    void createAnalysisDocks(); // main_window_panels.cpp
    void createSelectionDock(QDockWidget *tabBeside); // main_window_selection.cpp
    QDockWidget *createInstancesDock(); // main_window_instances.cpp
    void createExportMenu(QMenu *file);
    void createCompareAction(QMenu *file); // main_window_compare.cpp
    void chooseCompareFile();
    void showEarliestInBoth(const QString &name);
    void chooseChromeTraceFile(); // main_window_export.cpp
    QDockWidget *createMarkerDock(); // main_window_markers.cpp
    void createMarkerMenu();
    void restoreMarkers(const QString &path);
    void chooseTimelineImageFile();
    void createEfficiencyToggles(QMenu *view); // main_window_menus.cpp
    QDockWidget *createCriticalPathDock();     // main_window_critical.cpp
    QDockWidget *createFindingsDock();
    QDockWidget *createMemoryDock();
    QDockWidget *createTreeDock(); // main_window_structure.cpp
    void createCriticalPathToggle(QMenu *view);
    void updateCriticalPathOverlay();
    void showCriticalPathStep();
    void createLaneToggles(QMenu *view);       // main_window_lanes.cpp
    void createNavigationActions(QMenu *view); // main_window_navigation.cpp
    QAction *addMarkerAction(QMenu *menu);
    void createWelcome(); // main_window_welcome.cpp
    void sizeDocksForFirstStart();
    void showAnalyses(); // runs the panels' analyses for the loaded trace
    void updateBreakdown();
    void showIteration(qint64 start, qint64 end);
    void showIdleGap(TimeNs start, TimeNs end, EventRef ref);
    void followSelection(EventRef ref); // the range panel and outlines after a timeline selection
    void updateRecentMenu();
    void chooseFile();
    void chooseFolder();                // main_window_group.cpp
    void createAlignMenu(QMenu *view);
    void realignTraces(int alignment);  // a TimeAlignment; reloads the open traces
    void showLoadingFile(int index, int count, const QString &path);
    QDockWidget *createRanksDock();
    void showRanks(); // the Ranks dock for the loaded traces: shown for several, hidden for one
    void offerMergedRanks(const Trace &trace, const QString &path); // a file that merges ranks
    void createOpenAsRanks();
    void showRank(std::size_t row);
    void showRankIteration(std::int64_t iteration, std::size_t lastRow);
    void showCollective(std::size_t index); // a matched collective of the Ranks dock, on every rank
    void tabifyOverWidestBottomDock(QDockWidget *dock);
    void editPreferences();
    bool restoreWindowState(); // false when there was no saved layout
    void saveWindowState() const;
    void onFailed(const QString &message, const QString &path);
    QString loadedMessage(const Trace &trace, const QString &fileName) const;
    void setLoading(bool loading, const QString &path = {});

    std::shared_ptr<TimelineModel> m_model;
    TimelineView *m_view;
    SearchBar *m_search;
    DetailsPanel *m_details;
    RangeKernelsPanel *m_rangeKernels;
    TrackTree *m_tree;
    DiagnosticsPanel *m_diagnostics;
    QDockWidget *m_warningsDock = nullptr;
    charts::IterationChart *m_iterations = nullptr;
    charts::BreakdownChart *m_breakdown = nullptr;
    charts::KernelStatsChart *m_kernelStats = nullptr;
    QComboBox *m_breakdownSource = nullptr;
    QSpinBox *m_breakdownDepth = nullptr;
    QSpinBox *m_breakdownTop = nullptr;
    QCheckBox *m_breakdownWrappers = nullptr;
    SummaryPanel *m_summaries = nullptr;
    EfficiencyPanel *m_efficiency = nullptr;
    CriticalPathPanel *m_criticalPath = nullptr;
    FindingsPanel *m_findings = nullptr;
    MemoryPanel *m_memory = nullptr;
    StructurePanel *m_structure = nullptr;
    QAction *m_showCriticalPath = nullptr;
    QueryPanel *m_query = nullptr;
    MarkerPanel *m_markerPanel = nullptr;
    QStringList m_markerFiles; // the trace files the markers are saved for; empty while none
    SelectionPanel *m_selection = nullptr;
    InstanceListPanel *m_instances = nullptr;
    QDockWidget *m_instancesDock = nullptr;
    TraceLoader *m_loader;
    QProgressBar *m_progress;
    QPushButton *m_cancel;
    QPushButton *m_openAsRanks = nullptr; // shown for a file that merges several ranks
    QLabel *m_cursorLabel;
    QMenu *m_recentMenu = nullptr;
    QAction *m_darkTimeline = nullptr;
    Preferences m_preferences;
    ErrorReporter m_reportError;
    WelcomePanel *m_welcome = nullptr;
    ComparePanel *m_compare = nullptr;
    CompareCharts *m_compareCharts = nullptr;
    QDockWidget *m_compareDock = nullptr;
    QPointer<MainWindow> m_compareWindow;
    // Side by side for a comparison, both windows take half the screen: the
    // test window saves no layout, and this one saves the size it had before.
    bool m_savesLayout = true;
    int m_compareControlPart = -1; // which of this window's traces is the control; -1: the whole trace
    QByteArray m_geometryBeforeCompare;
    struct Place
    {
        QRect normal;
        bool maximized = false;
    } m_placeBeforeCompare;
    QStringList m_groupPaths; // the traces open together (main_window_group.cpp)
    QString m_groupTitle;
    int m_alignment = 0;      // TimeAlignment::CommonClock
    QMenu *m_alignMenu = nullptr;
    RankPanel *m_ranks = nullptr;
    QDockWidget *m_ranksDock = nullptr;
    DockShares *m_dockShares = nullptr; // gives the docks their room back after a small window
};

} // namespace tracelane
