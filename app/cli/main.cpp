// tracelane-cli: every number the GUI shows, headless, as table, CSV or JSON.
#include "commands.h"

#include <cstring>
#include <iostream>

using namespace tracelane::cli;

namespace {

void printHelp(std::ostream &out)
{
    out << "usage: tracelane-cli COMMAND TRACE [options]\n\ncommands:\n";
    for (const Command &c : commands())
        out << "  " << c.usage << "\n      " << c.summary << '\n';
    out << "\nExit status: 0 on success, 2 for a usage error, 3 for input that cannot be read.\n";
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
            const int rc = c.run(std::vector<std::string>(argv + 2, argv + argc), io);
            std::cout.flush();
            return rc;
        }
    }
    std::cerr << "tracelane-cli: unknown command '" << argv[1] << "'\n";
    printHelp(std::cerr);
    return kExitUsage;
}
