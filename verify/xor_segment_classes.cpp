#include "xor_segment_classes.hpp"

#include <algorithm>
#include <numeric>

#include "first_starts.hpp"
#include "swz/bank_model.hpp"
#include "swz/pow2.hpp"

namespace swz::verify {

namespace {

constexpr std::uint64_t most_keys = std::uint64_t(1) << 22;
constexpr std::uint64_t most_steps = std::uint64_t(1) << 28;  // starts keyed, about half a second
constexpr std::uint64_t none = ~std::uint64_t(0);

// Lane l's strided offset from lane 0's.
std::uint64_t lane_delta(fixed_window_walk const& a, std::uint64_t pitch, std::size_t l) {
    return a.lanes[l][0] * pitch + a.lanes[l][1] * a.width;
}

// How many keys some u can have: a segment of m multiples of the grain
// meets min(m, 2^K' / grain) residues. The search may stop once it has met
// them all.
std::uint64_t keys_possible(xor_segment_keys const& k) {
    std::uint64_t total = 0;
    for (std::size_t i = 0; i < k.breaks.size(); ++i) {
        std::uint64_t const a = k.breaks[i], b = i + 1 < k.breaks.size() ? k.breaks[i + 1] : k.period;
        std::uint64_t const m = (b + k.grain - 1) / k.grain - (a + k.grain - 1) / k.grain;
        total += std::min(m, k.residue_mod / k.grain);
    }
    return total;
}

}  // namespace

std::optional<xor_segment_keys> xor_segment_keys::of(layout_subject const& t, fixed_window_walk const& a) {
    if (!t.swizzle || t.swizzle->xor_block_bytes == 0 || t.swizzle->span_bytes == 0) return std::nullopt;
    if (a.width == 0 || a.lanes.empty() || a.lanes[0] != std::array<std::uint64_t, 2>{0, 0} || a.starts == 0 || a.columns == 0)
        return std::nullopt;
    xor_segment_keys k;
    k.access = a;
    k.pitch = t.pitch;
    k.block = t.swizzle->xor_block_bytes;
    std::uint64_t const P = k.pitch, X = k.block;
    if (P == 0 || P % a.width != 0 || !is_pow2(X)) return std::nullopt;
    std::uint64_t const repeat = std::max<std::uint64_t>(1, t.swizzle->span_bytes / X);
    k.period = repeat * X;
    k.residue_mod = std::max<std::uint64_t>({bytes_per_phase, t.swizzle->xor_below_bytes, a.width});
    if (!is_pow2(k.residue_mod) || k.residue_mod > X || !is_pow2(k.period)) return std::nullopt;
    k.grain = std::gcd(std::gcd<std::uint64_t>(P, a.width), k.residue_mod);
    for (std::size_t l = 0; l < a.lanes.size(); ++l) {
        std::uint64_t const enters = (X - lane_delta(a, P, l) % X) % X;  // u + d_l is a multiple of X
        for (std::uint64_t j = 0; j < repeat; ++j) k.breaks.push_back(enters + j * X);
    }
    std::sort(k.breaks.begin(), k.breaks.end());
    k.breaks.erase(std::unique(k.breaks.begin(), k.breaks.end()), k.breaks.end());
    if (k.count() > most_keys) return std::nullopt;
    return k;
}

std::uint64_t xor_segment_keys::segment_of(std::uint64_t u) const {
    return std::uint64_t(std::upper_bound(breaks.begin(), breaks.end(), u) - breaks.begin()) - 1;  // breaks[0] is 0
}

fixed_window_walk fixed_window_walk::column(std::uint32_t width, std::uint64_t starts, std::uint64_t columns) {
    fixed_window_walk a{{}, width, starts, columns};
    for (std::uint64_t l = 0; l < warp_lanes; ++l) a.lanes.push_back({l, 0});
    return a;
}

std::uint64_t xor_segment_keys::key(std::uint64_t y0, std::uint64_t c) const {
    std::uint64_t const u = (y0 * pitch + c * access.width) % period;
    return key_in(segment_of(u), u);
}

std::optional<std::vector<std::uint64_t>> xor_segment_first_starts(layout_subject const& t, fixed_window_walk const& a) {
    auto const keys = xor_segment_keys::of(t, a);
    if (!keys) return std::nullopt;
    auto const& k = *keys;
    std::uint64_t const step = a.width, Q = k.period, cycle = k.residue_mod / std::gcd(k.residue_mod, step);
    std::uint64_t const rows = std::min(a.starts, Q / std::gcd(Q, k.pitch)), possible = keys_possible(k);
    first_starts firsts(k.count());
    std::uint64_t found = 0, steps = 0;
    // Rows whose windows all lie in one segment repeat their residues every
    // `repeat_rows` rows: after that many in a row, the rows up to the first
    // that reaches the segment's end add no key, and are skipped.
    std::uint64_t const repeat_rows = k.residue_mod / std::gcd(k.residue_mod, k.pitch);
    std::uint64_t run_segment = none, run = 0;
    for (std::uint64_t y = 0; y < rows && found < possible;) {
        std::uint64_t pieces = 0, segment = 0, next = 0;
        for (std::uint64_t c = 0; c < a.columns; ++pieces) {
            std::uint64_t const u = (y * k.pitch + c * step) % Q;
            segment = k.segment_of(u);
            next = segment + 1 < k.breaks.size() ? k.breaks[segment + 1] : Q;
            std::uint64_t const run_end = std::min(a.columns, c + (next - u + step - 1) / step);
            std::uint64_t const keyed = std::min(run_end, c + cycle);
            for (std::uint64_t i = c; i < keyed; ++i) found += firsts.offer(k.key_in(segment, u + (i - c) * step), y * a.columns + i);
            steps += keyed - c + 1;
            c = run_end;
        }
        if (steps > most_steps) return std::nullopt;
        run = pieces == 1 && segment == run_segment ? run + 1 : pieces == 1;
        run_segment = pieces == 1 ? segment : none;
        if (run < repeat_rows || k.pitch >= Q) {
            ++y;
            continue;
        }
        // Each row's last window (below `next`) lies P further on, until one reaches `next`.
        std::uint64_t const last = (y * k.pitch + (a.columns - 1) * step) % Q;
        y += std::max<std::uint64_t>(1, (next - last + k.pitch - 1) / k.pitch);
        run = 0, run_segment = none;
    }
    return firsts.starts();
}

std::optional<class_blocks> xor_segment_classes(layout_subject const& t, fixed_window_walk const& a) {
    auto const got = xor_segment_first_starts(t, a);
    if (!got) return std::nullopt;
    if (got->size() * 4 > a.starts * a.columns) return std::nullopt;  // hardly fewer: the ordinary sweep
    class_blocks out;
    out.naming = {"xor_segment_classes", "first start"};
    out.transfers_too = true;  // keys differ by shifts of whole 128-byte lines
    out.legality_too = true;   // and of whole units
    for (std::uint64_t const s : *got) {
        std::uint64_t const y = s / a.columns, c = s % a.columns;
        out.blocks.push_back({{y, y + 1}, {c, c + 1}});
    }
    return out;
}

}  // namespace swz::verify
