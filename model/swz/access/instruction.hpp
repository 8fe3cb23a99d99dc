// The shared-memory instructions a warp issues, as the bank rule sees them:
// how many bytes one lane's address covers, and which lanes supply an
// address. Every kind is served by the one rule of swz/bank_model.hpp,
// phases of 128 / max(width, 4) consecutive lanes:
//
//   ld.W, st.W (W = 1, 2, 4, 8, 16)   32 lanes, W bytes each
//   cp.async.W (W = 4, 8, 16)         32 lanes, W bytes each (the shared-memory write side)
//   ldmatrix.xN, stmatrix.xN          8*N lanes (N = 1, 2, 4), one 16-byte row of an 8x8
//                                     b16 matrix each: phases of 8 lanes, one matrix a phase
//
// The ldmatrix/stmatrix and cp.async rules are the H200's, measured with
// Nsight Compute (kernels/BANK-MODEL.md); .trans changes which thread
// receives which element, not the addresses read. cp.async.16 alone shares
// a phase by transfers rather than banks (phase_rule, bank_model.hpp); its
// lane l reads the (l % 8)-th 16 bytes of an aligned 128-byte global line.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "swz/bank_model.hpp"

namespace swz {

struct instruction {
    enum class op { ld, st, cp_async, ldmatrix, stmatrix };
    op kind = op::ld;
    unsigned width = 4;          // bytes one lane's address covers
    unsigned address_lanes = 32; // lanes 0 .. address_lanes-1 supply addresses
    bool trans = false;          // ldmatrix/stmatrix .trans

    SWZ_HOST_DEVICE constexpr unsigned phases() const { return address_lanes / lanes_per_phase(width); }
    SWZ_HOST_DEVICE constexpr unsigned ideal() const { return phases() ? phases() : 1; }
    SWZ_HOST_DEVICE constexpr bool is_store() const { return kind == op::st || kind == op::stmatrix || kind == op::cp_async; }
    SWZ_HOST_DEVICE constexpr unsigned matrices() const { return address_lanes / 8; }
    // cp.async.16 (cp.async.cg) shares its phases by transfers, not banks.
    SWZ_HOST_DEVICE constexpr phase_rule rule() const {
        return kind == op::cp_async && width == 16 ? phase_rule::async_copy_16 : phase_rule::banks;
    }

    // "ld.8", "cp.async.16", "ldmatrix.x4.trans".
    std::string name() const {
        switch (kind) {
            case op::ld: return "ld." + std::to_string(width);
            case op::st: return "st." + std::to_string(width);
            case op::cp_async: return "cp.async." + std::to_string(width);
            case op::ldmatrix:
            case op::stmatrix:
                return std::string(kind == op::ldmatrix ? "ldmatrix" : "stmatrix") + ".x" + std::to_string(matrices()) +
                       (trans ? ".trans" : "");
        }
        return "?";
    }
};

SWZ_HOST_DEVICE constexpr instruction ld_shared(unsigned w) { return {instruction::op::ld, w, 32, false}; }
SWZ_HOST_DEVICE constexpr instruction st_shared(unsigned w) { return {instruction::op::st, w, 32, false}; }
SWZ_HOST_DEVICE constexpr instruction cp_async(unsigned w) { return {instruction::op::cp_async, w, 32, false}; }
SWZ_HOST_DEVICE constexpr instruction ldmatrix(unsigned n, bool trans = false) {
    return {instruction::op::ldmatrix, 16, 8 * n, trans};
}
SWZ_HOST_DEVICE constexpr instruction stmatrix(unsigned n, bool trans = false) {
    return {instruction::op::stmatrix, 16, 8 * n, trans};
}

// "ld.8", "st.4", "cp.async.16", "ldmatrix.x4", "stmatrix.x2.trans"; nothing
// for any other text.
inline std::optional<instruction> instruction_named(std::string const& s) {
    auto const width_after = [&](std::string const& prefix, bool (*ok)(unsigned)) -> std::optional<unsigned> {
        if (s.rfind(prefix, 0) != 0) return std::nullopt;
        std::string const w = s.substr(prefix.size());
        if (w != "1" && w != "2" && w != "4" && w != "8" && w != "16") return std::nullopt;
        unsigned const v = unsigned(std::stoul(w));
        if (!ok(v)) return std::nullopt;
        return v;
    };
    auto const any = [](unsigned) { return true; };
    auto const async_widths = [](unsigned w) { return w >= 4; };
    if (auto w = width_after("ld.", any)) return ld_shared(*w);
    if (auto w = width_after("st.", any)) return st_shared(*w);
    if (auto w = width_after("cp.async.", async_widths)) return cp_async(*w);
    for (bool load : {true, false})
        for (unsigned n : {1u, 2u, 4u})
            for (bool trans : {false, true}) {
                instruction const i = load ? ldmatrix(n, trans) : stmatrix(n, trans);
                if (i.name() == s) return i;
            }
    return std::nullopt;
}

// Whether `i` is one of the instructions above: a C++ caller may build any
// aggregate ({op::ld, 8, 24} has no whole phases for the bank rule).
inline bool is_known_instruction(instruction const& i) {
    auto const named = instruction_named(i.name());
    return named && named->kind == i.kind && named->width == i.width && named->address_lanes == i.address_lanes &&
           named->trans == i.trans;
}

}  // namespace swz
