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

class check_findings {
public:
    void add(std::string const& layout, std::string line, int code) {
        std::lock_guard<std::mutex> g(lock_);
        lines_[layout].push_back(std::move(line));
        worst_ = worse_exit(worst_, code);
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
            for (auto const& l : v) os << l << "\n";
    }

private:
    mutable std::mutex lock_;
    std::map<std::string, std::vector<std::string>> lines_;
    int worst_ = exit_ok;
};

}  // namespace swz::verify::catalogue
