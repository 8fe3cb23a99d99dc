// Exhaustive evaluation, the decision method for small finite domains: every
// assignment of the variables in lexicographic order (the first variable
// slowest), so the first one found with a property is the canonical, smallest
// one. A verdict reached this way says so ("by exhaustion over N cases").
#pragma once

#include <chrono>
#include <cstdint>
#include <vector>

namespace swz::verify {

// Variables' value counts multiplied, or `cap` + 1 when that is more.
inline std::uint64_t case_count(std::vector<std::uint64_t> const& counts, std::uint64_t cap) {
    std::uint64_t n = 1;
    for (auto c : counts) {
        if (c == 0) return 0;
        if (n > cap / c) return cap + 1;
        n *= c;
    }
    return n;
}

// Calls visit(values) for every assignment in lexicographic order until it
// returns false or `deadline` passes; false when the deadline stopped it.
template <class Visit>
bool for_each_assignment(std::vector<std::uint64_t> const& counts, std::chrono::steady_clock::time_point deadline,
                         Visit&& visit) {
    std::vector<std::uint64_t> v(counts.size(), 0);
    for (auto c : counts)
        if (c == 0) return true;
    for (std::uint64_t step = 0;; ++step) {
        if (step % 4096 == 0 && std::chrono::steady_clock::now() > deadline) return false;
        if (!visit(v)) return true;
        std::size_t i = v.size();
        while (i > 0) {
            --i;
            if (++v[i] < counts[i]) break;
            v[i] = 0;
            if (i == 0) return true;
        }
        if (v.empty()) return true;
    }
}

}  // namespace swz::verify
