#include "catalogue_members.hpp"

#include <algorithm>

namespace swz::verify::catalogue {

catalogue_entry grid_entry(layout_params const& p, std::uint64_t rows) {
    catalogue_entry e;
    e.tile = {tile_kind::xor_swizzle, p, rows, 0};
    e.role = entry_role::grid;
    e.name = entry_name(e.tile, e.required);
    return e;
}

std::vector<catalogue_entry> kernel_entries() {
    std::vector<catalogue_entry> out;
    for (auto const& k : kernel_layouts) {
        tile_spec const t{k.kind, k.params, k.rows, k.kind == tile_kind::padded ? k.pad : 0};
        auto same = std::find_if(out.begin(), out.end(), [&](catalogue_entry const& e) { return e.tile == t; });
        if (same == out.end()) {
            catalogue_entry e;
            e.tile = t;
            e.role = entry_role::kernel;
            e.name = entry_name(t, e.required);
            out.push_back(e);
            same = out.end() - 1;
        }
        same->kernels.emplace_back(k.kernel);
    }
    return out;
}

std::vector<catalogue_entry> known_bad_entries() {
    auto bad = [](tile_spec t, requirements r, std::vector<std::string> refuted, std::string why) {
        catalogue_entry e;
        e.tile = t;
        e.required = std::move(r);
        e.role = entry_role::known_bad;
        e.name = entry_name(t, e.required);
        e.expected_exit = 10;
        e.expected_refuted = std::move(refuted);
        e.why = std::move(why);
        return e;
    };
    // Non-powers of two are slow over every 32-bit row: 64 rows show it.
    return {
        bad({tile_kind::xor_swizzle, {12, 4, 4}, 64, 0}, {}, {"bijection", "row_permutation", "involution"},
            "a row that is not a power of two: the XOR leaves the row and % NX folds it onto a taken column"),
        bad({tile_kind::xor_swizzle, {64, 4, 16}, all_32bit_rows, 0}, {{tile_pattern::column}, false},
            {"conflict.column"},
            "TC = 16 bytes keeps x % 4 in place, so a column spreads over 16 columns only: 4-way conflicts"),
        bad({tile_kind::xor_swizzle, {64, 4, 16}, all_32bit_rows, 0}, {{}, true},
            {"article.spread_claim", "article.final_form"},
            "the article's spread claim and its final closed form (no % NX) are false when TC holds several elements"),
        bad({tile_kind::plain, {32, 4, 4}, 32, 0}, {{tile_pattern::column}, false}, {"conflict.column"},
            "the unswizzled tile: every row starts in bank 0, so a column read is a 32-way conflict"),
    };
}

std::vector<catalogue_entry> fixed_entries() {
    auto out = kernel_entries();
    for (auto& e : known_bad_entries()) out.push_back(std::move(e));
    return out;
}

}  // namespace swz::verify::catalogue
