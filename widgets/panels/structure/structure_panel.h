#pragma once
// The Tree dock: where the time goes by the model's structure. A tree of
// nn.Modules, Python stacks, ranges or CPU ops (analysis/structure) for the
// whole trace, one iteration or the area selected on the timeline, as a
// sortable tree table and as a flame graph of CPU or GPU time. Clicking a node
// outlines its instances on the timeline; "List Instances" lists them.
// Trees are built on a worker thread.

#include "analysis/structure/structure_tree.h"

#include <QFutureWatcher>
#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QTabWidget;
class QTreeView;

namespace tracelane {

class FlameGraphView;
class StructureTreeModel;

class StructurePanel : public QWidget
{
    Q_OBJECT

public:
    explicit StructurePanel(QWidget *parent = nullptr);
    ~StructurePanel() override;

    void setTrace(std::shared_ptr<const Trace> trace); // null clears
    // The area selected on the timeline becomes the "Selection" scope (and is shown).
    void showWindow(TimeNs from, TimeNs to, const std::vector<std::uint32_t> &tracks);
    void clearWindow();
    void refreshTimes();

    void setLevels(TreeLevels levels);
    void setScopeIndex(int index); // 0 = whole trace, then the selection if any, then the iterations
    void setFlameMetric(TreeMetric metric);
    void setSearch(const QString &text);
    void showFlameGraph();

    FlameGraphView *flameGraph() const { return m_flame; }
    QTreeView *treeView() const { return m_view; }
    const StructureTree *tree() const { return m_tree.get(); }
    QString statusText() const;

signals:
    void ready(); // the tree asked for last is shown
    void instancesOutlined(std::vector<tracelane::EventRef> events);
    void instancesListed(const QString &title, std::vector<tracelane::EventRef> events);

private:
    struct Scope
    {
        QString label;
        TimeNs from = INT64_MIN, to = INT64_MAX;
        std::vector<bool> threads;
    };
    // What a worker hands back: the tree, and on a new trace its iterations and the levels it has.
    struct Built
    {
        std::shared_ptr<const StructureTree> tree;
        std::shared_ptr<const Trace> trace;
        bool firstOfTrace = false;
        std::vector<Scope> iterations;
        std::optional<TreeLevels> levels; // chosen for a new trace
    };
    void rebuild(bool firstOfTrace = false);
    void finishBuild(Built built);
    void fillScopes();
    void nodeChosen(std::uint32_t node);
    void listInstances(std::uint32_t node);
    QString nodeTitle(std::uint32_t node) const;

    std::shared_ptr<const Trace> m_trace;
    std::shared_ptr<const StructureTree> m_tree;
    std::vector<Scope> m_scopes;
    std::optional<Scope> m_selection;
    std::vector<Scope> m_iterations;
    QComboBox *m_levels;
    QComboBox *m_scope;
    QComboBox *m_metric;
    QCheckBox *m_kernels;
    QCheckBox *m_allThreads;
    QLineEdit *m_search;
    QLabel *m_status;
    QTabWidget *m_tabs;
    QTreeView *m_view;
    StructureTreeModel *m_model;
    QSortFilterProxyModel *m_proxy;
    FlameGraphView *m_flame;
    QFutureWatcher<Built> *m_watcher;
    bool m_pending = false; // asked again while a tree was being built
};

} // namespace tracelane
