#pragma once
// What the selected event is: name, kind, track, start, duration, its
// arguments (Input Dims, grid, block, registers, bytes, bandwidth, ...) and the
// events it is linked to, each one click away.

#include "model/trace.h"

#include <QWidget>

#include <memory>

class QLabel;
class QTableWidget;
class QVBoxLayout;

namespace tracelane {

class DetailsPanel : public QWidget
{
    Q_OBJECT

public:
    explicit DetailsPanel(QWidget *parent = nullptr);

    void setTrace(std::shared_ptr<const Trace> trace);
    void showDetails(EventRef ref); // invalid clears
    EventRef event() const { return m_ref; }

signals:
    void jumpRequested(tracelane::EventRef ref);

private:
    void addPartner(EventRef ref, const QString &relation);

    std::shared_ptr<const Trace> m_trace;
    EventRef m_ref;
    QLabel *m_name;
    QLabel *m_kind, *m_track, *m_start, *m_duration, *m_end;
    QTableWidget *m_args;
    QWidget *m_partnerBox;
    QVBoxLayout *m_partners;
};

} // namespace tracelane
