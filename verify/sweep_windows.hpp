// The small windows the generic sweeps keep as rows enter and leave them:
// the distinct values among a window's rows, looked up or counted, and the
// canonical order of a column's starts.
#pragma once

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

namespace swz::verify {

// The first (y0, c) in that order: c is the inner variable.
inline bool earlier(std::uint64_t y0, std::uint64_t c, std::vector<std::uint64_t> const& than) {
    return y0 < than[0] || (y0 == than[0] && c < than[1]);
}

// The distinct values among a window's rows, as rows enter and leave it.
class distinct_window {
public:
    // True when v is new to the window.
    bool enter(std::uint64_t v) {
        auto it = std::find_if(held_.begin(), held_.end(), [&](auto const& u) { return u.first == v; });
        if (it != held_.end()) return ++it->second, false;
        held_.push_back({v, 1});
        return true;
    }
    // True when v is gone from the window.
    bool leave(std::uint64_t v) {
        auto it = std::find_if(held_.begin(), held_.end(), [&](auto const& u) { return u.first == v; });
        if (--it->second > 0) return false;
        *it = held_.back();
        held_.pop_back();
        return true;
    }
    std::size_t distinct() const { return held_.size(); }

private:
    std::vector<std::pair<std::uint64_t, unsigned>> held_;  // value, rows holding it
};

// The distinct values among a window's rows, where every value is below a
// known bound: a count per value, O(1) a row.
class bounded_distinct_window {
public:
    explicit bounded_distinct_window(std::uint64_t bound) : held_(bound, 0) {}
    bool enter(std::uint64_t v) {
        if (held_[v]++ != 0) return false;
        ++distinct_;
        return true;
    }
    bool leave(std::uint64_t v) {
        if (--held_[v] != 0) return false;
        --distinct_;
        return true;
    }
    std::size_t distinct() const { return distinct_; }

private:
    std::vector<std::uint32_t> held_;
    std::size_t distinct_ = 0;
};

}  // namespace swz::verify
