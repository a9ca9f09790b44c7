#pragma once
// The queries of the Query dock's examples menu (the worked examples of
// docs/SQL.md, shortened where the dock shows them better).

#include <QList>
#include <QString>

namespace tracelane {

struct QueryExample
{
    QString title; // translated
    QString sql;
};

QList<QueryExample> queryExamples();

} // namespace tracelane
