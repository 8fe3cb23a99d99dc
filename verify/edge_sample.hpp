// A sample of 0 .. n-1 for conjecturing a lemma before the solver proves
// it: the first k values and the last k, where a layout's wrap-around at
// the end of a row or a period shows first.
#pragma once

#include <cstdint>
#include <vector>

namespace swz::verify {

// The same values in the same order, none stored (a row step's sample of
// 2^32 rows holds 2 * (step + 64) of them, tens of MB over the steps
// tried): f(v) for each until one returns false; whether none did.
template <class F>
bool each_edge_sample(std::uint64_t n, std::uint64_t k, F&& f) {
    for (std::uint64_t v = 0; v < n && v < k; ++v)
        if (!f(v)) return false;
    for (std::uint64_t v = n > 2 * k ? n - k : k; v < n; ++v)
        if (!f(v)) return false;
    return true;
}

// The sample, stored.
inline std::vector<std::uint64_t> edge_sample(std::uint64_t n, std::uint64_t k) {
    std::vector<std::uint64_t> out;
    each_edge_sample(n, k, [&](std::uint64_t v) {
        out.push_back(v);
        return true;
    });
    return out;
}

}  // namespace swz::verify
