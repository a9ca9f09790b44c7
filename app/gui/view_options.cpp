#include "view_options.h"

#include <QSettings>

namespace tracelane {

ViewOptions ViewOptions::load()
{
    const QSettings settings;
    ViewOptions o;
    o.idleGaps = settings.value(QStringLiteral("view/idleGaps"), o.idleGaps).toBool();
    o.queueDepth = settings.value(QStringLiteral("view/queueDepth"), o.queueDepth).toBool();
    o.collectiveWait = settings.value(QStringLiteral("view/collectiveWait"), o.collectiveWait).toBool();
    return o;
}

void ViewOptions::save() const
{
    QSettings settings;
    settings.setValue(QStringLiteral("view/idleGaps"), idleGaps);
    settings.setValue(QStringLiteral("view/queueDepth"), queueDepth);
    settings.setValue(QStringLiteral("view/collectiveWait"), collectiveWait);
}

} // namespace tracelane
