#pragma once
// Loads each shared trace once per test program: several test functions, and
// the rows of data-driven tests, read the same file.

#include "import/importer.h"

#include <QString>
#include <QtGlobal>

#include <map>
#include <memory>

namespace tracelane::test {

inline const ImportResult &cachedImport(const QString &path)
{
    static std::map<QString, ImportResult> cache;
    auto it = cache.find(path);
    if (it == cache.end())
        it = cache.emplace(path, loadTrace(path.toStdString())).first;
    return it->second;
}

// Null when the file does not load; cachedImport(path).error says why.
inline std::shared_ptr<const Trace> cachedTrace(const QString &path)
{
    return cachedImport(path).trace;
}

// As cachedTrace, and says why when the file does not load.
inline std::shared_ptr<const Trace> cachedTraceOrWarn(const QString &path)
{
    auto trace = cachedTrace(path);
    if (!trace)
        qWarning("%s: %s", qPrintable(path), cachedImport(path).error.c_str());
    return trace;
}

} // namespace tracelane::test
