#pragma once
// The notes and tables the Ranks dock's tabs share: a selectable note label, a
// sortable read-only table with copy, and columns fitted to their numbers.

#include <QString>

class QLabel;
class QObject;
class QSortFilterProxyModel;
class QTableView;
class QWidget;

namespace tracelane {

class RankTableModel;

QLabel *rankNote(QWidget *parent, const QString &objectName);
QTableView *rankTableView(QWidget *parent, QSortFilterProxyModel *proxy, const QString &objectName);
// Each column as wide as its cells or its title's longest word; titles wrap onto at most two lines.
void fitRankColumns(QTableView *view);
// Sorts by RankTableModel::kSortRole (numbers as numbers).
QSortFilterProxyModel *rankSortingProxy(RankTableModel *model, QObject *parent);

} // namespace tracelane
