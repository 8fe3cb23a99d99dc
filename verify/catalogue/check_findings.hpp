// What swz-verify --check finds, from many threads: one line per finding,
// each with the exit code it stands for (exit_codes.hpp), printed by layout
// name and then in the order found; the check exits with the most severe.
#pragma once

#include <cstddef>
#include <map>
#include <mutex>
#include <ostream>
#include <string>
#include <vector>

#include "../exit_codes.hpp"

namespace swz::verify::catalogue {

struct check_finding {
    std::string line;
    int code;  // the exit code it stands for: what kind of finding it is
};

class check_findings {
public:
    void add(std::string const& layout, std::string line, int code) {
        std::lock_guard<std::mutex> g(lock_);
        lines_[layout].push_back({std::move(line), code});
        worst_ = worse_exit(worst_, code);
    }
    // Every finding, by layout name.
    std::map<std::string, std::vector<check_finding>> by_layout() const {
        std::lock_guard<std::mutex> g(lock_);
        return lines_;
    }
    std::size_t count() const {
        std::lock_guard<std::mutex> g(lock_);
        std::size_t n = 0;
        for (auto const& [k, v] : lines_) n += v.size();
        return n;
    }
    int exit_code() const {
        std::lock_guard<std::mutex> g(lock_);
        return worst_;
    }
    void print(std::ostream& os) const {
        std::lock_guard<std::mutex> g(lock_);
        for (auto const& [k, v] : lines_)
            for (auto const& l : v) os << l.line << "\n";
    }

private:
    mutable std::mutex lock_;
    std::map<std::string, std::vector<check_finding>> lines_;
    int worst_ = exit_ok;
};

}  // namespace swz::verify::catalogue
