// Runs a fuzz target's entry point on files, without libFuzzer: the normal
// (gcc) build links this instead of -fsanitize=fuzzer, so ctest replays every
// input in tests/fuzz/regressions on each build. Arguments are files or
// directories (searched recursively, README files skipped); a directory that
// does not exist is skipped (a target without findings has no regressions/).
// A finding aborts, which fails the test; the file being run is printed first.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size);

namespace fs = std::filesystem;

int main(int argc, char **argv)
{
    std::vector<fs::path> files;
    for (int i = 1; i < argc; ++i) {
        const fs::path arg = argv[i];
        if (fs::is_directory(arg)) {
            for (const auto &entry : fs::recursive_directory_iterator(arg))
                if (entry.is_regular_file() && entry.path().filename().string().rfind("README", 0) != 0)
                    files.push_back(entry.path());
        } else if (fs::exists(arg)) {
            files.push_back(arg);
        } else {
            std::printf("%s: absent, skipped\n", argv[i]);
        }
    }
    std::sort(files.begin(), files.end());
    std::size_t rejected = 0;
    for (const fs::path &file : files) {
        std::printf("%s", file.c_str());
        std::fflush(stdout);
        std::ifstream in(file, std::ios::binary);
        const std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        // -1: the target did not take the input (another importer claims it).
        const bool taken = LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t *>(bytes.data()), bytes.size()) == 0;
        rejected += taken ? 0 : 1;
        std::printf(taken ? "\n" : " (not taken by this target)\n");
    }
    std::printf("%zu inputs replayed, %zu not taken\n", files.size(), rejected);
    return 0;
}
