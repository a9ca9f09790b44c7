#pragma once
// What the Findings panel says about each rule in the user's language: a short
// title and the usual fix. The core's message (with the figures) stays as the
// CLI prints it, below the title.

#include <QCoreApplication>
#include <QString>

#include <string_view>

namespace tracelane {

class FindingText
{
    Q_DECLARE_TR_FUNCTIONS(FindingText)

public:
    // "Synchronous memcpy"; the rule's own name when it is not known.
    static QString title(std::string_view rule);
    // The usual fix, translated; `fallback` (the core's English text) for an unknown rule.
    static QString fix(std::string_view rule, const std::string &fallback);
    static QString severity(int severity); // Severity as int: low, medium, high
};

} // namespace tracelane
