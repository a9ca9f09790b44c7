// main() of every test executable: runs the registered test named by the
// first argument with the remaining arguments (Qt Test's own options).
#include "test_registry.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <vector>

namespace tracelane::test {
namespace {

std::map<std::string, TestEntry> &registry()
{
    static std::map<std::string, TestEntry> tests;
    return tests;
}

std::string testName(const char *sourceFile)
{
    std::string name(sourceFile);
    if (const auto slash = name.find_last_of('/'); slash != std::string::npos)
        name.erase(0, slash + 1);
    if (const auto dot = name.find_last_of('.'); dot != std::string::npos)
        name.erase(dot);
    return name;
}

int usage(const char *program)
{
    std::fprintf(stderr, "usage: %s TEST [Qt Test options]\n       %s --list\ntests:\n", program, program);
    for (const auto &entry : registry())
        std::fprintf(stderr, "  %s\n", entry.first.c_str());
    return 2;
}

} // namespace

bool registerTest(const char *sourceFile, TestEntry entry)
{
    return registry().emplace(testName(sourceFile), entry).second;
}

} // namespace tracelane::test

int main(int argc, char *argv[])
{
    using namespace tracelane::test;
    if (argc >= 2 && std::strcmp(argv[1], "--list") == 0) {
        for (const auto &entry : registry())
            std::printf("%s\n", entry.first.c_str());
        return 0;
    }
    if (argc < 2)
        return usage(argv[0]);
    const auto found = registry().find(argv[1]);
    if (found == registry().end()) {
        std::fprintf(stderr, "%s: no test named %s\n", argv[0], argv[1]);
        return usage(argv[0]);
    }
    // Qt Test sees the program name and its own options, as under QTEST_MAIN.
    std::vector<char *> args;
    args.push_back(argv[0]);
    std::copy(argv + 2, argv + argc, std::back_inserter(args));
    args.push_back(nullptr);
    return found->second(static_cast<int>(args.size()) - 1, args.data());
}
