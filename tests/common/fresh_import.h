#pragma once
// A trace imported afresh (not from the test cache), for tests that check the
// importer itself. Null, with the importer's error as a warning, when it fails.

#include "import/importer.h"

#include <QString>
#include <QtGlobal>

#include <memory>
#include <string>

namespace tracelane::test {

inline std::shared_ptr<const Trace> freshTrace(const std::string &path)
{
    const ImportResult result = loadTrace(path);
    if (!result.ok())
        qWarning("%s", result.error.c_str());
    return result.ok() ? result.trace : nullptr;
}

inline std::shared_ptr<const Trace> freshTrace(const QString &path)
{
    return freshTrace(path.toStdString());
}

} // namespace tracelane::test
