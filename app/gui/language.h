#pragma once
// Which translation the user interface uses: the system locale's, or the one
// chosen in Preferences. Translations are embedded as :/i18n/tracelane_<code>.qm.

#include <QList>
#include <QString>

namespace tracelane {

struct LanguageChoice
{
    QString code;       // "en", "de", "zh_CN"
    QString nativeName; // as the language calls itself
};

// The languages shipped, English (the source language) first.
QList<LanguageChoice> availableLanguages();

// Installs Tracelane's translation (and Qt's own, where the system has it) for
// `code`, or for the system locale when `code` is empty. Replaces what an
// earlier call installed. Returns the code of the translation in use ("en" if none).
QString installTranslations(const QString &code);

} // namespace tracelane
