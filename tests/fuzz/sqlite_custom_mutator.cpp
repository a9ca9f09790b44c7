// libFuzzer's custom mutator for the SQLite targets (fuzz build only): two
// mutations in three go through SQL (sqlite_mutator.h), the rest are
// libFuzzer's own byte mutations, which test how damaged files are reported.
#include "sqlite_mutator.h"

#include <cstddef>
#include <cstdint>

extern "C" std::size_t LLVMFuzzerMutate(std::uint8_t *data, std::size_t size, std::size_t maxSize);

extern "C" std::size_t LLVMFuzzerCustomMutator(std::uint8_t *data, std::size_t size, std::size_t maxSize,
                                               unsigned int seed)
{
    if (seed % 3 != 0)
        if (const std::size_t mutated = tracelane::fuzz::mutateDatabase(data, size, maxSize, seed))
            return mutated;
    return LLVMFuzzerMutate(data, size, maxSize);
}
