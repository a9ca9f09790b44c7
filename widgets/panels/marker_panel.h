#pragma once
// The Markers dock: the trace's markers in time order (time from the trace
// start, length of a span, name). The name is edited in place (F2, or a click
// on the selected row); a double-click shows the marker on the timeline;
// Delete removes the selected ones. Follows the marker picked in the ruler.

#include "model/time_units.h"

#include <QWidget>

class QLabel;
class QTableView;

namespace tracelane {

class MarkerSet;
class MarkerTableModel;

class MarkerPanel : public QWidget
{
    Q_OBJECT

public:
    explicit MarkerPanel(QWidget *parent = nullptr);

    void setMarkers(MarkerSet *markers);
    void setTraceStart(TimeNs start); // times are listed from here
    void refreshTimes();              // after the time unit changed
    QTableView *table() const { return m_table; }
    void removeSelected();

signals:
    void jumpRequested(int index);

private:
    void showSelected(int index);
    void updatePlaceholder();

    MarkerSet *m_markers = nullptr;
    MarkerTableModel *m_model;
    QTableView *m_table;
    QLabel *m_placeholder;
    bool m_following = false; // showing the set's selection, not choosing one
};

} // namespace tracelane
