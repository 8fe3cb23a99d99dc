// The C++ API for a kernel author's own accesses: the lane -> byte offset
// function is written once, as a template over an integer-like type, and
// the same function is called by the kernel (on unsigned integers) and
// proved here (on Z3 bit-vectors):
//
//   struct a_fragment {  // ldmatrix.x4 of mma.m16n8k16's A operand, block kb
//       template <class V> V operator()(V lane, V kb) const {
//           return swz::cute_byte_offset(lane % 16, (kb * 2 + lane / 16) * 8);  // the kernel's own arithmetic
//       }
//   };
//   swz::verify::access_certifier c;
//   c.add("a_fragment", swz::ldmatrix(4), 64 * 128, a_fragment{}, {{"kb", 4}}, swz::verify::required::conflict_free);
//   return c.run(argc, argv);  // a table, --json FILE, exit 0 / 10 / 5
//
// The function takes the lane and then one value per start variable, in
// the order given; each variable ranges over 0 .. count-1, and the proof is
// over every lane and every start. Every lane's bytes must lie in
// [0, tile_bytes) and be aligned to the instruction's width, else the access
// is refuted as illegal. The figure is the exact worst case in wavefronts,
// with a witness replayed through swz's one bank rule.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "access_subject.hpp"
#include "swz/access/instruction.hpp"
#include "verdict.hpp"

namespace swz::verify {

namespace detail {

// How many start values F takes after the lane (0 .. 4).
template <class F, std::size_t... I>
constexpr bool takes(std::index_sequence<I...>) {
    return std::is_invocable_v<F const&, std::uint64_t, decltype(std::uint64_t(I))...>;
}
template <class F>
constexpr std::size_t start_arity() {
    if constexpr (takes<F>(std::make_index_sequence<0>{})) return 0;
    else if constexpr (takes<F>(std::make_index_sequence<1>{})) return 1;
    else if constexpr (takes<F>(std::make_index_sequence<2>{})) return 2;
    else if constexpr (takes<F>(std::make_index_sequence<3>{})) return 3;
    else if constexpr (takes<F>(std::make_index_sequence<4>{})) return 4;
    else return 99;
}

template <class F, class V, std::size_t... I>
V call_with(F const& f, V lane, std::vector<V> const& s, std::index_sequence<I...>) {
    return V(f(lane, s[I]...));
}

}  // namespace detail

enum class required { figure_only, conflict_free };

// The access as the prover sees it. Throws std::invalid_argument when the
// function's arity does not match the variables, a count is 0, a variable
// has no name or shares one, or the instruction is none of
// swz/access/instruction.hpp's.
template <class F>
access_subject user_access(std::string const& name, instruction instr, std::uint64_t tile_bytes, F f,
                           std::vector<start_variable> vars) {
    constexpr std::size_t n = detail::start_arity<F>();
    static_assert(n <= 4, "swz: an access function takes (lane, start...) with at most 4 starts, all of one integer-like type");
    if (vars.size() != n)
        throw std::invalid_argument("swz: access '" + name + "' takes " + std::to_string(n) + " start values after the lane, but " +
                                    std::to_string(vars.size()) + " variables are given");
    for (std::size_t i = 0; i < vars.size(); ++i) {
        if (vars[i].count == 0) throw std::invalid_argument("swz: access '" + name + "': variable " + vars[i].name + " has no value");
        if (vars[i].name.empty()) throw std::invalid_argument("swz: access '" + name + "': a variable has no name");
        for (std::size_t j = 0; j < i; ++j)  // a counterexample names each start by its variable
            if (vars[j].name == vars[i].name)
                throw std::invalid_argument("swz: access '" + name + "': variable " + vars[i].name + " is given twice");
    }
    if (!is_known_instruction(instr))
        throw std::invalid_argument("swz: access '" + name + "': " + instr.name() + " over " + std::to_string(instr.address_lanes) +
                                    " lanes is no instruction swz knows (use swz::ld_shared, st_shared, cp_async, ldmatrix or stmatrix)");
    if (tile_bytes < instr.width) throw std::invalid_argument("swz: access '" + name + "': the tile is smaller than one lane's bytes");
    access_subject a;
    a.id = "conflict." + name;
    a.spec = name;
    a.instr = instr;
    a.statement = "lane l " + std::string(instr.is_store() ? "writes " : "reads ") + "the bytes " + name + " gives (" + instr.name() + ")";
    a.single_start = vars.empty();
    a.vars = vars.empty() ? std::vector<start_variable>{{"once", 1}} : std::move(vars);
    using seq = std::make_index_sequence<n>;
    a.address = [f](unsigned lane, std::vector<std::uint64_t> const& s) {
        return detail::call_with(f, std::uint64_t(lane), s, seq{});
    };
    a.symbolic_address = [f](unsigned lane, std::vector<symbolic_uint> const& s) {
        return detail::call_with(f, s[0].lift(lane), s, seq{});
    };
    std::uint64_t const last = tile_bytes - instr.width;
    a.inside = [f, last](unsigned lane, std::vector<std::uint64_t> const& s) {
        return detail::call_with(f, std::uint64_t(lane), s, seq{}) <= last;
    };
    a.symbolic_inside = [f, last](unsigned lane, std::vector<symbolic_uint> const& s) {
        return detail::call_with(f, s[0].lift(lane), s, seq{}) <= last;
    };
    a.describe_lane = [](unsigned, std::vector<std::uint64_t> const&) { return std::string(); };
    return a;
}

// Proves one access: its legality, then its exact worst case; with
// conflict_free, a worst case above the ideal is REFUTED.
property_result prove_user_access(access_subject const& a, required need, unsigned timeout_ms = 10000);

// A certifier program's accesses, proved in turn by run().
class access_certifier {
public:
    template <class F>
    void add(std::string const& name, instruction instr, std::uint64_t tile_bytes, F f,
             std::initializer_list<start_variable> vars = {}, required need = required::figure_only) {
        entries_.push_back({user_access(name, instr, tile_bytes, f, std::vector<start_variable>(vars)), need});
    }

    // Options: --json FILE (the results, written whole or not at all),
    // --timeout-ms N, --help. Prints one line per access. Exit codes as
    // swz-verify's: 0 all hold, 10 a requirement refuted, 5 one undecided,
    // 1 bad arguments, 3 the JSON could not be written.
    int run(int argc, char** argv) const;

private:
    struct entry {
        access_subject access;
        required need;
    };
    std::vector<entry> entries_;
};

}  // namespace swz::verify
