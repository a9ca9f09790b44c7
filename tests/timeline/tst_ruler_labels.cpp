// The ruler's labels on ResNet-50: with a time selection made by a drag in the
// ruler, the cursor's time moves beside the selection's length (and its start
// and end) instead of covering them, wherever the mouse is.
#include "timeline/ruler_labels.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_view.h"

#include "cached_import.h"
#include "shared_traces.h"
#include "test_registry.h"

#include <QtTest>

using namespace tracelane;

class TestRulerLabels : public QObject
{
    Q_OBJECT

    std::unique_ptr<TimelineView> m_view;

    QWidget *viewport() const { return m_view->viewport(); }

    const RulerLabel *labelOf(const std::vector<RulerLabel> &labels, RulerLabel::Role role)
    {
        const auto it = std::find_if(labels.begin(), labels.end(), [&](const RulerLabel &l) { return l.role == role; });
        return it == labels.end() ? nullptr : &*it;
    }

private slots:
    void initTestCase()
    {
        const auto trace = test::cachedTraceOrWarn(test::resnetTrace());
        QVERIFY(trace);
        m_view = std::make_unique<TimelineView>();
        m_view->resize(1400, 700);
        m_view->setModel(std::make_shared<TimelineModel>(trace));
        m_view->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_view.get()));
        // A drag in the ruler selects a time range over all lanes.
        const int y = TimelineView::kRulerHeight / 2;
        const QPoint from(TimelineView::kGutterWidth + 500, y), to(TimelineView::kGutterWidth + 640, y);
        QTest::mousePress(viewport(), Qt::LeftButton, {}, from);
        QTest::mouseMove(viewport(), (from + to) / 2);
        QTest::mouseMove(viewport(), to);
        QTest::mouseRelease(viewport(), Qt::LeftButton, {}, to);
        QVERIFY(m_view->zoomControl()->hasSelection());
    }

    void cleanupTestCase() { m_view.reset(); }

    void cursorLabelCoversNoSelectionLabel_data()
    {
        QTest::addColumn<int>("x"); // time-area x of the mouse
        QTest::newRow("on the length") << 570;
        QTest::newRow("on the start") << 470;
        QTest::newRow("on the end") << 670;
        QTest::newRow("just inside the start") << 505;
        QTest::newRow("just inside the end") << 635;
    }

    void cursorLabelCoversNoSelectionLabel()
    {
        QFETCH(int, x);
        QTest::mouseMove(viewport(), QPoint(TimelineView::kGutterWidth + x, 200));
        const std::vector<RulerLabel> labels = rulerLabels(m_view->currentFrame());
        const RulerLabel *cursor = labelOf(labels, RulerLabel::Role::Cursor);
        const RulerLabel *length = labelOf(labels, RulerLabel::Role::SelectionLength);
        QVERIFY(cursor);
        QVERIFY(length);
        for (const RulerLabel &label : labels)
            if (&label != cursor)
                QVERIFY2(!label.box.intersects(cursor->box),
                         qPrintable(QStringLiteral("cursor %1 at %2..%3 covers %4 at %5..%6")
                                        .arg(cursor->text)
                                        .arg(cursor->box.left())
                                        .arg(cursor->box.right())
                                        .arg(label.text)
                                        .arg(label.box.left())
                                        .arg(label.box.right())));
    }
};

TRACELANE_TEST_MAIN(TestRulerLabels)
#include "tst_ruler_labels.moc"
