#pragma once
// The View menu's switches that outlive a session, kept in QSettings under
// "view/" (not in Preferences: the dialog does not show them, so it must not
// write them back). All start off: they add colour and lanes a first-time
// user has not asked for.

namespace tracelane {

struct ViewOptions
{
    bool idleGaps = false;   // View > Shade Idle Gaps
    bool queueDepth = false; // View > Queue Depth Lanes
    bool collectiveWait = false; // View > Collective Wait

    static ViewOptions load();
    void save() const;
};

} // namespace tracelane
