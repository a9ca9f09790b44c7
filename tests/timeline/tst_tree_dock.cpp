// The Tree dock on the real with_modules recording: its table holds the core's
// tree (built again here) node for node, a click outlines the node's instances
// (the nn.Module frames of that name, found here from the raw events), the
// flame graph zooms on a click and out on Esc, its search counts the boxes
// whose name holds the text, it exports to PNG, PDF and SVG, and an area
// selected on the timeline becomes the tree's scope.
#include "qcustomplot_include.h" // first: see there

#include "main_window.h"

#include "dock_test_window.h"

#include "panels/structure/flame_graph_view.h"
#include "panels/structure/structure_panel.h"
#include "panels/structure/structure_tree_model.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_view.h"

#include "test_registry.h"

#include <QComboBox>
#include <QDockWidget>
#include <QImage>
#include <QSortFilterProxyModel>
#include <QTemporaryDir>
#include <QTreeView>
#include <QtTest>

using namespace tracelane;

namespace {

QString bertTrace()
{
    return QStringLiteral(TRACELANE_TEST_DATA "/chrome/with_stack/bert_small_h100.json.gz");
}

// Every row of the model (depth first) against the node its kNodeRole names.
int compareRows(const QAbstractItemModel &model, const QModelIndex &parent, const StructureTree &tree)
{
    int rows = 0;
    for (int r = 0; r < model.rowCount(parent); ++r) {
        const QModelIndex index = model.index(r, 0, parent);
        const std::uint32_t node = index.data(StructureTreeModel::kNodeRole).toUInt();
        if (node >= tree.nodes.size())
            return -1;
        const TreeNode &n = tree.nodes[node];
        auto value = [&](int column) { return model.index(r, column, parent).data(StructureTreeModel::kSortRole).toLongLong(); };
        if (index.data().toString().toStdString() != tree.name(node) || value(StructureTreeModel::CallsColumn) != n.calls
            || value(StructureTreeModel::CpuSelfColumn) != n.cpuSelf || value(StructureTreeModel::CpuTotalColumn) != n.cpuTotal
            || value(StructureTreeModel::GpuSelfColumn) != n.gpuSelf || value(StructureTreeModel::GpuTotalColumn) != n.gpuTotal)
            return -1;
        const int below = compareRows(model, index, tree);
        if (below < 0)
            return -1;
        rows += 1 + below;
    }
    return rows;
}

} // namespace

class TestTreeDock : public QObject
{
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;

    StructurePanel *panel() const { return m_window->structurePanel(); }

    bool waitForTree()
    {
        QSignalSpy ready(panel(), &StructurePanel::ready);
        return ready.wait(30000);
    }

private slots:
    void initTestCase()
    {
        m_window = tracelane::test::shownDockTestWindow();
        QVERIFY(tracelane::test::openAndWaitForPanel(*m_window, bertTrace(), panel(), &StructurePanel::ready));
        m_window->findChild<QDockWidget *>(QStringLiteral("treeDock"))->raise();
    }

    void cleanupTestCase() { m_window.reset(); }

    void tableIsTheCoreTree()
    {
        QVERIFY(panel()->tree());
        QCOMPARE(panel()->tree()->levels, TreeLevels::Modules); // the richest structure the trace has
        TreeOptions options;
        options.levels = TreeLevels::Modules;
        const StructureTree expected = buildStructureTree(m_window->model()->trace(), options);
        QCOMPARE(panel()->tree()->nodes.size(), expected.nodes.size());
        const QAbstractItemModel *model = panel()->treeView()->model();
        QCOMPARE(compareRows(*model, {}, expected), int(expected.nodes.size()));
        QVERIFY(panel()->statusText().contains(QLatin1String("61 GPU operations")));
    }

    void clickOutlinesInstances()
    {
        const Trace &trace = m_window->model()->trace();
        QTreeView *view = panel()->treeView();
        view->expandAll();
        QModelIndex layer;
        for (QModelIndex i = view->model()->index(0, 0); i.isValid(); i = view->indexBelow(i))
            if (i.data().toString() == QLatin1String("BertLayer_2"))
                layer = i;
        QVERIFY(layer.isValid());
        view->scrollTo(layer);
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(layer).center());
        std::vector<EventRef> frames;
        for (std::uint32_t t = 0; t < trace.tracks.size(); ++t)
            for (std::uint32_t i = 0; i < trace.tracks[t].events.size(); ++i)
                if (trace.name({t, i}) == "nn.Module: BertLayer_2")
                    frames.push_back({t, i});
        QCOMPARE(frames.size(), std::size_t(1));
        const HighlightSet &outlined = m_window->timeline()->highlighted();
        QCOMPARE(outlined.size(), frames.size());
        QVERIFY(outlined.contains(frames.front()));
    }

    void flameGraphZoomsSearchesAndExports()
    {
        panel()->showFlameGraph();
        FlameGraphView *flame = panel()->flameGraph();
        QTest::qWait(50);
        QVERIFY(flame->isVisible());
        const StructureTree &tree = *flame->tree();
        // The top row is the model, all of the width.
        const QPoint topRow(flame->width() / 2, flame->fontMetrics().height() + 8 + 4);
        QCOMPARE(std::string(tree.name(flame->nodeAt(topRow))), std::string("BertLMHeadModel_0"));
        const QPoint secondRow(3, topRow.y() + 18);
        const std::uint32_t child = flame->nodeAt(secondRow);
        QVERIFY(child != kNoTreeNode);
        QTest::mouseClick(flame, Qt::LeftButton, {}, secondRow);
        QCOMPARE(flame->zoom(), child);
        QCOMPARE(flame->nodeAt(topRow), child); // it fills the top row now
        QVERIFY(flame->toolTipFor(child).contains(QString::fromStdString(std::string(tree.name(child)))));
        QTest::keyClick(flame, Qt::Key_Escape);
        QCOMPARE(flame->zoom(), kNoTreeNode);

        panel()->setSearch(QStringLiteral("linear"));
        const FlameLayout layout = layoutFlameGraph(tree, TreeMetric::Cpu, kNoTreeNode, flame->width());
        int linear = 0;
        for (const FlameBox &box : layout.boxes)
            linear += QString::fromStdString(std::string(tree.name(box.node))).contains(QLatin1String("Linear")) ? 1 : 0;
        QVERIFY(linear >= 12);
        QCOMPARE(flame->searchMatches(), linear);
        panel()->setSearch({});

        QTemporaryDir dir;
        for (const char *suffix : {"png", "pdf", "svg"}) {
            const QString path = dir.filePath(QStringLiteral("flame.") + QLatin1String(suffix));
            QString error;
            QVERIFY2(flame->exportTo(path, QSize(1200, 500), &error), qPrintable(error));
            QVERIFY(QFileInfo(path).size() > 1000);
        }
        const QImage image(dir.filePath(QStringLiteral("flame.png")));
        QCOMPARE(image.size(), QSize(1200, 500));
        QVERIFY(image.pixelColor(600, flame->fontMetrics().height() + 8 + 6) != image.pixelColor(600, 495));

        panel()->setFlameMetric(TreeMetric::Gpu);
        QCOMPARE(flame->metric(), TreeMetric::Gpu);
    }

    void selectionBecomesTheScope()
    {
        const Trace &trace = m_window->model()->trace();
        const TimeNs from = trace.startNs, to = trace.startNs + (trace.endNs - trace.startNs) / 2;
        QSignalSpy ready(panel(), &StructurePanel::ready);
        m_window->timeline()->selectArea(from, to, {});
        QVERIFY(ready.wait(30000));
        TreeOptions options;
        options.levels = TreeLevels::Modules;
        options.from = from;
        options.to = to;
        const StructureTree expected = buildStructureTree(trace, options);
        QCOMPARE(panel()->tree()->levelEvents, expected.levelEvents);
        TreeOptions whole;
        whole.levels = TreeLevels::Modules;
        QVERIFY(expected.levelEvents < buildStructureTree(trace, whole).levelEvents);
        QCOMPARE(panel()->tree()->gpuTime, expected.gpuTime);
        QCOMPARE(panel()->findChild<QComboBox *>(QStringLiteral("treeScope"))->currentIndex(), 1);
    }

    void otherLevels()
    {
        panel()->setScopeIndex(0);
        QVERIFY(waitForTree());
        panel()->setLevels(TreeLevels::Ops);
        QVERIFY(waitForTree());
        QCOMPARE(panel()->tree()->levels, TreeLevels::Ops);
        QCOMPARE(panel()->tree()->levelEvents, std::uint64_t(479));
    }
};

TRACELANE_TEST_MAIN(TestTreeDock)
#include "tst_tree_dock.moc"
