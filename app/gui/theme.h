#pragma once
// Light, dark or the desktop's own look for the whole application.

#include "preferences.h"

namespace tracelane {

// Light and Dark use the Fusion style with a fixed palette, so they look the
// same on every desktop; System restores the style and palette Qt chose at
// start. Returns whether the result is dark (the timeline follows it).
bool applyTheme(Preferences::Theme theme);

} // namespace tracelane
