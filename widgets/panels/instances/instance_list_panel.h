#pragma once
// The Instances panel: a list of events (every search match, every instance
// of a summary row...) under a title, with a filter line, the count shown,
// sorting by any column and export to CSV. Clicking a row, or Enter on it,
// asks for that event to be selected; the list stays.

#include "model/trace.h"

#include <QWidget>

#include <memory>
#include <vector>

class QLabel;
class QLineEdit;
class QPushButton;
class QTableView;

namespace tracelane {

class InstanceTableModel;

class InstanceListPanel : public QWidget
{
    Q_OBJECT

public:
    explicit InstanceListPanel(QWidget *parent = nullptr);

    // A new trace empties the list (null: nothing loaded).
    void setTrace(std::shared_ptr<const Trace> trace);
    // Lists `events` of the current trace (invalid refs are dropped), sorted by
    // the column last clicked (at first by start), unfiltered.
    void showInstances(const QString &title, std::vector<EventRef> events);

    QString title() const;
    const std::vector<EventRef> &events() const;
    std::vector<EventRef> shownEvents() const; // after the filter, in the order shown
    QString countText() const;
    // Makes `row` (as shown) the current row and asks for its event, as a click does.
    void selectRow(int row);
    void refreshTimes(); // after the time unit preference changed

    // Writes the rows shown, in the order shown (see InstanceTableModel::writeCsv).
    bool exportCsv(const QString &path, QString *error = nullptr) const;
    void chooseCsvFile(); // asks for a file name, then exports

    QTableView *view() const { return m_view; }
    InstanceTableModel *model() const { return m_model; }
    QLineEdit *filterEdit() const { return m_filter; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

signals:
    void eventActivated(tracelane::EventRef ref);
    // The rows passing the filter changed (a new list, another filter).
    void shownChanged();

private:
    void updateCount();
    void fitColumns();
    void fitNameColumn(); // the name takes the width the other columns leave
    void elideTitle();
    void activateRow(int row);

    std::shared_ptr<const Trace> m_trace;
    QString m_titleText;
    InstanceTableModel *m_model;
    QLabel *m_title;
    QLineEdit *m_filter;
    QLabel *m_count;
    QPushButton *m_export;
    QTableView *m_view;
    bool m_fitting = false;
    bool m_nameWidthByUser = false; // then resizing the dock leaves it alone
};

} // namespace tracelane
