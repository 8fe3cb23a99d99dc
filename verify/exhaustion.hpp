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

// The assignment of index i in lexicographic order (the first variable
// slowest).
inline std::vector<std::uint64_t> assignment_at(std::vector<std::uint64_t> const& counts, std::uint64_t i) {
    std::vector<std::uint64_t> v(counts.size(), 0);
    for (std::size_t k = counts.size(); k-- > 0;) v[k] = i % counts[k], i /= counts[k];
    return v;
}

// Calls visit(values) for the assignments of index begin .. end - 1 in
// lexicographic order until it returns false or `deadline` passes; false
// when the deadline stopped it. (A range of them: the enumerations split
// their starts among the machine's threads, sweep_pieces.hpp.)
template <class Visit>
bool for_each_assignment_in(std::vector<std::uint64_t> const& counts, std::uint64_t begin, std::uint64_t end,
                            std::chrono::steady_clock::time_point deadline, Visit&& visit) {
    if (begin >= end) return true;
    std::vector<std::uint64_t> v = assignment_at(counts, begin);
    for (std::uint64_t step = begin; step < end; ++step) {
        if ((step - begin) % 4096 == 0 && std::chrono::steady_clock::now() > deadline) return false;
        if (!visit(v)) return true;
        for (std::size_t i = v.size(); i-- > 0;) {
            if (++v[i] < counts[i]) break;
            v[i] = 0;
        }
    }
    return true;
}

// Every assignment (at most 2^64 - 2 of them), as for_each_assignment_in.
template <class Visit>
bool for_each_assignment(std::vector<std::uint64_t> const& counts, std::chrono::steady_clock::time_point deadline,
                         Visit&& visit) {
    return for_each_assignment_in(counts, 0, case_count(counts, ~std::uint64_t(0) - 1), deadline, visit);
}

}  // namespace swz::verify
