// The probes: single-warp shared-memory instructions whose wavefronts Nsight
// Compute measures, each with the figure the bank model predicts. They are
// the measured examples of ../shared/bank-model.md; every built-in access
// (row, column, 16-byte rows and columns, ldmatrix and stmatrix .x1/.x2/.x4
// with and without .trans, cp.async 4/8/16) on a layout of every family
// (plain, padded, the article's, CuTe's, each TMA mode), at its costliest
// start and at its cheapest (conflict-free where one is); and instances of
// every kernel access (its costliest one, its first and its last). The
// layouts and accesses are the model's own types: the very functions the
// prover proves.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "swz/access/column_access.hpp"
#include "swz/access/instruction.hpp"
#include "swz/access/matrix_access.hpp"
#include "swz/access/row_access.hpp"
#include "swz/bank_model.hpp"
#include "swz/kernels/kernel_catalog.hpp"
#include "swz/layout/article.hpp"
#include "swz/layout/bit_swizzle.hpp"
#include "swz/layout/strided.hpp"
#include "swz/layout/swizzled.hpp"
#include "swz/layout/tma_swizzle.hpp"

namespace swz::probe {

struct probe {
    std::string name;
    instruction instr;
    std::array<std::uint32_t, 32> offsets;
    unsigned expected;  // wavefronts by the bank model
};

// The hardware counter family each instruction is counted under.
inline std::string op_of(instruction const& i) {
    switch (i.kind) {
        case instruction::op::ld: return "ld";
        case instruction::op::st: return "st";
        case instruction::op::cp_async: return "ldgsts";
        case instruction::op::ldmatrix: return "ldsm";
        case instruction::op::stmatrix: return "stsm";
    }
    return "?";
}

inline unsigned model_cost(instruction const& i, std::array<std::uint32_t, 32> const& offsets) {
    warp_access a;
    a.width = i.width;
    a.rule = i.rule();
    for (unsigned l = 0; l < 32; ++l) {
        a.active[l] = l < i.address_lanes;
        a.byte_address[l] = a.active[l] ? offsets[l] : 0;
    }
    return bank_cost(a).wavefronts;
}

inline void add(std::vector<probe>& out, std::string const& name, instruction const& i,
                std::array<std::uint32_t, 32> const& offsets) {
    out.push_back({name + " " + i.name(), i, offsets, model_cost(i, offsets)});
}

inline void add_both(std::vector<probe>& out, std::string const& name, unsigned width,
                     std::array<std::uint32_t, 32> const& offsets) {
    add(out, name, ld_shared(width), offsets);
    add(out, name, st_shared(width), offsets);
}

template <class F>
std::array<std::uint32_t, 32> lanes(F f) {
    std::array<std::uint32_t, 32> a{};
    for (unsigned l = 0; l < 32; ++l) a[l] = std::uint32_t(f(l));
    return a;
}

// The examples measured in bank-model.md.
inline void add_bank_model_examples(std::vector<probe>& out) {
    add_both(out, "bank-model 4*l", 4, lanes([](unsigned l) { return 4 * l; }));
    add_both(out, "bank-model 4*2l", 4, lanes([](unsigned l) { return 8 * l; }));
    add_both(out, "bank-model 4*3l", 4, lanes([](unsigned l) { return 12 * l; }));
    add_both(out, "bank-model 4*32l", 4, lanes([](unsigned l) { return 128 * l; }));
    add_both(out, "bank-model 4*33l", 4, lanes([](unsigned l) { return 132 * l; }));
    add_both(out, "bank-model same word", 4, lanes([](unsigned) { return 40; }));
    add_both(out, "bank-model 8*l", 8, lanes([](unsigned l) { return 8 * l; }));
    add_both(out, "bank-model 8*16l", 8, lanes([](unsigned l) { return 128 * l; }));
    add_both(out, "bank-model 16*l", 16, lanes([](unsigned l) { return 16 * l; }));
    add_both(out, "bank-model 16*8l", 16, lanes([](unsigned l) { return 128 * l; }));
    add_both(out, "bank-model 128*(l%8)+16*((l%8)^(l/8))", 16,
             lanes([](unsigned l) { return 128 * (l % 8) + 16 * ((l % 8) ^ (l / 8)); }));
    // cp.async's shared side, against the same rule: packed, one bank,
    // rows that straddle 128-byte lines, a start off a line.
    for (unsigned w : {4u, 8u, 16u}) {
        std::string const n = "cp.async " + std::to_string(w);
        add(out, n + " w*l", cp_async(w), lanes([&](unsigned l) { return w * l; }));
        add(out, n + " 128*l", cp_async(w), lanes([](unsigned l) { return 128 * l; }));
        add(out, n + " 16+w*l", cp_async(w), lanes([&](unsigned l) { return 16 + w * l; }));
        add(out, n + " 144*(l/8)+16*(l%8)", cp_async(w), lanes([&](unsigned l) { return (144 * (l / 8) + 16 * (l % 8)) / w * w; }));
        add(out, n + " 132*l", cp_async(w), lanes([&](unsigned l) { return 132 * l / w * w; }));
        add(out, n + " 2w*l", cp_async(w), lanes([&](unsigned l) { return 2 * w * l; }));
        add(out, n + " 256*(l%8)+16*(l/8)", cp_async(w), lanes([&](unsigned l) { return (256 * (l % 8) + 16 * (l / 8)) / w * w; }));
    }
}

// cp.async.16 alone does not follow the one rule (measured on the H200,
// 2026-12-01): each phase's pattern k -> offset, k = lane % 8, the phases
// 1 KiB apart, to find what its shared side costs.
inline void add_cp_async_study(std::vector<probe>& out) {
    auto phase = [&](std::string const& name, auto f) {
        add(out, "cp.async.16 study " + name, cp_async(16), lanes([&](unsigned l) { return 1024 * (l / 8) + f(l % 8); }));
    };
    for (unsigned s = 0; s < 128; s += 16) phase("shift " + std::to_string(s), [&](unsigned k) { return s + 16 * k; });
    phase("xor1", [](unsigned k) { return 16 * (k ^ 1); });
    phase("xor4", [](unsigned k) { return 16 * (k ^ 4); });
    phase("reverse", [](unsigned k) { return 16 * (7 - k); });
    phase("rotate1", [](unsigned k) { return 16 * ((k + 1) % 8); });
    phase("shift16 reverse", [](unsigned k) { return 16 + 16 * (7 - k); });
    phase("pairs stride64", [](unsigned k) { return 64 * (k / 2) + 16 * (k % 2); });
    phase("quads stride128", [](unsigned k) { return 128 * (k / 4) + 16 * (k % 4); });
    phase("quads other half", [](unsigned k) { return k < 4 ? 16 * k : 128 + 16 * k; });
    phase("pairs own lines", [](unsigned k) { return 160 * (k / 2) + 16 * (k % 2); });
    phase("singles own lines", [](unsigned k) { return 144 * k; });
    phase("singles stride32", [](unsigned k) { return 32 * k; });
    phase("two lines halves", [](unsigned k) { return k < 4 ? 64 + 16 * k : 128 + 16 * (k - 4); });
    add(out, "cp.async.16 study one phase shifted", cp_async(16),
        lanes([](unsigned l) { return 1024 * (l / 8) + 16 * (l % 8) + (l / 8 == 1 ? 16 : 0); }));
    add(out, "cp.async.16 study 256B runs", cp_async(16), lanes([](unsigned l) { return 16 * l + 16 * (l / 16); }));
}

// A layout of each family on 64 rows, as the probe sees it.
struct probe_layout {
    std::string spec;
    tile_shape shape;
    std::function<std::uint64_t(std::uint64_t, std::uint64_t)> offset;
};

template <class L>
probe_layout layout_of(std::string spec, tile_shape shape, L l) {
    return {std::move(spec), shape, [l](std::uint64_t y, std::uint64_t x) { return l.byte_offset(y, x); }};
}

inline std::vector<probe_layout> family_layouts() {
    tile_shape const half128{64, 128, 2}, half64{64, 64, 2}, half32{64, 32, 2};
    auto tma = [](unsigned span, tile_shape s) {
        tma_swizzle const t{span, 0};
        return swizzled_layout<tma_swizzle>{t, tma_box_rows(t, s), true};
    };
    return {
        layout_of("plain", half128, plain_layout(half128)),
        layout_of("pad:16", half128, padded_layout(half128, 16)),
        layout_of("article:nx=64,elem=2,tc=16", half128, article_layout<layout_params>{{64, 2, 16}}),
        layout_of("cute:3,3,3", half128, swizzled_layout<bit_swizzle>{{3, 3, 3}, plain_layout(half128), false}),
        layout_of("tma:128B", half128, tma(128, half128)),
        layout_of("tma:64B", half64, tma(64, half64)),
        layout_of("tma:32B", half32, tma(32, half32)),
        layout_of("tma:none", half128, tma(0, half128)),
    };
}

// Every start of an access on a layout: the costliest and the cheapest.
template <class Access>
void add_extremes(std::vector<probe>& out, probe_layout const& l, Access const& a) {
    access_geometry const g{l.shape.rows, l.shape.row_bytes, l.shape.elem, 16};
    start_domain const d = a.starts(g);
    if (d.vars.empty()) return;
    std::uint64_t const n1 = d.vars[0].count, n2 = d.vars.size() > 1 ? d.vars[1].count : 1;
    std::array<std::uint32_t, 32> worst{}, best{};
    unsigned worst_cost = 0, best_cost = ~0u;
    for (std::uint64_t i = 0; i < n1; ++i)
        for (std::uint64_t j = 0; j < n2; ++j) {
            std::uint64_t const s[] = {i, j};
            auto const offs = lanes([&](unsigned lane) {
                if (lane >= a.instr.address_lanes) return std::uint64_t(0);
                return stored_byte(l.offset, a.at(g, std::uint64_t(lane), s), l.shape.elem);
            });
            bool aligned = true;
            for (unsigned lane = 0; lane < a.instr.address_lanes; ++lane) aligned &= offs[lane] % a.instr.width == 0;
            if (!aligned) continue;  // an illegal instruction: nothing to measure
            unsigned const cost = model_cost(a.instr, offs);
            if (cost > worst_cost) worst_cost = cost, worst = offs;
            if (cost < best_cost) best_cost = cost, best = offs;
        }
    if (!worst_cost) return;
    std::string const base = l.spec + " " + a.name();
    add(out, base + " costliest", a.instr, worst);
    add(out, base + " cheapest", a.instr, best);
}

inline void add_family_probes(std::vector<probe>& out) {
    for (auto const& l : family_layouts()) {
        unsigned const e = l.shape.elem;
        for (bool store : {false, true}) {
            auto const instr = [&](unsigned w) { return store ? st_shared(w) : ld_shared(w); };
            add_extremes(out, l, row_access{"row", instr(e)});
            add_extremes(out, l, column_access{"column", instr(e)});
            add_extremes(out, l, row_access{"row-chunk", instr(16)});
            add_extremes(out, l, column_access{"column-chunk", instr(16)});
        }
        for (unsigned n : {1u, 2u, 4u})
            for (bool trans : {false, true}) {
                add_extremes(out, l, matrix_access{ldmatrix(n, trans)});
                add_extremes(out, l, matrix_access{stmatrix(n, trans)});
            }
        for (unsigned w : {4u, 8u, 16u}) add_extremes(out, l, row_access{"cp.async", cp_async(w)});
    }
}

// Instances of every kernel access: the costliest, the first and the last.
struct kernel_probe_collector {
    std::vector<probe>* out;
    void kernel(kernel_info const&) {}
    template <class Address>
    void access(kernel_info const& k, kernel_access_info const& a, Address f) {
        std::uint64_t total = 1;
        for (unsigned i = 0; i < a.var_count; ++i) total *= a.vars[i].count;
        auto instance = [&](std::uint64_t index) {
            std::uint64_t vars[3] = {0, 0, 0};
            for (unsigned i = 0; i < a.var_count; ++i) vars[i] = index % a.vars[i].count, index /= a.vars[i].count;
            return lanes([&](unsigned lane) { return f(std::uint64_t(lane), vars); });
        };
        std::uint64_t worst = 0;
        unsigned worst_cost = 0;
        for (std::uint64_t i = 0; i < total; ++i) {
            unsigned const c = model_cost(a.instr, instance(i));
            if (c > worst_cost) worst_cost = c, worst = i;
        }
        std::string const base = std::string(k.name) + " " + std::string(a.name);
        for (auto [label, index] : {std::pair<char const*, std::uint64_t>{"costliest", worst}, {"first", 0}, {"last", total - 1}})
            add(*out, base + " " + label + " #" + std::to_string(index), a.instr, instance(index));
    }
};

// Every probe, or those whose name starts with `prefix`.
inline std::vector<probe> all_probes(std::string const& prefix = "") {
    std::vector<probe> out;
    add_bank_model_examples(out);
    add_cp_async_study(out);
    add_family_probes(out);
    visit_kernels(kernel_probe_collector{&out});
    std::vector<probe> kept;
    for (auto& p : out)
        if (p.name.rfind(prefix, 0) == 0) kept.push_back(std::move(p));
    return kept;
}

// The model's wavefronts per executed shared load and store instruction of a
// whole kernel launch on full tiles: every access instance runs equally
// often, so the figure is each access's mean cost, weighted by instances.
struct kernel_expectation {
    std::string kernel;
    double ld = 0, st = 0;
};

struct kernel_expectation_collector {
    std::vector<kernel_expectation>* out;
    double ld_cost = 0, ld_count = 0, st_cost = 0, st_count = 0;
    void kernel(kernel_info const& k) {
        out->push_back({std::string(k.name), 0, 0});
        ld_cost = ld_count = st_cost = st_count = 0;
    }
    template <class Address>
    void access(kernel_info const&, kernel_access_info const& a, Address f) {
        std::uint64_t total = 1;
        for (unsigned i = 0; i < a.var_count; ++i) total *= a.vars[i].count;
        bool const store = a.instr.is_store();
        for (std::uint64_t i = 0; i < total; ++i) {
            std::uint64_t vars[3] = {0, 0, 0}, index = i;
            for (unsigned v = 0; v < a.var_count; ++v) vars[v] = index % a.vars[v].count, index /= a.vars[v].count;
            unsigned const c = model_cost(a.instr, lanes([&](unsigned lane) { return f(std::uint64_t(lane), vars); }));
            (store ? st_cost : ld_cost) += c;
            (store ? st_count : ld_count) += 1;
        }
        out->back().ld = ld_count ? ld_cost / ld_count : 0;
        out->back().st = st_count ? st_cost / st_count : 0;
    }
};

inline std::vector<kernel_expectation> kernel_expectations() {
    std::vector<kernel_expectation> out;
    visit_kernels(kernel_expectation_collector{&out});
    return out;
}

}  // namespace swz::probe
