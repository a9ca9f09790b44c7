#include "nsys_export_process.h"

#include "import/import_error.h"

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

extern char **environ;

namespace tracelane {

std::string findOnPath(const std::string &program)
{
    const char *path = std::getenv("PATH");
    if (!path || program.empty())
        return {};
    std::string dirs(path);
    std::size_t start = 0;
    while (start <= dirs.size()) {
        std::size_t end = dirs.find(':', start);
        if (end == std::string::npos)
            end = dirs.size();
        const std::string dir = dirs.substr(start, end - start);
        const std::string candidate = (dir.empty() ? std::string(".") : dir) + "/" + program;
        if (::access(candidate.c_str(), X_OK) == 0)
            return candidate;
        start = end + 1;
    }
    return {};
}

ProcessResult runProcess(const std::vector<std::string> &argv, ImportControl &control,
                         const std::function<void(double seconds)> &waiting)
{
    ProcessResult result;
    int pipeFds[2];
    if (argv.empty() || ::pipe2(pipeFds, O_CLOEXEC) != 0)
        return result;
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, pipeFds[1], STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, pipeFds[1], STDERR_FILENO);
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    std::vector<char *> args;
    for (const std::string &arg : argv)
        args.push_back(const_cast<char *>(arg.c_str()));
    args.push_back(nullptr);
    pid_t pid = 0;
    const int spawned = posix_spawn(&pid, args[0], &actions, nullptr, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(pipeFds[1]);
    if (spawned != 0) {
        ::close(pipeFds[0]);
        return result;
    }
    const auto started = std::chrono::steady_clock::now();
    char buffer[4096];
    bool open = true;
    int status = 0;
    for (;;) {
        if (control.isCancelled()) {
            ::kill(pid, SIGTERM);
            std::this_thread::sleep_for(std::chrono::milliseconds(200));
            ::kill(pid, SIGKILL);
            ::waitpid(pid, &status, 0);
            ::close(pipeFds[0]);
            throw ImportCancelled();
        }
        if (open) {
            pollfd fd{pipeFds[0], POLLIN, 0};
            if (::poll(&fd, 1, 100) > 0) {
                const ssize_t n = ::read(pipeFds[0], buffer, sizeof buffer);
                if (n <= 0)
                    open = false;
                else
                    result.output.append(buffer, std::size_t(n));
                if (result.output.size() > 8192)
                    result.output.erase(0, result.output.size() - 8192);
            }
        } else {
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
        const pid_t done = ::waitpid(pid, &status, WNOHANG);
        if (done == pid)
            break;
        if (waiting)
            waiting(std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
    }
    ::close(pipeFds[0]);
    result.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return result;
}

} // namespace tracelane
