#include "panels/diagnostics_panel.h"

#include "panels/diagnostic_text.h"

#include <QFont>
#include <QHeaderView>

#include <algorithm>

namespace tracelane {

DiagnosticsPanel::DiagnosticsPanel(QWidget *parent)
    : QTreeWidget(parent)
{
    setColumnCount(4);
    setHeaderLabels({tr("Count"), tr("Warning"), tr("Code"), tr("First seen at")});
    setRootIsDecorated(false);
    header()->setStretchLastSection(true);
}

void DiagnosticsPanel::showDiagnosticsOf(const Trace &trace)
{
    setDiagnostics(trace.diagnostics, DiagnosticText::gpuApiOf(trace));
}

// Warnings first; what is normal for the format (information) under its own
// heading below them, so it is counted but not mistaken for a problem.
void DiagnosticsPanel::setDiagnostics(const Diagnostics &diagnostics, const QString &gpuApi)
{
    clear();
    QTreeWidgetItem *information = nullptr;
    for (const Diagnostic &d : diagnostics.entries()) {
        if (d.information && !information) {
            information = new QTreeWidgetItem(this, {tr("Information")});
            information->setFirstColumnSpanned(true);
            QFont bold = information->font(0);
            bold.setBold(true);
            information->setFont(0, bold);
        }
        QStringList examples;
        for (const std::string &e : d.examples)
            examples << QString::fromStdString(e);
        auto *item = d.information ? new QTreeWidgetItem(information) : new QTreeWidgetItem;
        if (!d.information)
            insertTopLevelItem(information ? indexOfTopLevelItem(information) : topLevelItemCount(), item);
        item->setText(0, d.count ? QString::number(d.count) : QString());
        item->setTextAlignment(0, Qt::AlignRight | Qt::AlignVCenter);
        item->setText(1, DiagnosticText::message(d, gpuApi));
        item->setToolTip(1, item->text(1));
        item->setText(2, QString::fromStdString(d.code));
        item->setText(3, examples.join(QStringLiteral(", ")));
    }
    // Several importers count problems without a position (a table that lacks
    // a column, NVTX ranges never ended): the column is shown only when some
    // entry has one, so it is never an empty column.
    const auto &entries = diagnostics.entries();
    setColumnHidden(3, std::none_of(entries.begin(), entries.end(),
                                    [](const Diagnostic &d) { return !d.examples.empty(); }));
    expandAll();
    for (int c = 0; c < 3; ++c)
        resizeColumnToContents(c);
}

} // namespace tracelane
