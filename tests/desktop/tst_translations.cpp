// The embedded translations: the main window's menus in German and Chinese,
// English when asked for, and the system locale followed when nothing is chosen.
#include "qcustomplot_include.h" // first: see there

#include "language.h"
#include "main_window.h"

#include "timeline/timeline_model.h"
#include "timeline/track_grouping.h"

#include "test_registry.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QLibraryInfo>
#include <QMenu>
#include <QMenuBar>
#include <QSet>
#include <QTabBar>
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

void addActionTexts(const QList<QAction *> &actions, QStringList &texts)
{
    for (const QAction *action : actions) {
        if (action->isSeparator())
            continue;
        texts << action->text();
        if (action->menu())
            addActionTexts(action->menu()->actions(), texts);
    }
}

// Every string a user sees in the window: labels, buttons, menus and their
// actions, dock titles, tab texts, table headers and the timeline's lane names.
QStringList visibleTexts(const MainWindow &window)
{
    QStringList texts;
    addActionTexts(window.menuBar()->actions(), texts);
    for (const QLabel *label : window.findChildren<QLabel *>())
        if (label->isVisibleTo(&window) && label->textFormat() != Qt::RichText)
            texts << label->text();
    for (const QAbstractButton *button : window.findChildren<QAbstractButton *>())
        if (button->isVisibleTo(&window))
            texts << button->text();
    for (const QDockWidget *dock : window.findChildren<QDockWidget *>())
        texts << dock->windowTitle();
    for (const QTabBar *tabs : window.findChildren<QTabBar *>())
        for (int i = 0; i < tabs->count(); ++i)
            texts << tabs->tabText(i);
    for (const QAbstractItemView *view : window.findChildren<QAbstractItemView *>()) {
        const QAbstractItemModel *model = view->model();
        for (int c = 0; model && c < model->columnCount(); ++c)
            texts << model->headerData(c, Qt::Horizontal).toString();
    }
    for (const QWidget *widget : window.findChildren<QWidget *>())
        if (widget->isVisibleTo(&window) && !widget->toolTip().isEmpty() && !Qt::mightBeRichText(widget->toolTip()))
            texts << widget->toolTip();
    return texts;
}

// The text the charts draw themselves: titles, axis labels and notes. (Legend
// entries are names from the file.)
QStringList chartTexts(const MainWindow &window)
{
    QStringList texts;
    for (QCustomPlot *plot : window.findChildren<QCustomPlot *>()) {
        if (!plot->isVisibleTo(&window))
            continue;
        for (int i = 0; i < plot->plotLayout()->elementCount(); ++i)
            if (auto *title = qobject_cast<QCPTextElement *>(plot->plotLayout()->elementAt(i)))
                texts << title->text();
        for (QCPAxis *axis : plot->axisRect()->axes())
            texts << axis->label();
        for (int i = 0; i < plot->itemCount(); ++i)
            if (auto *note = qobject_cast<QCPItemText *>(plot->item(i)))
                texts << note->text();
    }
    return texts;
}

// The lane names the application makes (not the file's own names).
QStringList laneNames(const Trace &trace)
{
    QStringList names;
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
        const Track &track = trace.tracks[t];
        if (track.kind == TrackKind::CpuThread || track.kind == TrackKind::GpuRanges
            || track.kind == TrackKind::Instants || (track.kind == TrackKind::ThreadRanges && !track.domain))
            names << TrackGrouping::trackLabel(trace, t);
    }
    return names;
}

// Strings that read the same in every language: names from the file, product
// and API names, numbers and units.
bool staysTheSame(const QString &text, const Trace &trace)
{
    static const QSet<QString> names = {QStringLiteral("CUDA API"), QStringLiteral("GPU"), QStringLiteral("Tracelane"),
                                        QStringLiteral("SQL"), QStringLiteral("CSV"), QStringLiteral("JSON"),
                                        QStringLiteral("OK")};
    QString plain = text;
    plain.remove(QLatin1Char('&'));
    if (plain.trimmed().isEmpty() || !plain.contains(QRegularExpression(QStringLiteral("[A-Za-z]{2}"))))
        return true;
    if (names.contains(plain) || plain.contains(QRegularExpression(QStringLiteral("^(Stream|GPU) \\d+"))))
        return true;
    if (text.contains(QString::fromStdString(trace.source.path).section(QLatin1Char('/'), -1)))
        return true; // the file's name
    // Other traces' file names (File > Open Recent lists what earlier tests opened).
    if (text.contains(QRegularExpression(QStringLiteral("\\.(json|json\\.gz|sqlite|nvvp)$"))))
        return true;
    return trace.strings.find(text.toStdString()).has_value(); // a name from the file
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

    // A string shown in English under German or Chinese was missed by tr() or by
    // a translator: the window with a trace loaded is walked in all three.
    void everyVisibleStringIsTranslated()
    {
        auto textsIn = [](const QString &code) {
            installTranslations(code);
            MainWindow window;
            window.resize(1600, 1000);
            window.show();
            QSignalSpy loaded(&window, &MainWindow::traceLoaded);
            window.openFile(QStringLiteral(TRACELANE_SHARED_TRACES "/kineto/resnet50_train.json.gz"));
            if (!loaded.wait(30000))
                qFatal("the trace did not load");
            QTest::qWait(1500); // the charts and tables are filled after the load, on worker threads
            const Trace &trace = window.model()->trace();
            QStringList texts = laneNames(trace);
            for (const QString &t : visibleTexts(window) + chartTexts(window))
                if (!staysTheSame(t, trace))
                    texts << t;
            return texts;
        };
        const QStringList english = textsIn(QStringLiteral("en"));
        QVERIFY(english.size() > 100);
        // German words that are spelt as in English.
        const QSet<QString> sameInGerman = {QStringLiteral("Details"), QStringLiteral("Kernels"),
                                            QStringLiteral("Code"), QStringLiteral("Name"), QStringLiteral("Stream"),
                                            QStringLiteral("Grid"), QStringLiteral("Block"),
                                            QStringLiteral("Argument"), QStringLiteral("Overheads"),
                                            QStringLiteral("Iteration"), QStringLiteral("Min (ns)"),
                                            QStringLiteral("Max (ns)"), QStringLiteral("Problem"),
                                            QStringLiteral("Median"),
                                            QStringLiteral("Tensor Cores")}; // NVIDIA's name for the units
        QStringList failures;
        for (const QString &code : {QStringLiteral("de"), QStringLiteral("zh_CN")}) {
            QStringList untranslated;
            for (const QString &t : textsIn(code))
                if (english.contains(t) && !untranslated.contains(t) && !(code == u"de" && sameInGerman.contains(t)))
                    untranslated << t;
            if (!untranslated.isEmpty())
                failures << code + QStringLiteral(": ") + untranslated.join(QStringLiteral(" | "));
        }
        QVERIFY2(failures.isEmpty(), qPrintable(failures.join(QLatin1Char('\n'))));
    }

    // Qt's own buttons and dialogs follow the chosen language where the system
    // has Qt's translations (qt6-translations-l10n).
    void qtsOwnStringsAreTranslated()
    {
        const QString dir = QLibraryInfo::path(QLibraryInfo::TranslationsPath);
        // scripts/install-deps.sh installs them: a machine set up as the README says has them.
        QVERIFY2(QFile::exists(dir + QStringLiteral("/qtbase_de.qm")),
                 "Qt's translations (qt6-translations-l10n) are not installed; run scripts/install-deps.sh");
        installTranslations(QStringLiteral("de"));
        QCOMPARE(QCoreApplication::translate("QPlatformTheme", "Restore Defaults"),
                 QStringLiteral("Voreinstellungen"));
        installTranslations(QStringLiteral("zh_CN"));
        QVERIFY(QCoreApplication::translate("QPlatformTheme", "Cancel") != QStringLiteral("Cancel"));
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
namespace {
int runTranslationsTest(int argc, char **argv)
{
    qputenv("LANGUAGE", "de_AT:de");
    qputenv("LANG", "de_AT.UTF-8");
    QApplication app(argc, argv);
    TestTranslations test;
    return QTest::qExec(&test, argc, argv);
}
} // namespace
TRACELANE_TEST_FUNCTION(runTranslationsTest)
#include "tst_translations.moc"
