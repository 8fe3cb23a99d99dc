// The shared-memory bank cost model of ../shared/bank-model.md (measured on an
// H200), written once: the concrete cost below and the SMT encoding in
// verify/ both compute with bank_unit() and bank_group(), so the prover
// proves figures of exactly the rule that replays them.
//
//  - 32 banks of 4 bytes; the bank of byte address a is (a / 4) % 32.
//  - A warp request of W bytes per lane is served in phases of consecutive
//    lanes, each moving at most 128 bytes: W <= 4: one phase of 32 lanes,
//    W = 8: two of 16, W = 16: four of 8. Accesses of 1 or 2 bytes behave
//    like W = 4 on the words they touch.
//  - A phase costs the largest number of distinct 4-byte words that fall in
//    one bank (lanes on the same word cost nothing extra); a phase with no
//    active lane costs nothing.
//  - Wavefronts = sum over phases; ideal = the number of phases with an
//    active lane.
//
// One instruction follows another phase rule (measured on the H200,
// 2026-12-01, kernels/BANK-MODEL.md): cp.async.cg of 16 bytes, whose lane l
// copies the (l % 8)-th 16 bytes of a 128-byte global line. A transfer
// writes into one 128-byte shared line, placing source slot k (16 bytes,
// k = 0..7) at slot ((k XOR c) + 2r) mod 8 for one c and r, or at the mirror
// image of that (2-slot pairs in reverse order): the XOR and 32-byte
// rotations a swizzle or a shifted row needs, nothing else. A phase of 8
// lanes costs the fewest transfers that serve all its lanes
// (async_copy_16_phase_cost); a phase that fills one aligned line in any
// XOR order costs 1, a row shifted by 16 bytes costs 3, one shifted by 32
// costs 2.
//
// The unit view that both sides use: an aligned access of U = max(W, 4)
// bytes covers U/4 consecutive words in U/4 consecutive banks, so two lanes
// of one phase touch either the same words or disjoint ones, and "most
// distinct words in one bank" equals "most distinct units (a / U) in one
// bank group ((a / U) % (128 / U))". tests/model/test_bank_model.cpp checks
// this against the word-level statement above.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "swz/config.hpp"
#include "swz/pow2.hpp"

namespace swz {

inline constexpr unsigned warp_lanes = 32;
inline constexpr unsigned bank_count = 32;
inline constexpr unsigned bank_width_bytes = 4;
inline constexpr unsigned bytes_per_phase = bank_count * bank_width_bytes;  // 128

SWZ_HOST_DEVICE constexpr bool is_access_width(unsigned w) { return w == 1 || w == 2 || w == 4 || w == 8 || w == 16; }

// Bytes of one unit: the words one lane touches, as one aligned block.
SWZ_HOST_DEVICE constexpr unsigned unit_bytes(unsigned w) { return w < bank_width_bytes ? bank_width_bytes : w; }

// Lanes served together in one phase; also the number of bank groups.
SWZ_HOST_DEVICE constexpr unsigned lanes_per_phase(unsigned w) { return bytes_per_phase / unit_bytes(w); }

// The ideal of a full warp: one wavefront per phase.
SWZ_HOST_DEVICE constexpr unsigned ideal_wavefronts(unsigned w) { return warp_lanes / lanes_per_phase(w); }

// The unit an aligned access of w bytes at `byte_address` touches, the
// bank group it falls in, and the phase a lane is served in. V is any
// unsigned-integer-like type (the prover instantiates these on
// bit-vectors); W is the width's type: unsigned, or, for the family
// proofs, a power of two whose exponent is a solver variable (found with
// its unit_bytes and lanes_per_phase by argument-dependent lookup).
template <class V, class W>
SWZ_HOST_DEVICE constexpr V bank_unit(V byte_address, W w) {
    return byte_address / unit_bytes(w);
}
template <class V, class W>
SWZ_HOST_DEVICE constexpr V bank_group(V byte_address, W w) {
    return bank_unit(byte_address, w) % lanes_per_phase(w);
}
template <class V, class W>
SWZ_HOST_DEVICE constexpr V phase_of_lane(V lane, W w) {
    return lane / lanes_per_phase(w);
}

inline constexpr unsigned bank_of(std::uint64_t byte_address) {
    return unsigned((byte_address / bank_width_bytes) % bank_count);
}

// How the lanes of one phase share its wavefronts: by banks (every
// instruction but one), or by transfers (cp.async.cg of 16 bytes).
enum class phase_rule { banks, async_copy_16 };

// One warp-wide shared-memory instruction: each lane's byte address, and
// which lanes take part (ldmatrix.x1 takes addresses from 8 lanes only).
struct warp_access {
    unsigned width = 4;
    phase_rule rule = phase_rule::banks;
    std::array<std::uint64_t, warp_lanes> byte_address{};
    std::array<bool, warp_lanes> active = [] {
        std::array<bool, warp_lanes> a{};
        a.fill(true);
        return a;
    }();
};

struct phase_cost {
    unsigned first_lane = 0;
    unsigned lanes = 0;
    unsigned cost = 0;        // most distinct units in one bank group
    unsigned worst_bank = 0;  // the first bank of a group that reaches `cost`
};

struct bank_cost_report {
    unsigned wavefronts = 0;
    unsigned ideal = 1;
    std::vector<phase_cost> phases;
};

// Lanes whose address is not a multiple of the access width: the hardware
// rejects such an instruction, so the cost model does not apply to it.
inline std::vector<unsigned> misaligned_lanes(warp_access const& a) {
    std::vector<unsigned> bad;
    for (unsigned l = 0; l < warp_lanes; ++l)
        if (a.active[l] && a.byte_address[l] % a.width != 0) bad.push_back(l);
    return bad;
}

// The one transfer of the cp.async.16 rule that serves source slot k at
// byte address a, in its turning or its mirrored form. Two lanes share a
// transfer when they share its label.
struct async_copy_transfer {
    std::uint64_t line;  // the 128-byte shared line written
    unsigned flip;       // slot bit 0 XORed: (k ^ s) & 1
    bool mirrored;       // 2-slot pairs in reverse order
    unsigned turn;       // pair index moved by: (s/2 -+ k/2) mod 4
    // The four fields in one word (a line number, a byte address / 128, stays below 2^57).
    constexpr std::uint64_t key() const { return line << 4 | std::uint64_t(flip) << 3 | std::uint64_t(mirrored) << 2 | turn; }
};

inline async_copy_transfer async_copy_label(unsigned k, std::uint64_t a, bool mirrored) {
    unsigned const s = unsigned(a / 16 % 8);
    unsigned const turn = mirrored ? (s / 2 + k / 2) % 4 : (s / 2 + 4 - k / 2) % 4;
    return {a / bytes_per_phase, (k ^ s) & 1u, mirrored, turn};
}

// The fewest labels that include one of each lane's two (`fits[i]`, lanes
// 0 .. n-1), given those `chosen` (`size` of them), if fewer than `best`:
// any answer holds one of the first unserved lane's labels, so those are
// the only branches, and a branch that cannot beat `best` is cut. At most
// 8 levels deep; the answer is usually 1 to 3, so few branches are walked
// (trying all 2^8 choices of form per phase took 4 us a start).
inline unsigned fewest_labels(std::array<std::array<std::uint32_t, 2>, 8> const& fits, unsigned n, std::uint32_t chosen,
                              unsigned size, unsigned best) {
    unsigned i = 0;
    while (i < n && (chosen & (fits[i][0] | fits[i][1])) != 0) ++i;
    if (i == n) return size;
    if (size + 1 >= best) return best;
    best = fewest_labels(fits, n, chosen | fits[i][0], size + 1, best);
    if (fits[i][1] != fits[i][0]) best = fewest_labels(fits, n, chosen | fits[i][1], size + 1, best);
    return best;
}

// The fewest transfers serving every active lane of one 8-lane phase of
// cp.async.16 (lanes `first` .. `first`+7): each lane fits exactly two
// labels (its turning and its mirrored form), and a set of transfers
// serves the phase when it holds one of each lane's. The labels are
// numbered once (at most 16), so a set is a mask.
inline unsigned async_copy_16_phase_cost(warp_access const& a, unsigned first) {
    std::array<std::uint64_t, 16> label{};  // keys
    std::array<std::array<std::uint32_t, 2>, 8> fits{};  // lane i's label in form f, as a bit of the mask
    unsigned n = 0, labels = 0;
    for (unsigned l = first; l < first + 8; ++l) {
        if (!a.active[l]) continue;
        for (unsigned f = 0; f < 2; ++f) {
            std::uint64_t const t = async_copy_label(l % 8, a.byte_address[l], f == 1).key();
            unsigned id = 0;
            while (id < labels && label[id] != t) ++id;
            if (id == labels) label[labels++] = t;
            fits[n][f] = std::uint32_t(1) << id;
        }
        ++n;
    }
    return n == 0 ? 0 : fewest_labels(fits, n, 0, 0, n + 1);
}

// One phase (lanes `first` .. `first` + per_phase - 1) under the bank rule:
// the most distinct units any bank group holds. Each group keeps the lanes
// that brought its distinct units, as bits, so a lane is compared only with
// those, and their count (a count, not a popcount: without -mpopcnt that is
// a library call, a tenth of an enumeration's time). W is the access width
// as a constant, so that bank_unit and bank_group divide by constants.
template <unsigned W>
phase_cost bank_phase_cost_of_width(warp_access const& a, unsigned first) {
    constexpr unsigned per_phase = lanes_per_phase(W);
    std::array<std::uint64_t, per_phase> unit;        // [i]: lane first + i's, where its bit is in `distinct`
    std::array<std::uint32_t, per_phase> distinct{};  // [group]: bit i for each lane that brought a new unit
    std::array<unsigned, per_phase> count{};          // [group]: its bits
    for (unsigned i = 0; i < per_phase; ++i) {
        if (!a.active[first + i]) continue;
        std::uint64_t const u = bank_unit(a.byte_address[first + i], W);
        unsigned const g = unsigned(bank_group(a.byte_address[first + i], W));
        bool seen = false;
        for (std::uint32_t m = distinct[g]; m != 0 && !seen; m &= m - 1) seen = unit[lowest_set_bit(m)] == u;
        if (!seen) unit[i] = u, distinct[g] |= std::uint32_t(1) << i, ++count[g];
    }
    phase_cost p{first, per_phase, 0, 0};
    for (unsigned g = 0; g < per_phase; ++g)
        if (count[g] > p.cost) p = {first, per_phase, count[g], g * (unit_bytes(W) / bank_width_bytes)};
    return p;
}

inline phase_cost bank_phase_cost(warp_access const& a, unsigned first) {
    switch (a.width) {
        case 1: return bank_phase_cost_of_width<1>(a, first);
        case 2: return bank_phase_cost_of_width<2>(a, first);
        case 4: return bank_phase_cost_of_width<4>(a, first);
        case 8: return bank_phase_cost_of_width<8>(a, first);
        default: return bank_phase_cost_of_width<16>(a, first);
    }
}

// Every phase's cost under the instruction's rule; `each` sees the phases
// that have an active lane, in order.
template <class Each>
void for_each_phase_cost(warp_access const& a, Each&& each) {
    if (a.rule == phase_rule::async_copy_16 && a.width != 16) throw std::invalid_argument("the cp.async.16 rule takes 16-byte lanes");
    if (!is_access_width(a.width)) throw std::invalid_argument("access width must be 1, 2, 4, 8 or 16 bytes");
    // One pass over the lanes (no branch a lane): the active ones as bits,
    // and their addresses' bits below the width (a power of two).
    std::uint32_t active = 0;
    std::uint64_t misaligned = 0;
    for (unsigned l = 0; l < warp_lanes; ++l) {
        active |= std::uint32_t(a.active[l]) << l;
        misaligned |= a.active[l] ? a.byte_address[l] & (a.width - 1) : 0;
    }
    if (misaligned != 0) throw std::invalid_argument("misaligned shared-memory access");
    unsigned const per_phase = lanes_per_phase(a.width);
    std::uint32_t const phase_lanes = per_phase == warp_lanes ? ~std::uint32_t(0) : (std::uint32_t(1) << per_phase) - 1;
    for (unsigned first = 0; first < warp_lanes; first += per_phase) {
        if (((active >> first) & phase_lanes) == 0) continue;
        if (a.rule == phase_rule::async_copy_16) each(phase_cost{first, per_phase, async_copy_16_phase_cost(a, first), 0});
        else each(bank_phase_cost(a, first));
    }
}

// The wavefronts alone, for enumerations over many starts.
inline unsigned bank_wavefronts(warp_access const& a) {
    unsigned w = 0;
    for_each_phase_cost(a, [&](phase_cost const& p) { w += p.cost; });
    return w;
}

inline bank_cost_report bank_cost(warp_access const& a) {
    bank_cost_report r;
    r.ideal = 0;
    for_each_phase_cost(a, [&](phase_cost const& p) {
        ++r.ideal;
        r.wavefronts += p.cost;
        r.phases.push_back(p);
    });
    if (r.ideal == 0) r.ideal = 1;
    return r;
}

}  // namespace swz
