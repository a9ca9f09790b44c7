#pragma once
// An icicle flame graph of a structure tree (flame_graph_layout.h): a click
// zooms into a node, the search highlights the nodes whose name holds it,
// hovering shows a node's numbers, and the context menu lists its instances,
// zooms out or exports. Draws the same way on screen and into a PNG, PDF or SVG.

#include "analysis/structure/structure_tree.h"
#include "panels/structure/flame_graph_layout.h"

#include <QWidget>

#include <memory>

namespace tracelane {

class FlameGraphView : public QWidget
{
    Q_OBJECT

public:
    explicit FlameGraphView(QWidget *parent = nullptr);

    // The tree is shared with the dock that built it; null clears.
    void setTree(std::shared_ptr<const StructureTree> tree);
    const StructureTree *tree() const { return m_tree.get(); }
    void setMetric(TreeMetric metric);
    TreeMetric metric() const { return m_metric; }
    void setSearch(const QString &text);
    void zoomTo(std::uint32_t node); // kNoTreeNode: the whole tree
    std::uint32_t zoom() const { return m_zoom; }
    int searchMatches() const; // nodes drawn whose name holds the search text

    // The node under a point of the widget; kNoTreeNode where none.
    std::uint32_t nodeAt(QPoint pos) const;
    QString toolTipFor(std::uint32_t node) const;

    bool exportTo(const QString &path, QSize size = {}, QString *error = nullptr);
    void chooseExportFile();
    // Draws the graph into `size` (rows shrink to fit the height when they must).
    void render(QPainter &painter, QSize size) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void nodeClicked(std::uint32_t node);
    void instancesRequested(std::uint32_t node);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    bool event(QEvent *event) override;

private:
    struct Geometry
    {
        FlameLayout layout;
        int header = 0;
        double rowHeight = 0.0;
    };
    Geometry geometryFor(QSize size) const;
    void relayout();
    QString headerText() const;
    bool matches(std::uint32_t node) const;
    QColor fillFor(std::uint32_t node) const;

    std::shared_ptr<const StructureTree> m_tree;
    TreeMetric m_metric = TreeMetric::Cpu;
    std::uint32_t m_zoom = kNoTreeNode;
    QString m_search;
    Geometry m_geometry; // for the widget's size
};

} // namespace tracelane
