#include "commands.h"

namespace tracelane::cli {

extern const Command kInfoCommand;
extern const Command kRenderCommand;

const std::vector<Command> &commands()
{
    static const std::vector<Command> all = {
        kInfoCommand,
        kRenderCommand,
    };
    return all;
}

} // namespace tracelane::cli
