// The shared-memory bank cost model of ../shared/bank-model.md (measured on an
// H200): the concrete reference that every proved figure is replayed through.
//
//  - 32 banks of 4 bytes; the bank of byte address a is (a / 4) % 32.
//  - A warp request of W bytes per lane is served in phases of consecutive
//    lanes, each moving at most 128 bytes: W <= 4: one phase of 32 lanes,
//    W = 8: two of 16, W = 16: four of 8. Accesses of 1 or 2 bytes behave
//    like W = 4 on the words they touch.
//  - A phase costs the largest number of distinct 4-byte words that fall in
//    one bank (lanes on the same word cost nothing extra).
//  - Wavefronts = sum over phases; ideal = max(1, 32 * W / 128).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace swz {

inline constexpr unsigned warp_lanes = 32;
inline constexpr unsigned bank_count = 32;
inline constexpr unsigned bank_width_bytes = 4;

inline constexpr bool is_access_width(unsigned w) { return w == 1 || w == 2 || w == 4 || w == 8 || w == 16; }

// Lanes served together in one phase for an access of w bytes per lane.
inline constexpr unsigned lanes_per_phase(unsigned w) { return w <= 4 ? warp_lanes : 128 / w; }

inline constexpr unsigned ideal_wavefronts(unsigned w) { return w <= 4 ? 1 : warp_lanes * w / 128; }

inline constexpr unsigned bank_of(std::uint64_t byte_address) {
    return unsigned((byte_address / bank_width_bytes) % bank_count);
}

// One warp-wide shared-memory instruction: each lane's byte address.
struct warp_access {
    unsigned width = 4;
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
    unsigned cost = 0;        // most distinct words in one bank
    unsigned worst_bank = 0;  // a bank that reaches `cost`
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

inline bank_cost_report bank_cost(warp_access const& a) {
    if (!is_access_width(a.width)) throw std::invalid_argument("access width must be 1, 2, 4, 8 or 16 bytes");
    if (!misaligned_lanes(a).empty()) throw std::invalid_argument("misaligned shared-memory access");
    unsigned const per_phase = lanes_per_phase(a.width);
    unsigned const words_per_lane = a.width <= 4 ? 1 : a.width / 4;
    bank_cost_report r;
    r.ideal = ideal_wavefronts(a.width);
    for (unsigned first = 0; first < warp_lanes; first += per_phase) {
        // A phase touches at most 32 words (32 x 1, 16 x 2 or 8 x 4).
        std::array<std::uint64_t, warp_lanes> words{};
        unsigned n = 0;
        for (unsigned l = first; l < first + per_phase; ++l)
            if (a.active[l])
                for (unsigned k = 0; k < words_per_lane; ++k) words[n++] = a.byte_address[l] / bank_width_bytes + k;
        std::sort(words.begin(), words.begin() + n);
        unsigned const distinct = unsigned(std::unique(words.begin(), words.begin() + n) - words.begin());
        std::array<unsigned, bank_count> in_bank{};
        for (unsigned i = 0; i < distinct; ++i) ++in_bank[words[i] % bank_count];
        phase_cost p{first, per_phase, 0, 0};
        for (unsigned b = 0; b < bank_count; ++b)
            if (in_bank[b] > p.cost) p = {first, per_phase, in_bank[b], b};
        r.wavefronts += p.cost;
        r.phases.push_back(p);
    }
    return r;
}

}  // namespace swz
