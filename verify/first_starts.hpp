// The first start of each key of a reduction to classes of starts
// (swizzle_classes.hpp, xor_block_classes.hpp): offered in any order, kept
// the smallest; searches split among threads merge theirs.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

namespace swz::verify {

class first_starts {
public:
    explicit first_starts(std::uint64_t keys) : first_(keys, none) {}
    // True where the key had no start before.
    bool offer(std::uint64_t key, std::uint64_t start) {
        bool const fresh = first_[key] == none;
        first_[key] = std::min(first_[key], start);
        return fresh;
    }
    void merge(first_starts const& other) {
        for (std::size_t k = 0; k < first_.size(); ++k) first_[k] = std::min(first_[k], other.first_[k]);
    }
    // The keys' first starts, in start order.
    std::vector<std::uint64_t> starts() const {
        std::vector<std::uint64_t> out;
        for (std::uint64_t s : first_)
            if (s != none) out.push_back(s);
        std::sort(out.begin(), out.end());
        return out;
    }

private:
    static constexpr std::uint64_t none = ~std::uint64_t(0);
    std::vector<std::uint64_t> first_;
};

}  // namespace swz::verify
