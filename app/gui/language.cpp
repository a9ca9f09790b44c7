#include "language.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

#include <memory>

namespace tracelane {
namespace {

QString qmDirectory()
{
    return QStringLiteral(":/i18n");
}

// The translators currently installed; replaced as a whole on every call.
std::unique_ptr<QTranslator> &appTranslator()
{
    static std::unique_ptr<QTranslator> translator;
    return translator;
}

std::unique_ptr<QTranslator> &qtTranslator()
{
    static std::unique_ptr<QTranslator> translator;
    return translator;
}

void uninstall(std::unique_ptr<QTranslator> &translator)
{
    if (translator)
        QCoreApplication::removeTranslator(translator.get());
    translator.reset();
}

} // namespace

QList<LanguageChoice> availableLanguages()
{
    return {
        {QStringLiteral("en"), QStringLiteral("English")},
        {QStringLiteral("de"), QStringLiteral("Deutsch")},
        {QStringLiteral("zh_CN"), QStringLiteral("简体中文")},
    };
}

QString installTranslations(const QString &code)
{
    uninstall(appTranslator());
    uninstall(qtTranslator());
    if (code == QLatin1String("en"))
        return code;

    const QLocale locale = code.isEmpty() ? QLocale::system() : QLocale(code);
    auto app = std::make_unique<QTranslator>();
    // load(QLocale, ...) walks the locale's UI languages ("de-AT" → "de").
    if (!app->load(locale, QStringLiteral("tracelane"), QStringLiteral("_"), qmDirectory()))
        return QStringLiteral("en");
    QCoreApplication::installTranslator(app.get());
    const QString used = app->language();
    appTranslator() = std::move(app);

    // Qt's own strings (standard buttons, file dialogs) come from the system's
    // qt6-translations-l10n package; without it they stay English.
    auto qt = std::make_unique<QTranslator>();
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QCoreApplication::installTranslator(qt.get());
        qtTranslator() = std::move(qt);
    }
    return used.isEmpty() ? locale.name() : used;
}

} // namespace tracelane
