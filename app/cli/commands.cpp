#include "commands.h"

namespace tracelane::cli {

extern const Command kInfoCommand;

const std::vector<Command> &commands()
{
    static const std::vector<Command> all = {
        kInfoCommand,
    };
    return all;
}

} // namespace tracelane::cli
