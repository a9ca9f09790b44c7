#include "panels/selection/linked_events_box.h"

#include "panels/common/elided_label.h"
#include "panels/selection/details_panel.h"
#include "time_format.h"
#include "timeline/track_grouping.h"
#include "trace_text.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>

// Its words belong to the Details panel it is part of (DetailsPanel::tr).
namespace tracelane {
namespace {

// The events of one relation, in the order the trace links them.
struct LinkGroup
{
    QString relation;
    bool launchedHere = false; // launches this event made: its GPU work
    std::vector<EventRef> events;
};

LinkGroup &groupFor(std::vector<LinkGroup> &groups, const QString &relation, bool launchedHere)
{
    const auto it = std::find_if(groups.begin(), groups.end(),
                                 [&](const LinkGroup &g) { return g.relation == relation; });
    if (it != groups.end())
        return *it;
    return groups.emplace_back(LinkGroup{relation, launchedHere, {}});
}

QPushButton *linkButton(QPushButton *button)
{
    button->setFlat(true);
    button->setStyleSheet(QStringLiteral("text-align: left; color: palette(link);"));
    button->setCursor(Qt::PointingHandCursor);
    return button;
}

} // namespace

LinkedEventsBox::LinkedEventsBox(QWidget *parent)
    : QWidget(parent)
    , m_layout(new QVBoxLayout(this))
{
    m_layout->setContentsMargins(0, 0, 0, 0);
    hide();
}

void LinkedEventsBox::clear()
{
    while (QLayoutItem *item = m_layout->takeAt(0)) {
        if (QLayout *row = item->layout())
            while (QLayoutItem *child = row->takeAt(0)) {
                delete child->widget();
                delete child;
            }
        delete item->widget();
        delete item;
    }
    hide();
}

void LinkedEventsBox::showLinks(const Trace &trace, EventRef ref)
{
    clear();
    std::vector<LinkGroup> groups;
    for (const Flow &flow : trace.flowsFrom(ref)) {
        const bool launch = flow.kind == FlowKind::Launch;
        groupFor(groups, launch ? DetailsPanel::tr("Launched") : DetailsPanel::tr("Leads to"), launch)
            .events.push_back(flow.to);
    }
    for (const Flow *flow : trace.flowsTo(ref))
        groupFor(groups,
                 flow->kind == FlowKind::Launch                ? DetailsPanel::tr("Launched by")
                     : flow->kind == FlowKind::ForwardBackward ? DetailsPanel::tr("Backward of")
                                                               : DetailsPanel::tr("Comes from"),
                 false)
            .events.push_back(flow->from);
    const QString name = fromView(trace.name(ref));
    for (LinkGroup &group : groups) {
        if (group.events.size() <= kMaxLinksPerGroup) {
            for (const EventRef linked : group.events)
                addLink(trace, linked, group.relation);
            continue;
        }
        const QString title = group.launchedHere ? DetailsPanel::tr("Launched by %1").arg(name)
                                                 : DetailsPanel::tr("Linked to %1").arg(name);
        addSummary(trace, group.relation, title, std::move(group.events));
    }
    setVisible(!groups.empty());
}

void LinkedEventsBox::addLink(const Trace &trace, EventRef ref, const QString &relation)
{
    const QString name = fromView(trace.name(ref));
    auto *button = new ElidedButton(this);
    button->setObjectName(QStringLiteral("detailsPartner"));
    button->setFullText(DetailsPanel::tr("%1: %2").arg(relation, name));
    button->setToolTip(DetailsPanel::tr("Select %1 on %2").arg(name, TrackGrouping::trackPath(trace, ref.track)));
    linkButton(button);
    connect(button, &QPushButton::clicked, this, [this, ref] { emit jumpRequested(ref); });
    m_layout->addWidget(button);
}

// "Launched: 662 kernels, 16.783 ms  List them": the count, their summed time.
void LinkedEventsBox::addSummary(const Trace &trace, const QString &relation, const QString &listTitle,
                                 std::vector<EventRef> events)
{
    TimeNs total = 0;
    bool allKernels = true, allGpuWork = true;
    for (const EventRef linked : events) {
        const Event &e = trace.event(linked);
        total += e.duration;
        allKernels = allKernels && e.kind == EventKind::Kernel;
        allGpuWork = allGpuWork && isGpuWork(e.kind);
    }
    const int n = int(events.size());
    const QString count = allKernels ? DetailsPanel::tr("%n kernels", nullptr, n)
        : allGpuWork                 ? DetailsPanel::tr("%n GPU operations", nullptr, n)
                                     : DetailsPanel::tr("%n events", nullptr, n);
    auto *row = new QHBoxLayout;
    // Wrapped, not elided: the count is what the line is for, in a narrow panel too.
    auto *summary = new QLabel(DetailsPanel::tr("%1: %2, %3").arg(relation, count, TimeFormat::shownDuration(total)),
                               this);
    summary->setObjectName(QStringLiteral("detailsPartnerSummary"));
    summary->setWordWrap(true);
    summary->setMinimumWidth(1);
    summary->setToolTip(allGpuWork ? DetailsPanel::tr("Their GPU time, summed")
                                   : DetailsPanel::tr("Their durations, summed"));
    row->addWidget(summary, 1);
    auto *list = linkButton(new QPushButton(DetailsPanel::tr("List them"), this));
    list->setObjectName(QStringLiteral("detailsListPartners"));
    list->setToolTip(DetailsPanel::tr("Show them in the Instances panel"));
    connect(list, &QPushButton::clicked, this,
            [this, listTitle, events = std::move(events)] { emit instancesRequested(listTitle, events); });
    row->addWidget(list);
    m_layout->addLayout(row);
}

} // namespace tracelane
