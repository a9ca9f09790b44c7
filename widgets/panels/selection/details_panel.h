#pragma once
// What the selected event is: name, kind, track, start, duration, for GPU
// work its grid and block, its arguments (Input Dims, registers, bytes,
// bandwidth, ...) and the events it is linked to (a kernel's launching call),
// each one click away, or summed up when there are many (linked_events_box.h). Every value stays on one line, elided in the middle to
// the panel's width (a kernel's full name runs to hundreds of characters);
// tooltips and the context menu's Copy give the full text.

#include "model/trace.h"

#include <QWidget>

#include <memory>

class QFormLayout;
class QLabel;
class QTableWidget;

namespace tracelane {

class ElidedLabel;
class LinkedEventsBox;

class DetailsPanel : public QWidget
{
    Q_OBJECT

public:
    explicit DetailsPanel(QWidget *parent = nullptr);

    void setTrace(std::shared_ptr<const Trace> trace);
    void showDetails(EventRef ref); // invalid clears
    EventRef event() const { return m_ref; }
    QString fullName() const { return m_fullName; }

protected:
    void resizeEvent(QResizeEvent *event) override;

signals:
    void jumpRequested(tracelane::EventRef ref);
    // "List them" beside a summed-up group of linked events.
    void instancesRequested(const QString &title, std::vector<tracelane::EventRef> events);

private:
    void fitArgumentColumns();

    std::shared_ptr<const Trace> m_trace;
    EventRef m_ref;
    QString m_fullName;
    ElidedLabel *m_name;
    QLabel *m_emptyHint = nullptr; // wraps: a hint reads badly cut in the middle
    ElidedLabel *m_kind, *m_track, *m_start, *m_duration, *m_end, *m_grid, *m_block;
    QFormLayout *m_form;
    QTableWidget *m_args;
    LinkedEventsBox *m_links;
};

} // namespace tracelane
