#pragma once
// Mutates an SQLite database file through SQL, the way real exports differ
// from the ones the importers were written against: a column dropped or
// renamed, a table dropped or renamed, NULLs, text or blobs or reals in integer
// columns, values at +-2^63, ends before starts, rows duplicated or deleted.
// Byte-level mutations alone mostly produce databases SQLite rejects as
// corrupt; these keep the file valid and reach the importers' row handling.

#include <cstddef>
#include <cstdint>

namespace tracelane::fuzz {

// Applies one to three SQL mutations chosen by `seed` to the database in
// data[0, size) and writes the result back if it fits in maxSize. Returns the
// new size, or 0 when the bytes are not a database SQLite can change.
std::size_t mutateDatabase(std::uint8_t *data, std::size_t size, std::size_t maxSize, unsigned seed);

} // namespace tracelane::fuzz
