// Every shared-memory instruction of every transpose kernel, in one place.
// visit_kernels() hands each kernel and each of its accesses to a visitor;
// an access's address is a generic callable, so the prover instantiates it on
// bit-vectors and the hardware probe on integers:
//
//   byte = address(lane, vars)   vars[i] in 0 .. counts[i]-1
//
// The variables are the warp, the iteration and, for unrolled reads, the
// read's index: together they name every executed instance of the
// instruction in a full tile.
#pragma once

#include <array>
#include <cstdint>
#include <iterator>
#include <string_view>
#include <type_traits>

#include "swz/access/instruction.hpp"
#include "swz/kernel_layouts.hpp"
#include "swz/kernels/article_tiles.hpp"
#include "swz/kernels/article_transpose_plan.hpp"
#include "swz/kernels/fast_transpose_configs.hpp"
#include "swz/kernels/fast_transpose_realign.hpp"

namespace swz {

struct access_variable {
    std::string_view name;
    std::uint64_t count;
};

struct kernel_access_info {
    std::string_view name;  // "load.st_shared" ...
    instruction instr;      // what the kernel body issues: st.16, ld.4, ...
    unsigned var_count;
    std::array<access_variable, 3> vars;
};

struct kernel_info {
    std::string_view name;
    std::string_view description;
    bool claims_conflict_free;  // every access must reach the ideal
    unsigned shared_bytes;
    kernel_tile tile;  // its entry in kernel_tiles()
};

namespace detail {

// One name per phase of the realigning gather (fast_transpose_realign.hpp):
// each phase is its own instruction stream, proved on its own, so that
// covering the tile once is a property of each.
inline constexpr std::string_view realigned_gather_names[16] = {
    "gather_realigned.phase0.ld_shared",
    "gather_realigned.phase1.ld_shared",
    "gather_realigned.phase2.ld_shared",
    "gather_realigned.phase3.ld_shared",
    "gather_realigned.phase4.ld_shared",
    "gather_realigned.phase5.ld_shared",
    "gather_realigned.phase6.ld_shared",
    "gather_realigned.phase7.ld_shared",
    "gather_realigned.phase8.ld_shared",
    "gather_realigned.phase9.ld_shared",
    "gather_realigned.phase10.ld_shared",
    "gather_realigned.phase11.ld_shared",
    "gather_realigned.phase12.ld_shared",
    "gather_realigned.phase13.ld_shared",
    "gather_realigned.phase14.ld_shared",
    "gather_realigned.phase15.ld_shared"};

template <class Plan, class Visitor>
void visit_fast(std::string_view name, std::string_view description, Visitor& v) {
    using plan = Plan;
    constexpr unsigned Elem = plan::elem;
    kernel_info const info{name, description, true, plan::shared_bytes, kernel_tile_named(name)};
    v.kernel(info);
    v.access(info,
             kernel_access_info{"load.st_shared", st_shared(plan::store_width), 2,
                                {{{"warp", plan::warps}, {"iteration", plan::load_iterations}, {"", 0}}}},
             [](auto lane, auto const* vars) { return plan::load_store_byte(lane, vars[0], vars[1]); });
    v.access(info,
             kernel_access_info{"gather.ld_shared", ld_shared(plan::gather_width), 3,
                                {{{"warp", plan::warps}, {"iteration", plan::gather_iterations},
                                  {"read", plan::rows_per_vector}}}},
             [](auto lane, auto const* vars) { return plan::gather_read_byte(lane, vars[0], vars[1], vars[2]); });
    // The int8 kernel with aligned rows computes the same reads through
    // their cells (fast_transpose_plan::gather_read_byte_by_cell).
    if constexpr (Elem == 1 && std::is_same_v<plan, fast_plan_for<1>>)
        v.access(info,
                 kernel_access_info{"gather_by_cell.ld_shared", ld_shared(plan::gather_width), 3,
                                    {{{"warp", plan::warps}, {"iteration", plan::gather_iterations},
                                      {"read", plan::rows_per_vector}}}},
                 [](auto lane, auto const* vars) {
                     return plan::gather_read_byte_by_cell(lane, vars[0], vars[1], vars[2]);
                 });
    // Output rows realigned by the gather itself, in plans that gather one
    // element a read: doubles with unaligned input rows (the others run the
    // plain gather).
    if constexpr (plan::elems_per_gather == 1) {
        using realign = fast_transpose_realign<plan>;
        static_assert(realign::phases <= std::size(realigned_gather_names));
        for (unsigned phase = 0; phase < realign::phases; ++phase)
            v.access(info,
                     kernel_access_info{realigned_gather_names[phase], ld_shared(plan::gather_width), 3,
                                        {{{"warp", plan::warps}, {"iteration", plan::gather_iterations},
                                          {"read", plan::rows_per_vector}}}},
                     [phase](auto lane, auto const* vars) {
                         return realign::gather_read_byte(lane, vars[0], vars[1], vars[2], phase);
                     });
    }
}

inline constexpr std::string_view fast_description =
    "16-byte-chunk swizzled tile, 16-byte global loads and stores, register gather";
inline constexpr std::string_view fast_realigning_description =
    "the same for output rows not 16-byte aligned, and for tall matrices: its own tile and gather "
    "(fast_transpose_config)";

inline constexpr std::string_view fast_wide_description =
    "the same for large matrices: tiles of 128 rows x 256 bytes, 512 threads, 8-byte gathers "
    "(fast_transpose_config::takes_wide_plan)";

// The element size's kernels: one plan, a second for the kernels that
// realign output rows and for tall matrices (fast_plan_of,
// tall_takes_realigning_plan), named `realigning`, and a third for large
// matrices (fast_plan_wide), named `wide`, where the config names them
// (names: kernel_names, swz/kernel_layouts.hpp).
template <unsigned Elem, class Visitor>
void visit_fast_sizes(Visitor& v) {
    using names = kernel_names<Elem>;
    visit_fast<fast_plan_for<Elem>>(names::fast, fast_description, v);
    if constexpr (has_realigning_plan<Elem>)
        visit_fast<fast_plan_of<Elem, false>>(names::fast_realigning, fast_realigning_description, v);
    if constexpr (has_wide_plan<Elem>) visit_fast<fast_plan_wide<Elem>>(names::fast_wide, fast_wide_description, v);
}

template <class Layout, class Visitor>
void visit_article(std::string_view name, std::string_view description, bool conflict_free, Layout layout,
                   unsigned elem, Visitor& v) {
    article_transpose_plan<Layout> const plan{layout, elem};
    kernel_info const info{name, description, conflict_free, plan.shared_bytes(), kernel_tile_named(name)};
    v.kernel(info);
    unsigned const w = plan.access_bytes();
    v.access(info, kernel_access_info{"store.st_shared", st_shared(w), 1, {{{"warp", plan.warps}, {"", 0}, {"", 0}}}},
             [plan](auto lane, auto const* vars) { return plan.store_byte(lane, vars[0]); });
    v.access(info, kernel_access_info{"load.ld_shared", ld_shared(w), 1, {{{"warp", plan.warps}, {"", 0}, {"", 0}}}},
             [plan](auto lane, auto const* vars) { return plan.load_byte(lane, vars[0]); });
}

template <unsigned Elem, class Visitor>
void visit_article_variants(Visitor& v) {
    using t = article_tiles<Elem>;
    using names = kernel_names<Elem>;
    visit_article(names::article_swizzled, "the article's swizzled tile: x ^ (y % 32), element-wide", Elem == 4,
                  t::swizzled, Elem, v);
    // The article claims conflict-free accesses for its float kernels only.
    visit_article(names::article_padded, "the article's padded tile: 32 x 33 elements", Elem == 4, t::padded, Elem, v);
    visit_article(names::article_plain, "the article's unswizzled tile: 32 x 32 elements", false, t::plain, Elem, v);
}

}  // namespace detail

// Visitor: v.kernel(kernel_info) once per kernel, then
//          v.access(kernel_info, kernel_access_info, address) per access.
template <class Visitor>
void visit_kernels(Visitor&& v) {
    detail::visit_fast_sizes<1>(v);
    detail::visit_fast_sizes<2>(v);
    detail::visit_fast_sizes<4>(v);
    detail::visit_fast_sizes<8>(v);
    detail::visit_article_variants<1>(v);
    detail::visit_article_variants<2>(v);
    detail::visit_article_variants<4>(v);
    detail::visit_article_variants<8>(v);
}

}  // namespace swz
