#include "panels/selection/details_panel.h"

#include "event_kind_label.h"
#include "panels/common/elided_label.h"
#include "panels/common/table_copy.h"
#include "panels/selection/linked_events_box.h"

#include "time_format.h"
#include "timeline/track_grouping.h"
#include "trace_text.h"

#include <QAction>
#include <QClipboard>
#include <QFormLayout>
#include <QGuiApplication>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace tracelane {
namespace {

ElidedLabel *valueLabel(QWidget *parent, const char *objectName)
{
    auto *label = new ElidedLabel(parent);
    label->setObjectName(QLatin1String(objectName));
    // Copy gives the full value, also when the label shows it elided.
    label->setContextMenuPolicy(Qt::ActionsContextMenu);
    auto *copy = new QAction(DetailsPanel::tr("Copy"), label);
    QObject::connect(copy, &QAction::triggered, label,
                     [label] { QGuiApplication::clipboard()->setText(label->fullText()); });
    label->addAction(copy);
    return label;
}

} // namespace

DetailsPanel::DetailsPanel(QWidget *parent)
    : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    m_name = new ElidedLabel(this);
    m_name->setObjectName(QStringLiteral("detailsName"));
    m_name->setFullTextTip(true);
    QFont bold = m_name->font();
    bold.setBold(true);
    m_name->setFont(bold);
    m_name->setContextMenuPolicy(Qt::ActionsContextMenu);
    auto *copyName = new QAction(tr("Copy Name"), m_name);
    connect(copyName, &QAction::triggered, this, [this] { QGuiApplication::clipboard()->setText(m_fullName); });
    m_name->addAction(copyName);
    layout->addWidget(m_name);
    m_emptyHint = new QLabel(tr("No event selected. Click an event in the timeline."), this);
    m_emptyHint->setObjectName(QStringLiteral("detailsEmptyHint"));
    m_emptyHint->setWordWrap(true);
    m_emptyHint->setFont(bold);
    layout->addWidget(m_emptyHint);

    auto *form = new QFormLayout;
    m_form = form;
    // One line per row, values take the rest of the width and elide: no row
    // depends on another's wrapped height, so none squashes or overlaps.
    form->setRowWrapPolicy(QFormLayout::DontWrapRows);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_kind = valueLabel(this, "detailsKind");
    m_track = valueLabel(this, "detailsTrack");
    m_start = valueLabel(this, "detailsStart");
    m_duration = valueLabel(this, "detailsDuration");
    m_end = valueLabel(this, "detailsEnd");
    m_grid = valueLabel(this, "detailsGrid");
    m_block = valueLabel(this, "detailsBlock");
    form->addRow(tr("Kind:"), m_kind);
    form->addRow(tr("Track:"), m_track);
    form->addRow(tr("Start:"), m_start);
    form->addRow(tr("Duration:"), m_duration);
    form->addRow(tr("End:"), m_end);
    form->addRow(tr("Grid:"), m_grid);
    form->addRow(tr("Block:"), m_block);
    layout->addLayout(form);

    m_links = new LinkedEventsBox(this);
    connect(m_links, &LinkedEventsBox::jumpRequested, this, &DetailsPanel::jumpRequested);
    connect(m_links, &LinkedEventsBox::instancesRequested, this, &DetailsPanel::instancesRequested);
    layout->addWidget(m_links);

    m_args = new QTableWidget(0, 2, this);
    m_args->setObjectName(QStringLiteral("detailsArgs"));
    m_args->setHorizontalHeaderLabels({tr("Argument"), tr("Value")});
    m_args->horizontalHeader()->setStretchLastSection(true);
    m_args->horizontalHeader()->setMinimumSectionSize(fontMetrics().horizontalAdvance(QStringLiteral("M…M")));
    m_args->verticalHeader()->hide();
    m_args->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_args->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_args->setWordWrap(false);
    // Both columns fit the panel; long values elide in the middle, their tooltip is the full text.
    m_args->setTextElideMode(Qt::ElideMiddle);
    m_args->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_args->setMinimumWidth(0);
    m_args->setContextMenuPolicy(Qt::ActionsContextMenu);
    addCopyAction(m_args);
    layout->addWidget(m_args, 1);
    showDetails({});
}

void DetailsPanel::setTrace(std::shared_ptr<const Trace> trace)
{
    m_trace = std::move(trace);
    showDetails({});
}

void DetailsPanel::showDetails(EventRef ref)
{
    m_ref = m_trace && ref.isValid() ? ref : EventRef{};
    m_links->clear();
    m_args->setRowCount(0);
    if (!m_ref.isValid()) {
        m_fullName.clear();
        m_name->setFullText(QString());
        m_name->hide();
        m_emptyHint->show();
        for (ElidedLabel *l : {m_kind, m_track, m_start, m_duration, m_end, m_grid, m_block})
            l->setFullText(QString());
        m_form->setRowVisible(m_grid, false);
        m_form->setRowVisible(m_block, false);
        return;
    }
    const Trace &trace = *m_trace;
    const Event &e = trace.event(ref);
    m_fullName = fromView(trace.name(ref));
    m_name->setFullText(m_fullName);
    m_emptyHint->hide();
    m_name->show();
    // Launch configuration up front for GPU work; the table below still lists every argument.
    for (auto [label, key] : {std::pair(m_grid, "grid"), std::pair(m_block, "block")}) {
        const auto value = trace.arg(ref, key);
        label->setFullText(value ? QString::fromStdString(value->toText(trace.strings)) : QString());
        m_form->setRowVisible(label, isGpuWork(e.kind) && value.has_value());
    }
    m_kind->setFullText(EventKindLabel::text(e.kind));
    m_track->setFullText(TrackGrouping::trackPath(trace, ref.track));
    m_start->setFullText(TimeFormat::shownPosition(e.start - trace.startNs));
    m_duration->setFullText(TimeFormat::shownDuration(e.duration));
    m_end->setFullText(TimeFormat::shownPosition(e.end() - trace.startNs));

    // The file's own "correlation" argument would repeat the row above it.
    std::vector<Arg> args;
    for (const Arg &arg : trace.args(ref))
        if (!e.correlation || trace.strings.view(arg.key) != "correlation")
            args.push_back(arg);
    m_args->setRowCount(int(args.size()) + (e.correlation ? 1 : 0));
    int row = 0;
    if (e.correlation) {
        m_args->setItem(row, 0, new QTableWidgetItem(tr("correlation")));
        // The file's id: traces opened together offset theirs to keep them apart.
        const TracePart *part = trace.partOfTrack(ref.track);
        m_args->setItem(row++, 1, new QTableWidgetItem(QString::number(e.correlation - (part ? part->correlationOffset : 0))));
    }
    for (const Arg &arg : args) {
        auto *key = new QTableWidgetItem(fromView(trace.strings.view(arg.key)));
        key->setToolTip(key->text());
        m_args->setItem(row, 0, key);
        auto *value = new QTableWidgetItem(QString::fromStdString(arg.value.toText(trace.strings)));
        value->setToolTip(value->text());
        m_args->setItem(row++, 1, value);
    }
    fitArgumentColumns();
    m_links->showLinks(trace, ref);
}

void DetailsPanel::fitArgumentColumns()
{
    // The names as wide as they need, but never more than half the table, and
    // never narrower than the header's own text, which a narrow dock would cut:
    // the values keep the rest and elide.
    m_args->resizeColumnToContents(0);
    const int half = m_args->viewport()->width() / 2;
    const int header = m_args->horizontalHeader()->sectionSizeHint(0);
    if (half > 0 && m_args->columnWidth(0) > half)
        m_args->setColumnWidth(0, std::max(half, header));
}

void DetailsPanel::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitArgumentColumns();
}

} // namespace tracelane
