#pragma once
// The events linked to the selected one, under its details: each a link that
// selects it ("Launched by: cudaLaunchKernel"), grouped by relation. A group
// longer than a handful (a graph launch's hundreds of kernels) becomes one
// line, "Launched: 662 kernels, 16.783 ms", with a button that lists them in
// the Instances panel, so the details' arguments stay in view.

#include "model/trace.h"

#include <QWidget>

#include <vector>

class QVBoxLayout;

namespace tracelane {

class LinkedEventsBox : public QWidget
{
    Q_OBJECT

public:
    // Groups longer than this are summed up instead of listed.
    static constexpr std::size_t kMaxLinksPerGroup = 8;

    explicit LinkedEventsBox(QWidget *parent = nullptr);

    // Shows the events linked to `ref` by flows in `trace`; hides itself when there are none.
    void showLinks(const Trace &trace, EventRef ref);
    void clear();

signals:
    void jumpRequested(tracelane::EventRef ref);
    void instancesRequested(const QString &title, std::vector<tracelane::EventRef> events);

private:
    void addLink(const Trace &trace, EventRef ref, const QString &relation);
    void addSummary(const Trace &trace, const QString &relation, const QString &listTitle,
                    std::vector<EventRef> events);

    QVBoxLayout *m_layout;
};

} // namespace tracelane
