// Preferences: stored and read back, bad stored values repaired, the dialog
// refusing a broken pattern, and the window applying them and restoring its
// size and docks on the next start. Also the About text and its licences.
#include "about_dialog.h"
#include "main_window.h"
#include "preferences.h"
#include "preferences_dialog.h"
#include "recent_files.h"
#include "time_display.h"
#include "timeline/timeline_view.h"

#include "test_registry.h"

#include <QDialogButtonBox>
#include <QDockWidget>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QtTest>

using namespace tracelane;

class TestPreferences : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("TracelaneTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_preferences"));
    }

    void init() { QSettings().clear(); }

    void defaults()
    {
        const Preferences p = Preferences::load();
        QCOMPARE(p.theme, Preferences::Theme::System);
        QCOMPARE(p.iterationPattern, QStringLiteral("Iteration (\\d+)|ProfilerStep#(\\d+)"));
        const auto match = QRegularExpression(p.iterationPattern).match(QStringLiteral("ProfilerStep#12"));
        QVERIFY(match.hasMatch());
        QCOMPARE(match.captured(2), QStringLiteral("12"));
    }

    void roundTrip()
    {
        Preferences p;
        p.theme = Preferences::Theme::Dark;
        p.timeUnit = Preferences::TimeUnit::Microseconds;
        p.iterationPattern = QStringLiteral("step_(\\d+)");
        p.recentFileCount = 4;
        p.language = QStringLiteral("zh_CN");
        p.save();
        QCOMPARE(Preferences::load(), p);
        // The analysis panels read the pattern straight from QSettings.
        QCOMPARE(QSettings().value(Preferences::iterationPatternKey()).toString(), p.iterationPattern);
    }

    void badStoredValuesAreRepaired()
    {
        QSettings settings;
        settings.setValue(QStringLiteral("preferences/theme"), QStringLiteral("purple"));
        settings.setValue(Preferences::iterationPatternKey(), QStringLiteral("Iteration ("));
        settings.setValue(QStringLiteral("preferences/recentFileCount"), 500);
        const Preferences p = Preferences::load();
        QCOMPARE(p.theme, Preferences::Theme::System);
        QCOMPARE(p.iterationPattern, Preferences::defaultIterationPattern());
        QCOMPARE(p.recentFileCount, Preferences::kMaxRecentFiles);
    }

    void timeUnits_data()
    {
        QTest::addColumn<qint64>("ns");
        QTest::addColumn<int>("unit");
        QTest::addColumn<QString>("text");
        using U = Preferences::TimeUnit;
        QTest::newRow("ns") << qint64(1500250) << int(U::Nanoseconds) << "1500250 ns";
        QTest::newRow("µs") << qint64(1500250) << int(U::Microseconds) << "1500.250 µs";
        QTest::newRow("ms") << qint64(1500250) << int(U::Milliseconds) << "1.500250 ms";
        QTest::newRow("s") << qint64(1500250) << int(U::Seconds) << "0.001500250 s";
        QTest::newRow("negative") << qint64(-250) << int(U::Microseconds) << "-0.250 µs";
        QTest::newRow("epoch-sized, exact") << qint64(1700000000123456789) << int(U::Seconds)
                                            << "1700000000.123456789 s";
    }
    void timeUnits()
    {
        QFETCH(qint64, ns);
        QFETCH(int, unit);
        QFETCH(QString, text);
        QCOMPARE(formatDuration(ns, Preferences::TimeUnit(unit)), text);
    }

    void dialogRefusesABrokenPattern()
    {
        PreferencesDialog dialog{Preferences{}};
        auto *pattern = dialog.findChild<QLineEdit *>();
        QPushButton *ok = dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
        QVERIFY(ok->isEnabled());
        pattern->setText(QStringLiteral("Iteration (\\d+"));
        QVERIFY(!ok->isEnabled());
        pattern->setText(QStringLiteral("Iteration (\\d+)"));
        QVERIFY(ok->isEnabled());
        QCOMPARE(dialog.preferences().iterationPattern, QStringLiteral("Iteration (\\d+)"));
    }

    void dialogRestoresDefaults()
    {
        Preferences custom;
        custom.theme = Preferences::Theme::Light;
        custom.recentFileCount = 3;
        PreferencesDialog dialog(custom);
        QCOMPARE(dialog.preferences(), custom);
        dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::RestoreDefaults)->click();
        QCOMPARE(dialog.preferences(), Preferences{});
    }

    void windowAppliesPreferences()
    {
        for (int i = 0; i < 6; ++i)
            RecentFiles::add(QStringLiteral("/traces/%1.json").arg(i), 10);
        MainWindow window;
        Preferences p;
        p.theme = Preferences::Theme::Dark;
        p.recentFileCount = 2;
        window.setPreferences(p);
        QVERIFY(window.timeline()->isDarkPalette());
        QVERIFY(QApplication::palette().color(QPalette::Window).lightness() < 128);
        QCOMPARE(RecentFiles::load(), (QStringList{QStringLiteral("/traces/5.json"), QStringLiteral("/traces/4.json")}));
        p.theme = Preferences::Theme::Light;
        window.setPreferences(p);
        QVERIFY(!window.timeline()->isDarkPalette());
        QVERIFY(QApplication::palette().color(QPalette::Window).lightness() >= 128);
    }

    void windowLayoutIsRestored()
    {
        {
            MainWindow first;
            first.show();
            QVERIFY(QTest::qWaitForWindowExposed(&first));
            first.resize(900, 640);
            first.findChild<QDockWidget *>(QStringLiteral("detailsDock"))->hide();
            first.close();
        }
        MainWindow second;
        second.show();
        QVERIFY(QTest::qWaitForWindowExposed(&second));
        QCOMPARE(second.size(), QSize(900, 640));
        QVERIFY(second.findChild<QDockWidget *>(QStringLiteral("detailsDock"))->isHidden());
        QVERIFY(!second.findChild<QDockWidget *>(QStringLiteral("tracksDock"))->isHidden());
    }

    void aboutNamesVersionAndLicences()
    {
        const QString html = AboutDialog::html();
        QVERIFY(html.contains(QStringLiteral(TRACELANE_VERSION)));
        for (const char *text : {"Qt ", "GNU LGPL version 3", "QCustomPlot", "GNU GPL version 3", "nlohmann_json",
                                 "MIT licence", "SQLite", "Public domain", "zlib licence"})
            QVERIFY2(html.contains(QLatin1String(text)), text);
    }
};

TRACELANE_TEST_MAIN(TestPreferences)
#include "tst_preferences.moc"
