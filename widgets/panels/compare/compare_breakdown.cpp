#include "panels/compare/compare_breakdown.h"

#include "chart_style.h"
#include "iteration_compare_chart.h"
#include "op_compare_chart.h"

#include <QLabel>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace tracelane {

namespace {

std::vector<OpKernelBreakdown> breakdownLevels(const Trace &trace)
{
    std::vector<OpKernelBreakdown> levels;
    for (int depth = 0; depth < CompareBreakdown::kMaxDepth; ++depth) {
        BreakdownOptions options;
        options.depth = depth;
        OpKernelBreakdown level = opKernelBreakdown(trace, options);
        if (level.ops.empty())
            break;
        levels.push_back(std::move(level));
    }
    return levels;
}

// "■ Control a.json.gz: …" with the trace's colour in the charts.
QString noteText(const QString &role, const QString &label, const QColor &color, const QString &text)
{
    return QStringLiteral("<span style=\"color:%1\">■</span> <b>%2</b> %3: %4")
        .arg(color.name(), role.toHtmlEscaped(), label.toHtmlEscaped(), text.toHtmlEscaped());
}

} // namespace

CompareBreakdown::CompareBreakdown(QWidget *parent)
    : QWidget(parent)
    , m_chart(new charts::OpCompareChart(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    for (const Side side : {Control, Test}) {
        m_notes[side] = new QLabel(this);
        m_notes[side]->setObjectName(side == Control ? QStringLiteral("controlBreakdownNote")
                                                     : QStringLiteral("testBreakdownNote"));
        m_notes[side]->setWordWrap(true);
        m_notes[side]->setTextFormat(Qt::RichText);
        layout->addWidget(m_notes[side]);
    }
    layout->addWidget(m_chart, 1);
    setTraces(nullptr, {}, nullptr, {});
}

CompareBreakdown::~CompareBreakdown() = default; // a running worker holds its traces itself

void CompareBreakdown::setTraces(std::shared_ptr<const Trace> control, const QString &controlLabel,
                                 std::shared_ptr<const Trace> test, const QString &testLabel)
{
    m_running = nullptr; // its result, for the previous traces, is dropped
    m_traces[Control] = std::move(control);
    m_traces[Test] = std::move(test);
    m_labels[Control] = controlLabel;
    m_labels[Test] = testLabel;
    m_levels = {};
    m_ready = false;
    m_name.clear();
    fill();
}

void CompareBreakdown::showName(const QString &name)
{
    m_name = name;
    if (!m_ready && !m_running && m_traces[Control] && m_traces[Test]) {
        m_chart->setOps(name, nullptr, nullptr, nullptr, nullptr);
        for (QLabel *label : m_notes)
            label->setText(tr("Breaking the operators down…"));
        auto *watcher = new QFutureWatcher<std::array<Levels, 2>>(this);
        m_running = watcher;
        connect(watcher, &QFutureWatcher<std::array<Levels, 2>>::finished, this, [this, watcher] {
            watcher->deleteLater();
            if (watcher != m_running)
                return; // other traces came meanwhile
            m_running = nullptr;
            m_levels = watcher->result();
            m_ready = true;
            fill();
        });
        watcher->setFuture(QtConcurrent::run([control = m_traces[Control], test = m_traces[Test]] {
            return std::array<Levels, 2>{breakdownLevels(*control), breakdownLevels(*test)};
        }));
        return;
    }
    if (m_ready)
        fill();
}

const OpBreakdown *CompareBreakdown::shownOp(Side side) const
{
    const Shown &shown = m_shown[side];
    return shown.depth < 0 ? nullptr : &m_levels[side][std::size_t(shown.depth)].ops[shown.op];
}

QString CompareBreakdown::note(Side side) const
{
    return m_notes[side]->text();
}

void CompareBreakdown::fill()
{
    const std::string key = m_name.toStdString();
    const bool showing = m_ready && !m_name.isEmpty();
    for (const Side side : {Control, Test}) {
        m_shown[side] = {};
        const Levels &levels = m_levels[side];
        for (std::size_t depth = 0; showing && depth < levels.size() && m_shown[side].depth < 0; ++depth)
            for (std::size_t i = 0; i < levels[depth].ops.size(); ++i)
                if (levels[depth].ops[i].name == key) {
                    m_shown[side] = {int(depth), i};
                    break;
                }
    }
    m_chart->setOps(showing ? m_name : QString(), m_traces[Control], shownOp(Control), m_traces[Test], shownOp(Test));
    if (!showing) {
        m_notes[Control]->setText(m_traces[Control] ? tr("Click a row of the table to compare its breakdown")
                                                    : QString());
        m_notes[Test]->clear();
        m_notes[Test]->setVisible(false);
        return;
    }
    m_notes[Test]->setVisible(true);
    for (const Side side : {Control, Test}) {
        const QString role = side == Control ? tr("Control") : tr("Test");
        const QColor color = side == Control ? charts::controlColor() : charts::testColor();
        const OpBreakdown *op = shownOp(side);
        QString text;
        if (!op) {
            text = tr("no operator “%1” (a kernel, or an op nested more than %2 levels deep)")
                       .arg(m_name)
                       .arg(kMaxDepth);
        } else {
            const charts::TimeScale scale = charts::timeScaleFor(std::max(op->cpuTime, op->deviceTime));
            text = tr("depth %1, %n instance(s), CPU time %2, device time %3", nullptr, int(op->instances))
                       .arg(m_shown[side].depth)
                       .arg(charts::formatTime(op->cpuTime, scale), charts::formatTime(op->deviceTime, scale));
        }
        m_notes[side]->setText(noteText(role, m_labels[side], color, text));
    }
    emit nameShown(m_name);
}

} // namespace tracelane
