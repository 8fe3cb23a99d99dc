#include "second_solver.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

extern char** environ;

namespace swz::verify::catalogue {

namespace {

struct child_result {
    int status = 0;
    std::string output;
    double cpu_seconds = 0;
};

// Runs argv with stdout and stderr on one pipe, under a CPU-time limit.
// posix_spawn, not fork: the caller has threads and Z3's memory, which a
// fork would copy page table by page table for every obligation.
child_result run_child(std::vector<std::string> const& args, unsigned cpu_limit_s) {
    std::vector<char*> argv;
    for (auto const& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) throw std::runtime_error("pipe failed");
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, fds[1], STDERR_FILENO);
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    pid_t pid = 0;
    int const err = posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    close(fds[1]);
    child_result r;
    if (err != 0) {
        close(fds[0]);
        r.status = 127 << 8;  // as a shell reports a command it cannot run
        r.output = "cannot run " + args.front() + ": " + std::strerror(err);
        return r;
    }
    // CPU time counts from the start, so a limit set now still holds it:
    // SIGXCPU at the limit, SIGKILL a second later.
    rlimit const cpu{cpu_limit_s, cpu_limit_s + 1};
    prlimit(pid, RLIMIT_CPU, &cpu, nullptr);
    char buf[4096];
    for (;;) {
        ssize_t const n = read(fds[0], buf, sizeof buf);
        if (n > 0) r.output.append(buf, std::size_t(n));
        else if (n == 0 || errno != EINTR) break;
    }
    close(fds[0]);
    rusage usage{};
    while (wait4(pid, &r.status, 0, &usage) < 0 && errno == EINTR) {}
    r.cpu_seconds = double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
                    double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
    return r;
}

std::string first_line(std::string const& s) {
    auto const end = s.find('\n');
    return end == std::string::npos ? s : s.substr(0, end);
}

}  // namespace

second_solver::second_solver(std::string program, std::vector<std::string> arguments, unsigned cpu_limit_s)
    : program_(std::move(program)), arguments_(std::move(arguments)), cpu_limit_s_(cpu_limit_s) {}

solver_run second_solver::run(std::filesystem::path const& file) const {
    std::vector<std::string> args{program_};
    args.insert(args.end(), arguments_.begin(), arguments_.end());
    args.push_back(file.string());
    child_result const c = run_child(args, cpu_limit_s_);
    solver_run r;
    r.output = c.output;
    r.cpu_seconds = c.cpu_seconds;
    // Killed at the limit, or cvc5 caught SIGXCPU itself and said so.
    bool const said_timeout = c.output.find("interrupted by timeout") != std::string::npos;
    if ((WIFSIGNALED(c.status) && (WTERMSIG(c.status) == SIGXCPU || WTERMSIG(c.status) == SIGKILL)) || said_timeout) {
        r.result = solver_run::outcome::timed_out;
        return r;
    }
    std::string const line = first_line(c.output);
    if (WIFEXITED(c.status) && WEXITSTATUS(c.status) == 0 && (line == "sat" || line == "unsat" || line == "unknown")) {
        r.result = solver_run::outcome::answered;
        r.answer = line;
        return r;
    }
    // cvc5 compares its answer with the file's (set-info :status ...) itself
    // and, when they differ, aborts with "Expected result sat but got unsat":
    // that is an answer, the one after "got".
    std::string const mismatch = "Expected result ";
    if (auto const at = c.output.find(mismatch); at != std::string::npos) {
        auto const got = c.output.find(" but got ", at);
        if (got != std::string::npos) {
            std::string word = c.output.substr(got + 9);
            word = word.substr(0, word.find_first_of(" \n"));
            if (word == "sat" || word == "unsat" || word == "unknown") {
                r.result = solver_run::outcome::answered;
                r.answer = word;
                return r;
            }
        }
    }
    r.result = solver_run::outcome::failed;
    return r;
}

std::string second_solver::version() const {
    child_result const c = run_child({program_, "--version"}, 10);
    std::string const line = first_line(c.output);
    auto const at = line.find("version ");
    return at == std::string::npos ? program_ : "cvc5 " + line.substr(at + 8);
}

second_solver cvc5_solver(std::string program, unsigned cpu_limit_s) {
    return second_solver(std::move(program), {"--lang", "smt2", "--bitblast=eager"}, cpu_limit_s);
}

std::optional<std::string> find_executable(std::string const& name) {
    auto const runnable = [](std::string const& p) { return access(p.c_str(), X_OK) == 0 && !std::filesystem::is_directory(p); };
    if (name.find('/') != std::string::npos) return runnable(name) ? std::optional<std::string>(name) : std::nullopt;
    char const* path = std::getenv("PATH");
    std::string dirs = path ? path : "/usr/bin:/bin";
    std::size_t start = 0;
    while (start <= dirs.size()) {
        std::size_t const end = std::min(dirs.find(':', start), dirs.size());
        std::string const dir = dirs.substr(start, end - start);
        std::string const candidate = (dir.empty() ? "." : dir) + "/" + name;
        if (runnable(candidate)) return candidate;
        start = end + 1;
    }
    return std::nullopt;
}

}  // namespace swz::verify::catalogue
