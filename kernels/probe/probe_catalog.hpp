// The probes: single-warp shared-memory accesses whose wavefronts Nsight
// Compute measures, each with the figure the bank model predicts. They are
// the measured examples of ../shared/bank-model.md, the proved worst cases of
// a few layouts' tile patterns, and instances of every kernel access (its
// costliest one, its first and its last).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "swz/bank_model.hpp"
#include "swz/kernels/kernel_catalog.hpp"
#include "swz/layout/article.hpp"
#include "swz/tile_patterns.hpp"

namespace swz::probe {

struct probe {
    std::string name;
    bool store;
    unsigned width;
    std::array<std::uint32_t, 32> offsets;
    unsigned expected;  // wavefronts by the bank model
};

inline unsigned model_cost(unsigned width, std::array<std::uint32_t, 32> const& offsets) {
    warp_access a;
    a.width = width;
    for (unsigned l = 0; l < 32; ++l) a.byte_address[l] = offsets[l];
    return bank_cost(a).wavefronts;
}

inline void add_both(std::vector<probe>& out, std::string const& name, unsigned width,
                     std::array<std::uint32_t, 32> const& offsets) {
    unsigned const e = model_cost(width, offsets);
    out.push_back({name + " ld", false, width, offsets, e});
    out.push_back({name + " st", true, width, offsets, e});
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
}

// The costliest start of each tile pattern of a layout (rows 0..63 and every
// column), found by enumeration.
inline void add_tile_patterns(std::vector<probe>& out, layout_params l) {
    article_layout<layout_params> const tile{l};
    pattern_geometry const g{l.nx, l.elem, l.tc};
    std::uint64_t const rows = 64;
    for (auto p : all_tile_patterns) {
        auto const d = tile_pattern_domain(p, g, rows);
        if (d.vars.empty()) continue;
        unsigned const w = pattern_width(p, g);
        std::array<std::uint32_t, 32> worst{};
        unsigned worst_cost = 0;
        std::uint64_t const n1 = d.vars[0].count, n2 = d.vars.size() > 1 ? d.vars[1].count : 1;
        for (std::uint64_t a = 0; a < n1; ++a)
            for (std::uint64_t b = 0; b < n2; ++b) {
                std::uint64_t const s[] = {a, b};
                auto const offs = lanes([&](unsigned lane) {
                    auto const c = pattern_cell<std::uint64_t>(p, g, s, lane);
                    return tile.byte_offset(c.y, c.x);
                });
                unsigned const cost = model_cost(w, offs);
                if (cost > worst_cost) worst_cost = cost, worst = offs;
            }
        add_both(out,
                 "layout NX=" + std::to_string(l.nx) + " elem=" + std::to_string(l.elem) + " TC=" + std::to_string(l.tc) +
                     " " + std::string(pattern_name(p)) + " worst",
                 w, worst);
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
            unsigned const c = model_cost(a.width, instance(i));
            if (c > worst_cost) worst_cost = c, worst = i;
        }
        std::string const base = std::string(k.name) + " " + std::string(a.name);
        for (auto [label, index] : {std::pair<char const*, std::uint64_t>{"costliest", worst}, {"first", 0}, {"last", total - 1}}) {
            auto const offs = instance(index);
            out->push_back({base + " " + label + " #" + std::to_string(index), a.store, a.width, offs,
                            model_cost(a.width, offs)});
        }
    }
};

inline std::vector<probe> all_probes() {
    std::vector<probe> out;
    add_bank_model_examples(out);
    for (auto l : {layout_params{16, 4, 4}, layout_params{64, 4, 16}, layout_params{32, 4, 4}, layout_params{128, 1, 16},
                   layout_params{32, 8, 16}, layout_params{64, 2, 8}})
        add_tile_patterns(out, l);
    visit_kernels(kernel_probe_collector{&out});
    return out;
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
        for (std::uint64_t i = 0; i < total; ++i) {
            std::uint64_t vars[3] = {0, 0, 0}, index = i;
            for (unsigned v = 0; v < a.var_count; ++v) vars[v] = index % a.vars[v].count, index /= a.vars[v].count;
            unsigned const c = model_cost(a.width, lanes([&](unsigned lane) { return f(std::uint64_t(lane), vars); }));
            (a.store ? st_cost : ld_cost) += c;
            (a.store ? st_count : ld_count) += 1;
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
