#pragma once
// The user's choices from Edit > Preferences, kept in QSettings under
// "preferences/". Other parts read them from there too: the analysis panels
// take the iteration pattern from iterationPatternKey().

#include "time_format.h"

#include <QString>

namespace tracelane {

struct Preferences
{
    enum class Theme { System, Light, Dark };
    // How times are written in the panels and the status bar.
    using TimeUnit = TimeFormat::Unit;

    static constexpr int kMinRecentFiles = 1;
    static constexpr int kMaxRecentFiles = 30;

    Theme theme = Theme::System;
    TimeUnit timeUnit = TimeUnit::Automatic;
    // Names of the ranges that mark training iterations; the first non-empty
    // capture is the iteration number.
    QString iterationPattern = defaultIterationPattern();
    int recentFileCount = 10;
    // A translation's language code ("de", "zh_CN"), "en" for none, or empty
    // to follow the system locale.
    QString language;

    static QString defaultIterationPattern();
    static QString iterationPatternKey();

    static Preferences load();
    void save() const;

    bool operator==(const Preferences &) const = default;
};

} // namespace tracelane
