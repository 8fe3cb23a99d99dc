// swz-verify as a script runs it, and scratch folders for one test.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace swz::testing {

struct run_result {
    int code;
    std::string out;
    std::string err;
};

inline std::string slurp(std::filesystem::path const& path) {
    std::ifstream f(path, std::ios::binary);
    std::stringstream s;
    s << f.rdbuf();
    return s.str();
}

inline void spit(std::filesystem::path const& path, std::string const& text) {
    std::ofstream f(path, std::ios::binary);
    f << text;
}

// A fresh folder of its own for each call (ctest runs test cases in
// parallel, each in its own process), removed when the process ends.
inline std::filesystem::path scratch_folder(std::string const& name) {
    struct made {
        std::vector<std::filesystem::path> folders;
        ~made() {
            std::error_code ec;
            for (auto const& f : folders) std::filesystem::remove_all(f, ec);
        }
    };
    static made all;
    static std::atomic<unsigned> n{0};
    auto const p = std::filesystem::path(SWZ_TEST_SCRATCH) / (std::to_string(::getpid()) + "-" + std::to_string(n++) + "-" + name);
    std::filesystem::remove_all(p);
    std::filesystem::create_directories(p);
    all.folders.push_back(p);
    return p;
}

// Runs swz-verify with `args` (shell words), optionally with `env` set first.
inline run_result swz_verify(std::string const& args, std::string const& env = "") {
    auto const dir = scratch_folder("run");
    auto const out = dir / "out.txt", err = dir / "err.txt";
    std::string const cmd = (env.empty() ? "" : env + " ") + std::string(SWZ_VERIFY_BINARY) + " " + args + " >" +
                            out.string() + " 2>" + err.string();
    int const status = std::system(cmd.c_str());
    run_result r{WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
    std::filesystem::remove_all(dir);
    return r;
}

inline unsigned count_lines(std::string const& s) {
    unsigned n = 0;
    for (char c : s) n += c == '\n';
    return n;
}

}  // namespace swz::testing
