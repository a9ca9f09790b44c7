#pragma once
// One summary report as a table, its name column shown first: a filter line
// above it (matches any column, case-insensitive), click a header to sort
// (numbers as numbers, largest first on the first click), double-click
// a row to ask for its longest instance; the context menu asks for a row's
// longest instance or all of them, and exports the rows shown to CSV.

#include "export/table.h"

#include <QWidget>

#include <vector>

class QAction;
class QLineEdit;
class QSortFilterProxyModel;
class QTableView;

namespace tracelane {

class ResultTableModel;

class SummaryTableView : public QWidget
{
    Q_OBJECT

public:
    explicit SummaryTableView(QWidget *parent = nullptr);

    void setTable(Table table);
    const Table &table() const;

    void setFilter(const QString &text);
    void sortBy(int column, Qt::SortOrder order);
    // The cells shown (filtered, sorted) as text, row by row.
    int shownRowCount() const;
    QString shownText(int row, int column) const;

    // Writes the rows shown, in the order shown, with the report's header.
    bool exportCsv(const QString &path, QString *error = nullptr) const;
    void chooseCsvFile(); // asks for a file name, then exports

    QTableView *view() const { return m_view; }
    QLineEdit *filterEdit() const { return m_filter; }

signals:
    // The last column's value (the kernel, API or range name) of a double-clicked
    // row, or of the row whose context menu chose Show Longest Instance.
    void rowActivated(const QString &name);
    // The same name, from the context menu's List All Instances.
    void instancesRequested(const QString &name);
    // A row was clicked: its index in table().rows, whatever the sorting and filter.
    void rowClicked(int tableRow);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QString nameAt(int shownRow) const;
    void fitColumns(); // the name its width first, numbers whole
    void showContextMenu(const QPoint &pos);

    ResultTableModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QLineEdit *m_filter;
    QTableView *m_view;
    QAction *m_copy;
    std::vector<int> m_contentWidths; // each column's text, measured when the table was set
    bool m_fitting = false;   // fitColumns() is sizing them
    bool m_userSized = false; // a column was sized by hand since the table was set
};

} // namespace tracelane
