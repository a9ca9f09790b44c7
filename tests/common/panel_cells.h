#pragma once
// A cell of a panel's table read as a number.

#include <QString>

namespace tracelane::test {

// -1 when the text is not a whole number.
inline qint64 number(const QString &text)
{
    bool ok = false;
    const qint64 value = text.toLongLong(&ok);
    return ok ? value : -1;
}

} // namespace tracelane::test
