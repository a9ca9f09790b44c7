// The embedded translations: the main window's menus in German and Chinese,
// English when asked for, and the system locale followed when nothing is chosen.
#include "language.h"
#include "main_window.h"

#include <QMenuBar>
#include <QtTest>

using namespace tracelane;

namespace {

QStringList menuTitles(const MainWindow &window)
{
    QStringList titles;
    for (const QAction *action : window.menuBar()->actions())
        titles.append(action->text());
    return titles;
}

} // namespace

class TestTranslations : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("TracelaneTests"));
    }

    void cleanup() { installTranslations(QStringLiteral("en")); }

    void menus_data()
    {
        QTest::addColumn<QString>("code");
        QTest::addColumn<QStringList>("titles");
        QTest::newRow("German") << "de" << QStringList{QStringLiteral("&Datei"), QStringLiteral("&Bearbeiten"), QStringLiteral("&Ansicht"), QStringLiteral("&Markierungen"), QStringLiteral("&Hilfe")};
        QTest::newRow("Simplified Chinese") << "zh_CN" << QStringList{QStringLiteral("文件(&F)"), QStringLiteral("编辑(&E)"), QStringLiteral("视图(&V)"), QStringLiteral("标记(&M)"), QStringLiteral("帮助(&H)")};
        QTest::newRow("English") << "en" << QStringList{QStringLiteral("&File"), QStringLiteral("&Edit"), QStringLiteral("&View"), QStringLiteral("&Markers"), QStringLiteral("&Help")};
    }
    void menus()
    {
        QFETCH(QString, code);
        QFETCH(QStringList, titles);
        QCOMPARE(installTranslations(code), code);
        const MainWindow window;
        QCOMPARE(menuTitles(window), titles);
    }

    void pluralsAreTranslated()
    {
        installTranslations(QStringLiteral("de"));
        QCOMPARE(QCoreApplication::translate("tracelane::SearchBar", "%n match(es)", nullptr, 1), QStringLiteral("1 Treffer"));
        QCOMPARE(QCoreApplication::translate("tracelane::MainWindow", "%n event(s), %1", nullptr, 2),
                 QStringLiteral("2 Ereignisse, %1"));
    }

    void followsTheSystemLocale()
    {
        // main() below made the system locale Austrian German.
        QCOMPARE(QLocale::system().uiLanguages().value(0), QStringLiteral("de-AT"));
        const QString used = installTranslations(QString());
        QCOMPARE(used.left(2), QStringLiteral("de"));
        QCOMPARE(MainWindow().menuBar()->actions().first()->text(), QStringLiteral("&Datei"));
    }

    void unknownLanguageFallsBackToEnglish()
    {
        QCOMPARE(installTranslations(QStringLiteral("xx")), QStringLiteral("en"));
        QCOMPARE(MainWindow().menuBar()->actions().first()->text(), QStringLiteral("&File"));
    }
};

// Qt reads the system locale from the environment once, when the application
// starts; so it is set here, before QApplication exists.
int main(int argc, char **argv)
{
    qputenv("LANGUAGE", "de_AT:de");
    qputenv("LANG", "de_AT.UTF-8");
    QApplication app(argc, argv);
    TestTranslations test;
    return QTest::qExec(&test, argc, argv);
}
#include "tst_translations.moc"
