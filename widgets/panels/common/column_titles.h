#pragma once
// Report columns as table headers in the user's language. The reports name
// their columns as the CLI and `nsys stats` print them ("Total Time (ns)");
// the header translates the name and keeps the unit, while CSV exports and the
// SQL tables keep the original names. Names it does not know (a SQL query's
// own columns, phase names from the file) stay as they are.

#include <QString>

#include <string>

namespace tracelane {

QString columnTitle(const std::string &column);

// A text cell in the user's language where the reports write a fixed word
// ("Yes" and "No" of the Tensor Cores column); any other text as it is.
QString cellText(const std::string &text);

} // namespace tracelane
