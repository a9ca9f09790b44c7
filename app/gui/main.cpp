// tracelane: the desktop viewer. `tracelane [TRACE]` opens a trace at start.
#include "main_window.h"

#include <QApplication>
#include <QCommandLineParser>

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("Tracelane"));
    QApplication::setApplicationName(QStringLiteral("Tracelane"));
    QApplication::setApplicationVersion(QStringLiteral(TRACELANE_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate("main", "Viewer for GPU profiling traces"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("trace"), QApplication::translate("main", "Trace file to open"));
    parser.process(app);

    tracelane::MainWindow window;
    window.show();
    if (!parser.positionalArguments().isEmpty())
        window.openFile(parser.positionalArguments().first());
    return app.exec();
}
