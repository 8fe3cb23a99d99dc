// The bank-blind lemma: a swizzle that changes no offset bit below the
// 128-byte bank line, changes each G-byte unit as a whole (G = 4 .. 128)
// and keeps distinct G-byte units distinct leaves every access through
// cells whose units are at most G bytes costing, at every start, what it
// costs on the strided layout beneath. A lane's bank group is its offset
// mod 128, unchanged; two lanes share a unit (4 bytes, or the access's
// width) after the swizzle exactly where they did before; so each phase
// counts the same distinct units in each bank group, and an access is
// legal (aligned, its elements contiguous) at the same starts. cp.async.16's
// transfers see 128-byte lines and the 16-byte slots in them: with G = 128
// lines stay whole and apart, and so do its costs. CuTe swizzles with a
// large shift (cute:1,4,-20 on bytes: bit 4 into bit 24) are such: their
// own period is millions of rows, the strided layout's a few, so the
// figures are decided there (and the witness replayed here).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "access_subject.hpp"
#include "layout_subject.hpp"
#include "prover.hpp"
#include "start_lemmas.hpp"
#include "verdict.hpp"

namespace swz::verify {

// The lemma's two results, and how a figure decided through it says so.
inline constexpr char const* bank_blind_id = "bank_blind";
inline constexpr char const* bank_blind_period_id = "bank_blind.periodicity";
inline constexpr char const* decided_beneath = "on the strided layout beneath";

// The widest unit of the bank rule: a 16-byte access's.
inline constexpr std::uint64_t widest_bank_unit = 16;

// G: the widest unit (a power of two from 4 to 128 bytes) in which a
// swizzle after a strided layout reads nothing, where it writes nothing
// below 128 bytes (its bit fields say so; the queries prove it); 0 where
// there is none, and the lemma is not worth its queries.
std::uint64_t bank_blind_unit(layout_subject const& t);
bool bank_blind_candidate(layout_subject const& t);

// Whether an access of instruction `i` costs the same on both layouts
// where G = g: a bank-rule access of units up to g bytes, or cp.async.16's
// transfers on whole 128-byte lines.
bool bank_blind_covers(std::uint64_t g, instruction const& i);

// bank_blind: PROVED when, for every offset u of the tile (in the swizzle's
// unit), F(u) differs from u only in bits from 128 bytes up, by what it
// changes at the first offset of u's G-byte unit, and F keeps distinct
// G-byte units distinct. Then bank_blind.periodicity: the strided layout beneath
// repeats every P rows (P * pitch a multiple of 128 bytes).
std::vector<property_result> prove_bank_blind(prover& p, layout_subject const& t);

// The strided layout beneath, with the lemma's proved period, on which the
// figures are decided; nothing where either result is not PROVED.
struct bank_twin {
    layout_subject subject;
    start_lemmas lemmas;
    std::uint64_t unit_bytes;  // G: accesses of wider units are decided on the layout itself
};
std::optional<bank_twin> proved_bank_twin(std::vector<property_result> const& lemmas, layout_subject const& t);

// Gives `a` (the access `spec` on the swizzled layout) its twin on the
// strided layout beneath, where its lanes are cells through the layout and
// G covers its instruction; the twin must have the same instruction and
// starts, else none is given.
void attach_bank_twin(access_subject& a, std::string const& spec, bank_twin const& twin);

}  // namespace swz::verify
