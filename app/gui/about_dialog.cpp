#include "about_dialog.h"

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QIcon>
#include <QLabel>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace tracelane {

QList<AboutDialog::Component> AboutDialog::components()
{
    return {
        {QStringLiteral("Qt %1").arg(QString::fromLatin1(qVersion())), tr("GNU LGPL version 3"),
         QStringLiteral("https://www.qt.io/licensing/open-source-lgpl-obligations")},
        {QStringLiteral("QCustomPlot"), tr("GNU GPL version 3"), QStringLiteral("https://www.qcustomplot.com/")},
        {QStringLiteral("JSON for Modern C++ (nlohmann_json)"), tr("MIT licence"),
         QStringLiteral("https://github.com/nlohmann/json")},
        {QStringLiteral("SQLite"), tr("Public domain"), QStringLiteral("https://www.sqlite.org/copyright.html")},
        {QStringLiteral("zlib"), tr("zlib licence"), QStringLiteral("https://zlib.net/zlib_license.html")},
    };
}

QString AboutDialog::html()
{
    QString text = QStringLiteral("<h2>%1</h2><p>%2</p><p>%3</p><table cellpadding=\"3\">")
                       .arg(tr("Tracelane %1").arg(QStringLiteral(TRACELANE_VERSION)),
                            tr("A viewer for GPU profiling traces of deep-learning training."),
                            tr("Tracelane uses these components:"));
    for (const Component &c : components()) {
        text += QStringLiteral("<tr><td><a href=\"%1\">%2</a></td><td>%3</td></tr>")
                    .arg(c.url, c.name.toHtmlEscaped(), c.licence.toHtmlEscaped());
    }
    return text + QStringLiteral("</table>");
}

AboutDialog::AboutDialog(QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(tr("About Tracelane"));
    auto *icon = new QLabel(this);
    icon->setPixmap(QIcon(QStringLiteral(":/icons/tracelane.svg")).pixmap(96, 96));
    icon->setAlignment(Qt::AlignTop);
    auto *text = new QTextBrowser(this);
    text->setOpenExternalLinks(true);
    text->setFrameShape(QFrame::NoFrame);
    text->setHtml(html());
    auto *row = new QHBoxLayout;
    row->addWidget(icon);
    row->addWidget(text, 1);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(row);
    layout->addWidget(buttons);
    resize(560, 360);
}

} // namespace tracelane
