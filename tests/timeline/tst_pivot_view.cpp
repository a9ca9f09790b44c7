// The Pivot tab of the Selection dock on a real PyTorch trace: for an area
// selection (a time window on some lanes) and for no selection (the whole
// trace) every row of its tree must carry the numbers computePivot gives for
// the same events and dimensions, read back from the model; the combo boxes
// choose the dimensions; Export CSV writes what `tracelane-cli pivot` prints;
// double-clicking a group lists its longest event.
#include "analysis/pivot/pivot_export.h"
#include "panels/pivot/pivot_model.h"
#include "panels/pivot/pivot_view.h"
#include "panels/selection/selection_panel.h"
#include "timeline/timeline_model.h"

#include "cached_import.h"
#include "shared_traces.h"
#include "test_registry.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTreeView>
#include <QtTest>

#include <map>
#include <sstream>

using namespace tracelane;
using namespace tracelane::test;

namespace {

struct PivotRowFigures
{
    long long count = 0, total = 0, self = 0, min = 0, max = 0;
    friend bool operator==(const PivotRowFigures &, const PivotRowFigures &) = default;
};
using PivotRows = std::map<QStringList, PivotRowFigures>; // key path from the top level

// Every row of the view's model, read through the model's roles only.
void pivotReadRows(const QAbstractItemModel *m, const QModelIndex &parent, QStringList path, PivotRows &rows)
{
    for (int r = 0; r < m->rowCount(parent); ++r) {
        const QModelIndex i = m->index(r, 0, parent);
        const auto value = [&](int column) {
            return m->data(i.siblingAtColumn(column), PivotModel::ValueRole).toLongLong();
        };
        QStringList here = path;
        here << i.data().toString();
        rows[here] = {value(PivotModel::CountColumn), value(PivotModel::TotalColumn), value(PivotModel::SelfColumn),
                      value(PivotModel::MinColumn), value(PivotModel::MaxColumn)};
        pivotReadRows(m, i, here, rows);
    }
}

PivotRows pivotCoreRows(const PivotResult &result)
{
    PivotRows rows;
    for (std::uint32_t g : result.depthFirst()) {
        QStringList path;
        for (std::uint32_t at = g; result.groups[at].level >= 0; at = result.groups[at].parent)
            path.prepend(QString::fromStdString(result.groups[at].key));
        const PivotGroup &group = result.groups[g];
        rows[path] = {group.count, group.total, group.self, group.min, group.max};
    }
    return rows;
}

} // namespace

class TestPivotView : public QObject
{
    Q_OBJECT

    std::shared_ptr<const Trace> m_trace;
    std::unique_ptr<SelectionPanel> m_panel;

    PivotView *pivot() const { return m_panel->pivotView(); }
    bool waitForPivot() const
    {
        PivotView *view = pivot();
        return QTest::qWaitFor([view] { return !view->isComputing(); }, 20000);
    }

private slots:
    void init()
    {
        m_trace = cachedTraceOrWarn(resnetTrace());
        QVERIFY(m_trace);
        m_panel = std::make_unique<SelectionPanel>();
        m_panel->resize(1000, 700);
        new QAbstractItemModelTester(pivot()->model(), QAbstractItemModelTester::FailureReportingMode::QtTest,
                                     m_panel.get());
        m_panel->setModel(std::make_shared<TimelineModel>(m_trace));
        m_panel->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_panel.get()));
    }

    void cleanup() { m_panel.reset(); }

    void waitsUntilTheTabIsShown()
    {
        QVERIFY(!pivot()->isVisible());
        QVERIFY(!pivot()->isComputing());
        QCOMPARE(pivot()->model()->rowCount(), 0);
        m_panel->tabs()->setCurrentWidget(pivot());
        QVERIFY(waitForPivot());
        QCOMPARE(pivot()->result().root().count, computePivot(*m_trace, {pivot()->dimensions(), {}}).root().count);
    }

    void selectionMatchesTheCore()
    {
        m_panel->tabs()->setCurrentWidget(pivot());
        pivot()->setDimensions({{PivotDimension::Kind, {}}, {PivotDimension::Name, {}}});
        // The combo boxes say what was chosen; the third level stays empty.
        QCOMPARE(pivot()->findChild<QComboBox *>(QStringLiteral("pivotLevel0"))->currentText(), QStringLiteral("Kind"));
        QCOMPARE(pivot()->dimensions().size(), std::size_t(2));

        // 98 .. 112 ms from the start on the first half of the lanes.
        const TimeNs from = m_trace->startNs + 98'000'000, to = m_trace->startNs + 112'000'000;
        std::vector<std::uint32_t> tracks;
        for (std::uint32_t t = 0; t < m_trace->tracks.size() / 2 + 1; ++t)
            tracks.push_back(t);
        QSignalSpy ready(pivot(), &PivotView::ready);
        m_panel->showWindow(from, to, tracks);
        QVERIFY(waitForPivot());
        QVERIFY(ready.count() >= 1);

        PivotOptions options{pivot()->dimensions(), {}};
        options.filter.from = from;
        options.filter.to = to;
        options.filter.tracks = tracks;
        const PivotResult core = computePivot(*m_trace, options);
        QVERIFY(core.root().count > 100);
        PivotRows shown;
        pivotReadRows(pivot()->model(), {}, {}, shown);
        QCOMPARE(shown.size(), core.groups.size() - 1);
        QVERIFY(shown == pivotCoreRows(core));

        // A third level by the combo box, as a user picks it.
        auto *third = pivot()->findChild<QComboBox *>(QStringLiteral("pivotLevel2"));
        third->setCurrentIndex(third->findText(QStringLiteral("Thread")));
        QVERIFY(waitForPivot());
        options.dimensions.push_back({PivotDimension::Thread, {}});
        PivotRows threeLevels;
        pivotReadRows(pivot()->model(), {}, {}, threeLevels);
        QVERIFY(threeLevels == pivotCoreRows(computePivot(*m_trace, options)));

        if (const QString shots = qEnvironmentVariable("TRACELANE_TEST_SHOTS"); !shots.isEmpty()) {
            pivot()->view()->expandAll();
            m_panel->grab().save(shots + QStringLiteral("/pivot.png"));
        }

        // Export CSV: the CLI's table.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("pivot.csv"));
        QVERIFY(pivot()->exportCsv(path));
        std::ostringstream expected;
        writeCsv(expected, pivotTable(computePivot(*m_trace, options)));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(file.readAll()), QString::fromStdString(expected.str()));

        // No selection: the whole trace.
        m_panel->clear();
        QVERIFY(waitForPivot());
        QCOMPARE(pivot()->result().root().count, computePivot(*m_trace, {options.dimensions, {}}).root().count);
    }

    void doubleClickListsTheLongestEvent()
    {
        m_panel->tabs()->setCurrentWidget(pivot());
        pivot()->setDimensions({{PivotDimension::Name, {}}});
        QVERIFY(waitForPivot());
        std::vector<std::vector<EventRef>> listed;
        connect(m_panel.get(), &SelectionPanel::instancesRequested, this,
                [&listed](const QString &, std::vector<EventRef> events) { listed.push_back(std::move(events)); });
        QTreeView *tree = pivot()->view();
        const QModelIndex first = tree->model()->index(0, 0);
        QVERIFY(first.isValid());
        tree->scrollTo(first);
        const QPoint at = tree->visualRect(first).center();
        // A double click as the window system delivers it: press, release, then the double click.
        QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, at);
        QTest::mouseDClick(tree->viewport(), Qt::LeftButton, {}, at);
        QCOMPARE(listed.size(), std::size_t(1));
        const std::vector<EventRef> &events = listed.front();
        QCOMPARE(events.size(), std::size_t(1));
        const PivotGroup &group = pivot()->result().groups[pivot()->result().root().children.front()];
        QCOMPARE(m_trace->event(events.front()).duration, group.max);
        QCOMPARE(m_trace->strings.view(m_trace->event(events.front()).name), std::string_view(group.key));
    }
};

TRACELANE_TEST_MAIN(TestPivotView)
#include "tst_pivot_view.moc"
