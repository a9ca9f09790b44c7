#pragma once
// What every fuzz target does with its input: write it to a file (importers
// read paths, as they do for a user's trace), import it the way loadTrace()
// does, and check the model that comes out. Shared by the libFuzzer build and
// the plain replay of tests/fuzz/regressions, so both run the same code.

#include "model/trace.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace tracelane::fuzz {

// Writes the bytes to this process's input file (in /dev/shm when there is
// one: a file system in memory keeps a run fast) and returns its path.
// `suffix` only makes the file easy to recognise; importers ignore names.
std::string writeInput(const std::uint8_t *data, std::size_t size, std::string_view suffix);

struct Loaded
{
    bool claimed = false;                // the expected importer was the one detected
    std::shared_ptr<const Trace> trace;  // null when the import failed (a clean error)
    std::string error;
};

// Probes `path` and, when detection picks the importer `importerId`, loads it
// with loadTrace(). Any other outcome is a clean rejection, not a finding.
Loaded loadAs(const std::string &path, std::string_view importerId);

// The whole of an importer's fuzz target: write, load as `importerId`, check
// the model. Returns -1 (libFuzzer: keep out of the corpus) for input another
// importer claims, else 0.
int fuzzImporter(const std::uint8_t *data, std::size_t size, std::string_view suffix, std::string_view importerId);

// Aborts when the model breaks an invariant that views and analyses rely on
// (tracks sorted by start, references in range, arguments decodable).
void checkModel(const Trace &trace);

} // namespace tracelane::fuzz
