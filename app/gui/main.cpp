// tracelane: the desktop viewer. `tracelane [TRACE...]` opens each trace in its own window.
#include "command_line_files.h"
#include "compare_capture.h"
#include "guarded_application.h"
#include "language.h"
#include "main_window.h"
#include "preferences.h"
#include "window_capture.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>

#include <cstdio>

int main(int argc, char **argv)
{
    tracelane::GuardedApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("Tracelane"));
    QApplication::setApplicationName(QStringLiteral("Tracelane"));
    QApplication::setApplicationVersion(QStringLiteral(TRACELANE_VERSION));
    // Matches the installed desktop entry, so docks and Wayland find our icon.
    QApplication::setDesktopFileName(QStringLiteral("org.tracelane.Tracelane"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/tracelane.svg")));
    // Before anything translatable is created, the --help text included.
    tracelane::installTranslations(tracelane::Preferences::load().language);

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate("main", "Viewer for GPU profiling traces"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("traces"), QApplication::translate("main", "Trace files to open"),
                                 QStringLiteral("[trace...]"));
    const QCommandLineOption screenshot(
        QStringLiteral("screenshot"),
        QApplication::translate("main", "Save a picture of the window to <file> once the trace is shown, then quit"),
        QApplication::translate("main", "file"));
    parser.addOption(screenshot);
    const QCommandLineOption select(
        QStringLiteral("select"),
        QApplication::translate("main", "Select the first event whose name matches <pattern> once the trace is shown"),
        QApplication::translate("main", "pattern"));
    parser.addOption(select);
    const QCommandLineOption clickBreakdown(
        QStringLiteral("click-breakdown"),
        QApplication::translate("main", "Click the Breakdown bar of the operator <op> once it is shown"),
        QStringLiteral("op"));
    parser.addOption(clickBreakdown);
    const QCommandLineOption marker(
        QStringLiteral("marker"),
        QApplication::translate("main",
                                "Add a marker once the trace is shown: 'selected' for the selected event, or "
                                "nanoseconds from the trace start; '=name' names it (repeatable)"),
        QApplication::translate("main", "spec"));
    parser.addOption(marker);
    const QCommandLineOption selectArea(
        QStringLiteral("select-area"),
        QApplication::translate("main", "Select the time window <from,to> (ns from the trace start), on the given "
                                        "track ids if more follow, once the trace is shown"),
        QApplication::translate("main", "from,to[,track...]"));
    parser.addOption(selectArea);
    const QCommandLineOption list(
        QStringLiteral("list"),
        QApplication::translate("main",
                                "List every event whose name matches <pattern> in the Instances panel once the "
                                "trace is shown"),
        QApplication::translate("main", "pattern"));
    parser.addOption(list);
    const QCommandLineOption view(
        QStringLiteral("view"),
        QApplication::translate("main", "For a picture: apply <choices> once the trace is shown (all-rows, hide-python, dark)"),
        QApplication::translate("main", "choices"));
    parser.addOption(view);
    const QCommandLineOption windows(
        QStringLiteral("windows"),
        QApplication::translate("main", "Open each trace in a window of its own instead of all in one window"));
    parser.addOption(windows);
    const QCommandLineOption compare(
        QStringLiteral("compare"),
        QApplication::translate("main", "Compare the first trace with <other> once it is shown (File > Compare With…)"),
        QApplication::translate("main", "other"));
    parser.addOption(compare);
    const QCommandLineOption compareName(
        QStringLiteral("compare-name"),
        QApplication::translate("main", "With --compare: click the diff row named <name> once the table is filled"),
        QApplication::translate("main", "name"));
    parser.addOption(compareName);
    parser.process(app);

    QStringList traces = parser.positionalArguments();
    // A file that cannot be opened is an error on the command line, before
    // any window: no empty window is left behind, and scripts see the failure.
    if (const QStringList problems = tracelane::commandLineFileProblems(traces); !problems.isEmpty()) {
        for (const QString &problem : problems)
            std::fprintf(stderr, "tracelane: %s\n", qPrintable(problem));
        return 1;
    }
    if (traces.isEmpty())
        traces.append(QString());
    // Several traces open in one window, a lane group each (the ranks of a
    // run), unless each is to have its own.
    QList<QStringList> windowTraces;
    if (parser.isSet(windows) || traces.size() == 1)
        for (const QString &trace : traces)
            windowTraces.append(QStringList{trace});
    else
        windowTraces.append(traces);
    QPoint firstWindowAt;
    for (qsizetype i = 0; i < windowTraces.size(); ++i) {
        auto *window = new tracelane::MainWindow;
        window->setAttribute(Qt::WA_DeleteOnClose);
        if (i == 0)
            firstWindowAt = window->pos();
        else // cascaded from the first, not stacked on the same spot
            window->move(firstWindowAt + tracelane::cascadeOffset(window, int(i)));
        window->show();
        if (windowTraces[i].size() > 1)
            window->openTraces(windowTraces[i]);
        else if (!windowTraces[i].front().isEmpty())
            window->openFile(windowTraces[i].front());
        if (parser.isSet(select))
            tracelane::selectWhenShown(window, parser.value(select));
        if (parser.isSet(clickBreakdown))
            tracelane::clickBreakdownWhenShown(window, parser.value(clickBreakdown));
        if (parser.isSet(marker))
            tracelane::markWhenShown(window, parser.values(marker));
        if (parser.isSet(selectArea) && !tracelane::selectAreaWhenShown(window, parser.value(selectArea))) {
            std::fprintf(stderr, "tracelane: --select-area takes FROM,TO[,TRACK...] in ns, FROM < TO\n");
            return 2;
        }
        if (parser.isSet(list))
            tracelane::listWhenShown(window, parser.value(list));
        if (parser.isSet(view))
            tracelane::applyViewWhenShown(window, parser.value(view));
        if (i == 0 && parser.isSet(compare)) // takes the picture itself, once the comparison is drawn
            tracelane::compareWhenShown(window, parser.value(compare), parser.value(compareName),
                                        parser.value(screenshot));
        else if (i == 0 && parser.isSet(screenshot))
            tracelane::captureWhenShown(window, parser.value(screenshot));
    }
    return app.exec();
}
