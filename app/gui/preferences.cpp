#include "preferences.h"

#include <QRegularExpression>
#include <QSettings>

#include <algorithm>
#include <array>
#include <utility>

namespace tracelane {
namespace {

// Stored as words, not enum numbers, so the settings file stays readable and
// reordering the enums cannot change what a saved value means.
constexpr std::array<std::pair<Preferences::Theme, const char *>, 3> kThemes{{
    {Preferences::Theme::System, "system"},
    {Preferences::Theme::Light, "light"},
    {Preferences::Theme::Dark, "dark"},
}};
constexpr std::array<std::pair<Preferences::TimeUnit, const char *>, 5> kUnits{{
    {Preferences::TimeUnit::Automatic, "auto"},
    {Preferences::TimeUnit::Nanoseconds, "ns"},
    {Preferences::TimeUnit::Microseconds, "us"},
    {Preferences::TimeUnit::Milliseconds, "ms"},
    {Preferences::TimeUnit::Seconds, "s"},
}};

template <typename Enum, std::size_t N>
Enum fromWord(const std::array<std::pair<Enum, const char *>, N> &table, const QString &word, Enum fallback)
{
    for (const auto &[value, name] : table) {
        if (word == QLatin1String(name))
            return value;
    }
    return fallback;
}

template <typename Enum, std::size_t N>
QString toWord(const std::array<std::pair<Enum, const char *>, N> &table, Enum value)
{
    for (const auto &[candidate, name] : table) {
        if (candidate == value)
            return QLatin1String(name);
    }
    return {};
}

} // namespace

QString Preferences::defaultIterationPattern()
{
    return QStringLiteral("Iteration (\\d+)|ProfilerStep#(\\d+)");
}

QString Preferences::iterationPatternKey()
{
    return QStringLiteral("preferences/iterationPattern");
}

Preferences Preferences::load()
{
    const QSettings settings;
    Preferences p;
    p.theme = fromWord(kThemes, settings.value(QStringLiteral("preferences/theme")).toString(), p.theme);
    p.timeUnit = fromWord(kUnits, settings.value(QStringLiteral("preferences/timeUnit")).toString(), p.timeUnit);
    const QString pattern = settings.value(iterationPatternKey(), p.iterationPattern).toString();
    if (!pattern.isEmpty() && QRegularExpression(pattern).isValid())
        p.iterationPattern = pattern;
    p.recentFileCount = std::clamp(settings.value(QStringLiteral("preferences/recentFileCount"), p.recentFileCount).toInt(),
                                   kMinRecentFiles, kMaxRecentFiles);
    p.language = settings.value(QStringLiteral("preferences/language")).toString();
    return p;
}

void Preferences::save() const
{
    QSettings settings;
    settings.setValue(QStringLiteral("preferences/theme"), toWord(kThemes, theme));
    settings.setValue(QStringLiteral("preferences/timeUnit"), toWord(kUnits, timeUnit));
    settings.setValue(iterationPatternKey(), iterationPattern);
    settings.setValue(QStringLiteral("preferences/recentFileCount"), recentFileCount);
    settings.setValue(QStringLiteral("preferences/language"), language);
}

} // namespace tracelane
