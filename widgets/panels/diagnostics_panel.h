#pragma once
// What the importer skipped or repaired: one line per kind of problem, with
// its count and the first places it happened.

#include "model/diagnostics.h"

#include <QTreeWidget>

namespace tracelane {

class DiagnosticsPanel : public QTreeWidget
{
    Q_OBJECT

public:
    explicit DiagnosticsPanel(QWidget *parent = nullptr);
    void setDiagnostics(const Diagnostics &diagnostics);
};

} // namespace tracelane
