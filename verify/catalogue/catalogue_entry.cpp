#include "catalogue_entry.hpp"

#include "../report.hpp"
#include "swz/tile_layouts.hpp"

namespace swz::verify::catalogue {

std::string_view kind_name(tile_kind k) {
    switch (k) {
        case tile_kind::xor_swizzle: return "xor-swizzle";
        case tile_kind::plain: return "plain";
        case tile_kind::padded: return "padded";
    }
    return "?";
}

std::optional<tile_kind> kind_from_name(std::string_view s) {
    for (auto k : {tile_kind::xor_swizzle, tile_kind::plain, tile_kind::padded})
        if (kind_name(k) == s) return k;
    return std::nullopt;
}

std::string_view role_name(entry_role r) {
    switch (r) {
        case entry_role::grid: return "grid";
        case entry_role::kernel: return "kernel";
        case entry_role::known_bad: return "known-bad";
    }
    return "?";
}

std::optional<entry_role> role_from_name(std::string_view s) {
    for (auto r : {entry_role::grid, entry_role::kernel, entry_role::known_bad})
        if (role_name(r) == s) return r;
    return std::nullopt;
}

std::string entry_name(tile_spec const& t, requirements const& r) {
    auto const n = [](std::uint64_t v) { return std::to_string(v); };
    std::string name;
    switch (t.kind) {
        case tile_kind::xor_swizzle: name = "nx" + n(t.params.nx) + "-e" + n(t.params.elem) + "-tc" + n(t.params.tc); break;
        case tile_kind::plain: name = "plain-nx" + n(t.params.nx) + "-e" + n(t.params.elem); break;
        case tile_kind::padded: name = "padded-nx" + n(t.params.nx) + "-e" + n(t.params.elem) + "-pad" + n(t.pad); break;
    }
    if (t.rows != all_32bit_rows) name += "-r" + n(t.rows);
    for (auto p : r.conflict_free) name += "-require-" + std::string(pattern_name(p));
    if (r.article) name += "-require-article";
    return name;
}

tile_subject subject_of(tile_spec const& t) {
    layout_params const& p = t.params;
    switch (t.kind) {
        case tile_kind::xor_swizzle: return article_subject(p, t.rows);
        case tile_kind::plain: return make_tile_subject("plain", plain_tile{p.nx, p.elem}, p, t.rows);
        case tile_kind::padded: return make_tile_subject("padded", padded_tile{p.nx, p.elem, t.pad}, p, t.rows);
    }
    return article_subject(p, t.rows);
}

std::string describe_tile(tile_spec const& t) {
    std::string s = std::string(kind_name(t.kind)) + " tile, " + describe_layout(t.params, t.rows);
    if (t.kind == tile_kind::padded) s += ", " + std::to_string(t.pad) + " pad element(s) per row";
    return s;
}

}  // namespace swz::verify::catalogue
