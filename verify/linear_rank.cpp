#include "linear_rank.hpp"

#include <algorithm>

#include "swz/layout/gf2_echelon.hpp"
#include "swz/pow2.hpp"

namespace swz::verify {

namespace {

// The smallest nonzero vector of the span of `basis` (0 if it is empty):
// fully reduced, each vector's leading bit unique and absent from the
// others, a combination's leading bit is its highest member's, so the
// vector with the lowest leading bit is the least.
std::uint64_t smallest_nonzero(std::vector<std::uint64_t> const& basis) {
    std::vector<std::uint64_t> reduced;
    for (std::uint64_t v : basis) {
        for (std::uint64_t r : reduced) v = std::min(v, v ^ r);
        if (v == 0) continue;
        for (std::uint64_t& r : reduced) r = std::min(r, r ^ v);
        reduced.push_back(v);
        std::sort(reduced.rbegin(), reduced.rend());
    }
    return reduced.empty() ? 0 : *std::min_element(reduced.begin(), reduced.end());
}

}  // namespace

std::optional<linear_bijection> linear_bijection_of(layout_subject const& t) {
    std::uint32_t const elem = t.shape.elem;
    if (t.family != "linear" || !t.swizzle || t.swizzle->unit_bytes != elem || t.pitch != t.shape.row_bytes ||
        t.footprint % elem != 0 || !is_pow2(t.footprint / elem) || t.cols() == 0)
        return std::nullopt;
    linear_bijection out;
    out.bits = log2_floor(t.footprint / elem);
    if (out.bits > 48) return std::nullopt;
    // The images from the layout's own map; a kernel vector wherever one
    // reduces to 0 against those before it.
    std::vector<std::uint64_t> image(out.bits), kernel;
    gf2_echelon images;  // tagged by the input bits XORed in
    for (unsigned k = 0; k < out.bits; ++k) {
        image[k] = t.swizzle->apply(std::uint64_t(1) << k);
        auto const r = images.add(image[k], std::uint64_t(1) << k);
        if (r.value == 0) kernel.push_back(r.from);
    }
    out.rank = unsigned(images.rows.size());
    out.injective = kernel.empty();
    out.inside = std::all_of(image.begin(), image.end(), [&](std::uint64_t v) { return (v >> out.bits) == 0; });
    std::uint64_t const cols = t.cols();
    if (!out.injective) {
        std::uint64_t const i = smallest_nonzero(kernel);
        out.smallest = {0, 0, i / cols, i % cols};
    } else if (!out.inside) {
        unsigned j = 0;
        while ((image[j] >> out.bits) == 0) ++j;
        std::uint64_t const i = std::uint64_t(1) << j;
        out.smallest = {i / cols, i % cols, 0, 0};
    }
    return out;
}

}  // namespace swz::verify
