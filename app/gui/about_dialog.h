#pragma once
// Help > About: the version, and the components Tracelane is built from with
// their licences.

#include <QDialog>

namespace tracelane {

class AboutDialog : public QDialog
{
    Q_OBJECT

public:
    struct Component
    {
        QString name, licence, url;
    };

    explicit AboutDialog(QWidget *parent = nullptr);

    static QList<Component> components();
    // The text shown, as HTML (tests read it).
    static QString html();
};

} // namespace tracelane
