#pragma once
// Thrown by importers for input they cannot load. The message is for people:
// it says where (byte offset, line or row) and what was expected.

#include <stdexcept>
#include <string>

namespace tracelane {

class ImportError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

// Thrown when the user cancelled; not an error to report.
class ImportCancelled : public std::runtime_error
{
public:
    ImportCancelled() : std::runtime_error("import cancelled") {}
};

} // namespace tracelane
