// A one-line progress bar on stderr, drawn only when stderr is a terminal
// (logs and pipes get no control characters). Safe to advance from several
// threads.
#pragma once

#include <chrono>
#include <cstddef>
#include <mutex>
#include <string>

namespace swz::verify::catalogue {

class progress_bar {
public:
    progress_bar(std::string what, std::size_t total);
    ~progress_bar();

    void add_total(std::size_t more);
    void advance(std::size_t done = 1);
    void finish();  // erases the line

    bool shown() const { return enabled_; }

private:
    void draw(bool force);

    std::string what_;
    std::size_t total_, done_ = 0;
    bool enabled_;
    bool finished_ = false;
    std::chrono::steady_clock::time_point start_, last_draw_;
    std::mutex lock_;
};

}  // namespace swz::verify::catalogue
