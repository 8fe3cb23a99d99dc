#include "progress_bar.hpp"

#include <unistd.h>

#include <cstdio>

namespace swz::verify::catalogue {

progress_bar::progress_bar(std::string what, std::size_t total)
    : what_(std::move(what)), total_(total), enabled_(isatty(STDERR_FILENO) == 1),
      start_(std::chrono::steady_clock::now()), last_draw_(start_) {}

progress_bar::~progress_bar() { finish(); }

void progress_bar::add_total(std::size_t more) {
    std::lock_guard<std::mutex> g(lock_);
    total_ += more;
}

void progress_bar::advance(std::size_t done) {
    std::lock_guard<std::mutex> g(lock_);
    done_ += done;
    draw(false);
}

void progress_bar::finish() {
    std::lock_guard<std::mutex> g(lock_);
    if (!enabled_ || finished_) return;
    finished_ = true;
    std::fprintf(stderr, "\r\033[K");
    std::fflush(stderr);
}

void progress_bar::draw(bool force) {
    if (!enabled_ || finished_) return;
    auto const now = std::chrono::steady_clock::now();
    if (!force && now - last_draw_ < std::chrono::milliseconds(100) && done_ < total_) return;
    last_draw_ = now;
    constexpr std::size_t width = 30;
    std::size_t const filled = total_ ? std::min(width, done_ * width / total_) : 0;
    std::string bar(filled, '=');
    bar.resize(width, ' ');
    double const secs = std::chrono::duration<double>(now - start_).count();
    std::fprintf(stderr, "\r[%s] %zu/%zu %s  %.0f s\033[K", bar.c_str(), done_, total_, what_.c_str(), secs);
    std::fflush(stderr);
}

}  // namespace swz::verify::catalogue
