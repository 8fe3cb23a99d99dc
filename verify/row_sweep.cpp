#include "row_sweep.hpp"

#include <vector>

#include "block_sweeps.hpp"
#include "swz/bank_model.hpp"
#include "sweep_best.hpp"
#include "sweep_pieces.hpp"

namespace swz::verify {

namespace {

using piece_worst = most_wavefronts;
using piece_state = piece_worst::state;

// The warp's wavefronts under its instruction's rule: the bank rule's own
// code with the width a constant, or the transfer rule of cp.async.16.
template <unsigned W>
unsigned cost_of(warp_access const& lanes) {
    if (lanes.rule != phase_rule::banks) return bank_wavefronts(lanes);
    unsigned cost = 0;
    for (unsigned first = 0; first < warp_lanes; first += lanes_per_phase(W)) cost += bank_phase_cost_of_width<W>(lanes, first).cost;
    return cost;
}

// Starts s in [p.begin, p.end): their lanes' units 32 s .. 32 s + 31 taken
// in order from the rows that hold them, the warp costed by the bank rule
// (bank_phase_cost_of_width: the rule's own code, the width a constant; or
// the transfer rule of cp.async.16, through bank_wavefronts).
template <unsigned W>
piece_worst sweep_piece(access_subject const& w, piece p, std::chrono::steady_clock::time_point deadline) {
    std::uint64_t const per_row = w.units_per_row;
    std::vector<std::uint64_t> row(per_row);
    warp_access lanes;
    lanes.width = W;
    lanes.rule = w.instr.rule();
    piece_worst worst;
    std::uint64_t unit = p.begin * warp_lanes, y = unit / per_row, c = unit % per_row;
    if (!w.row_units(y, 0, per_row, row.data())) return piece_worst::stopped(piece_state::declined);
    for (std::uint64_t s = p.begin; s < p.end; ++s) {
        if ((s - p.begin) % 4096 == 0 && std::chrono::steady_clock::now() > deadline) return piece_worst::stopped(piece_state::out_of_time);
        for (unsigned l = 0; l < warp_lanes; ++l) {
            if (c == per_row) {
                c = 0;
                if (!w.row_units(++y, 0, per_row, row.data())) return piece_worst::stopped(piece_state::declined);
            }
            lanes.byte_address[l] = row[c++];
        }
        worst.offer(cost_of<W>(lanes), s);
    }
    return worst;
}

// Starts s in [p.begin, p.end), each window's 32 units read alone, from the
// rows that hold them: for a few starts of many rows.
template <unsigned W>
piece_worst sweep_windows(access_subject const& w, piece p, std::chrono::steady_clock::time_point deadline) {
    std::uint64_t const per_row = w.units_per_row;
    warp_access lanes;
    lanes.width = W;
    lanes.rule = w.instr.rule();
    piece_worst worst;
    for (std::uint64_t s = p.begin; s < p.end; ++s) {
        if ((s - p.begin) % 4096 == 0 && std::chrono::steady_clock::now() > deadline) return piece_worst::stopped(piece_state::out_of_time);
        std::uint64_t unit = s * warp_lanes;
        for (unsigned l = 0; l < warp_lanes;) {
            std::uint64_t const y = unit / per_row, c = unit % per_row, n = std::min<std::uint64_t>(warp_lanes - l, per_row - c);
            if (!w.row_units(y, c, n, &lanes.byte_address[l])) return piece_worst::stopped(piece_state::declined);
            l += unsigned(n), unit += n;
        }
        worst.offer(cost_of<W>(lanes), s);
    }
    return worst;
}

}  // namespace

most_wavefronts sweep_row_windows(access_subject const& w, piece starts, std::chrono::steady_clock::time_point deadline) {
    if (!w.row_units || w.units_per_row == 0) return most_wavefronts::stopped(piece_state::declined);
    return with_width(w.instr.width, [&](auto width) { return sweep_windows<decltype(width)::value>(w, starts, deadline); });
}

column_sweep_result sweep_row_starts(access_subject const& w, std::chrono::steady_clock::time_point deadline,
                                     sweep_split split) {
    if (!w.lanes_walk_units || !w.row_units || w.units_per_row == 0 || w.vars.size() != 1 || w.inside ||
        w.instr.address_lanes != warp_lanes || !is_access_width(w.instr.width))
        return {};
    auto const pieces = split.of(w.vars[0].count);
    std::vector<piece_worst> found(pieces.size());
    run_pieces(pieces, [&](std::size_t i, piece p) {
        found[i] = with_width(w.instr.width, [&](auto width) { return sweep_piece<decltype(width)::value>(w, p, deadline); });
    });
    return merged(found, 1);
}

}  // namespace swz::verify
