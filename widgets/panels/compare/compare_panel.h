#pragma once
// The Compare dock: `tracelane-cli diff` of this window's trace (control)
// against another (test) as a table with the CLI's rows and columns. A filter
// line above it (any column, case-insensitive); a header click sorts (numbers as
// numbers); clicking a row asks for that name's events in both traces.

#include "export/table.h"

#include <QWidget>

class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QTableView;

namespace tracelane {

class ResultTableModel;

class ComparePanel : public QWidget
{
    Q_OBJECT

public:
    explicit ComparePanel(QWidget *parent = nullptr);

    // `title` names the two traces, e.g. "a.json.gz → b.json.gz".
    void setDiff(const QString &title, Table table);
    QString title() const; // "Control: … — Test: …"
    const Table &table() const;

    int shownRowCount() const;
    QString shownText(int row, int column) const;

    QTableView *view() const { return m_view; }
    QLineEdit *filterEdit() const { return m_filter; }

signals:
    void nameActivated(const QString &name); // a row was clicked

private:
    ResultTableModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QLabel *m_title;
    QLineEdit *m_filter;
    QTableView *m_view;
};

} // namespace tracelane
