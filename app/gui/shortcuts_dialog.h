#pragma once
// Help > Keyboard Shortcuts: every binding of the timeline in one table.

#include <QDialog>

namespace tracelane {

class ShortcutsDialog : public QDialog
{
    Q_OBJECT

public:
    explicit ShortcutsDialog(QWidget *parent = nullptr);

    // (keys, what they do), as shown in the dialog.
    static QList<QPair<QString, QString>> bindings();
};

} // namespace tracelane
