#include "swizzle_classes.hpp"

#include <algorithm>
#include <numeric>
#include <vector>

#include "first_starts.hpp"
#include "swz/bank_model.hpp"

namespace swz::verify {

namespace {

constexpr std::uint64_t most_work = std::uint64_t(1) << 24;  // keys looked at, about 50 ms

}  // namespace

std::optional<class_blocks> swizzle_row_classes(layout_subject const& t, std::uint64_t units_per_row, std::uint32_t width,
                                                std::uint32_t shift_unit, std::uint64_t starts) {
    if (!t.swizzle || t.swizzle->span_bytes == 0 || units_per_row == 0 || width == 0 || starts == 0) return std::nullopt;
    std::uint64_t const U = units_per_row, P = t.pitch, w = width;
    std::uint64_t const Q = std::max<std::uint64_t>({t.swizzle->span_bytes, w, shift_unit});
    if (!is_pow2(Q) || Q > (std::uint64_t(1) << 20)) return std::nullopt;
    // Row keys are multiples of g, in-row keys of gi: numbered by those.
    std::uint64_t const g = std::gcd(Q, P), gi = std::gcd(g, w);
    std::uint64_t const rows_cycle = std::lcm(Q / g, 32 / std::gcd<std::uint64_t>(32, U));
    std::uint64_t const last_row = (starts - 1) * 32 / U, rows = std::min(rows_cycle, last_row + 1);
    // Per row: the in-row windows' keys repeat every `along` windows; the
    // crossing windows are at most 31.
    std::uint64_t const along = Q / std::gcd(Q, 32 * w);
    std::uint64_t const crossing = std::min<std::uint64_t>(U, 31);
    if (rows * (std::min(along, U / 32 + 1) + crossing) > most_work || crossing * (Q / g) > most_work) return std::nullopt;
    first_starts in_row(Q / gi), across(crossing * (Q / g));
    for (std::uint64_t y = 0; y < rows; ++y) {
        std::uint64_t const row_unit = y * U, first = (row_unit + 31) / 32;  // the first start in row y
        std::uint64_t const row_key = y * P % Q;
        std::uint64_t seen = 0;
        for (std::uint64_t s = first; s < starts && 32 * s < row_unit + U; ++s) {
            std::uint64_t const c = 32 * s - row_unit;
            if (c + 32 <= U) {
                if (seen++ < along) in_row.offer((row_key + c * w) % Q / gi, s);
                else s = (row_unit + U - 32) / 32;  // on to the last in-row window (then the crossing ones)
            } else {
                across.offer((c - (U - crossing)) * (Q / g) + row_key / g, s);
            }
        }
    }
    std::vector<std::uint64_t> firsts = in_row.starts(), more = across.starts();
    firsts.insert(firsts.end(), more.begin(), more.end());
    if (firsts.size() * 4 > starts) return std::nullopt;  // hardly fewer: the ordinary sweep
    class_blocks out;
    out.naming = {"swizzle_classes", "first start"};
    out.transfers_too = Q % bytes_per_phase == 0;
    out.legality_too = true;  // windows of a class differ by a shift of kQ, Q a multiple of the unit
    for (std::uint64_t const s : firsts) {
        std::uint64_t const y = 32 * s / U, c = 32 * s % U;
        out.blocks.push_back({{y, y + 1}, {c, c + 1}});
    }
    return out;
}

}  // namespace swz::verify
