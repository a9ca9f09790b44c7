// tracelane-cli: every number the GUI shows, headless, as table, CSV or JSON.
#include "commands.h"

#include <cstdlib>
#include <cstring>
#include <iostream>
#include <new>
#include <stdexcept>
#include <string>

using namespace tracelane::cli;

namespace {

void printHelp(std::ostream &out)
{
    out << "usage: tracelane-cli COMMAND TRACE [options]\n\ncommands:\n";
    for (const Command &c : commands())
        out << "  " << c.usage << "\n      " << c.summary << '\n';
    out << "\nExit status: 0 on success, 2 for a usage error, 3 for input that cannot be read,\n"
           "4 when a command fails after reading its input (out of memory, an internal error).\n";
}

// TRACELANE_CLI_TEST_THROW=bad_alloc|length_error|runtime_error makes the command
// throw that before it runs: the tests of the boundary below have no other
// reliable way to make an analysis run out of memory.
void throwForTest()
{
    const char *what = std::getenv("TRACELANE_CLI_TEST_THROW");
    if (!what)
        return;
    const std::string kind(what);
    if (kind == "bad_alloc")
        throw std::bad_alloc();
    if (kind == "length_error")
        throw std::length_error("vector::_M_default_append");
    throw std::runtime_error(kind);
}

// Every command's boundary: an exception that escaped the command's own error
// handling (an analysis running out of memory, a container refusing a size)
// becomes one line and an exit status instead of std::terminate's abort.
int runGuarded(const Command &command, const std::vector<std::string> &args, CommandIo &io)
{
    try {
        throwForTest();
        return command.run(args, io);
    } catch (const std::bad_alloc &) {
        io.err << "tracelane-cli " << command.name << ": out of memory (the trace needs more than is available)\n";
    } catch (const std::exception &e) {
        io.err << "tracelane-cli " << command.name << ": internal error: " << e.what() << '\n';
    }
    return kExitFailed;
}

} // namespace

int main(int argc, char **argv)
{
    std::ios::sync_with_stdio(false);
    if (argc < 2 || !std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "-h") || !std::strcmp(argv[1], "help")) {
        printHelp(argc < 2 ? std::cerr : std::cout);
        return argc < 2 ? kExitUsage : kExitOk;
    }
    if (!std::strcmp(argv[1], "--version")) {
        std::cout << "tracelane-cli " << TRACELANE_VERSION << '\n';
        return kExitOk;
    }
    for (const Command &c : commands()) {
        if (c.name == std::string(argv[1])) {
            CommandIo io{std::cout, std::cerr};
            const int rc = runGuarded(c, std::vector<std::string>(argv + 2, argv + argc), io);
            std::cout.flush();
            return rc;
        }
    }
    std::cerr << "tracelane-cli: unknown command '" << argv[1] << "'\n";
    printHelp(std::cerr);
    return kExitUsage;
}
