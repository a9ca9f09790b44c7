#pragma once
// tracelane-cli subcommands. Each lives in its own command_*.cpp and is listed
// once in commands.cpp.

#include <iosfwd>
#include <string>
#include <vector>

namespace tracelane::cli {

struct CommandIo
{
    std::ostream &out;
    std::ostream &err;
};

struct Command
{
    const char *name;
    const char *usage;   // "info TRACE [--format table|json]"
    const char *summary; // one line for `tracelane-cli --help`
    int (*run)(const std::vector<std::string> &args, CommandIo &io);
};

const std::vector<Command> &commands();

// Exit codes shared by all commands.
constexpr int kExitOk = 0;
constexpr int kExitUsage = 2;
constexpr int kExitBadInput = 3;
constexpr int kExitFailed = 4; // the command stopped after reading the trace: out of memory, an internal error

} // namespace tracelane::cli
