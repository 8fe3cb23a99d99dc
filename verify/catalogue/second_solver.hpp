// The second, independent solver: cvc5 run as its own process on one
// SMT-LIB2 file, with a CPU-time limit. A timeout or a crash is reported as
// such, never as an answer.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace swz::verify::catalogue {

struct solver_run {
    enum class outcome { answered, timed_out, failed } result = outcome::failed;
    std::string answer;   // "sat", "unsat" or "unknown" when answered
    std::string output;   // what it printed, for messages
    double cpu_seconds = 0;
};

class second_solver {
public:
    // `program` is run with `arguments` and the file; killed after `cpu_limit_s`
    // seconds of CPU time.
    second_solver(std::string program, std::vector<std::string> arguments, unsigned cpu_limit_s);

    solver_run run(std::filesystem::path const& file) const;

    // "cvc5 1.0.3", from its --version.
    std::string version() const;

    std::string const& program() const { return program_; }
    unsigned cpu_limit_s() const { return cpu_limit_s_; }

private:
    std::string program_;
    std::vector<std::string> arguments_;
    unsigned cpu_limit_s_;
};

// cvc5 as the catalogue runs it. --bitblast=eager: these obligations are
// pure bit-vector formulas, and cvc5's default lazy mode is up to 100x slower
// on the bank-group queries (measured); it changes how cvc5 searches, not
// what it proves.
second_solver cvc5_solver(std::string program, unsigned cpu_limit_s);

// The path of an executable: `name` itself when it holds a '/', else the
// first match on $PATH.
std::optional<std::string> find_executable(std::string const& name);

}  // namespace swz::verify::catalogue
