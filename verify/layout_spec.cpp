#include "layout_spec.hpp"

#include "cute_layout_subject.hpp"
#include "layout_subjects.hpp"
#include "swz/layout/column_blocks.hpp"
#include "swz/layout/cute_layout_text.hpp"
#include "swz/layout/shape_rules.hpp"
#include "swz/layout/triton_swizzle.hpp"
#include "swz/layout/ttgir_text.hpp"
#include "ttgir_spec.hpp"
#include "swz/pow2.hpp"

namespace swz::verify {

namespace {

using result = std::variant<layout_subject, layout_error>;

layout_error grammar(std::string message) { return {"spec", std::move(message)}; }
layout_error rule(rule_violation const& v) { return {v.id, v.message}; }

unsigned bits_for(std::uint64_t count) { return count <= 1 ? 0 : log2_floor(count - 1) + 1; }

}  // namespace

// A swizzle must act inside the tile and keep elements whole.
std::optional<layout_error> check_bits(bit_swizzle const& b, std::string const& spec, std::uint32_t unit_bytes,
                                       tile_shape const& shape, std::uint64_t footprint) {
    if (b.bits == 0) return std::nullopt;
    unsigned const tile_bits = bits_for(footprint / unit_bytes);
    if (b.target_low() + b.bits > tile_bits)
        return layout_error{"swizzle-fits-tile", "'" + spec + "': the swizzle writes bits up to " +
                                                     std::to_string(b.target_low() + b.bits - 1) + " of the offset, but the tile's " +
                                                     (unit_bytes == 1 ? "byte" : "element") +
                                                     (tile_bits == 0 ? " offsets are all 0"
                                                                     : " offsets use bits 0.." + std::to_string(tile_bits - 1) + " only")};
    unsigned const elem_bits = unit_bytes == 1 ? log2_floor(shape.elem) : 0;
    if (std::min(b.source_low(), b.target_low()) < elem_bits)
        return layout_error{"swizzle-keeps-elements", "'" + spec + "': the swizzle moves byte bits inside a " +
                                                          std::to_string(shape.elem) + "-byte element"};
    return std::nullopt;
}

std::variant<layout_subject, layout_error> cute_swizzle_subject(cute_swizzle_spec const& c, strided_layout const& base,
                                                                tile_shape const& shape, std::string const& text) {
    swizzled_layout<bit_swizzle> const l{c.swizzle, base, c.on_bytes};
    if (auto e = check_bits(c.swizzle, text, l.unit_bytes(), shape, l.footprint(shape.rows))) return *e;
    return subject_of(l, shape, cute_spec_text(c));
}

namespace {

std::variant<tile_shape, layout_error> shape_of(tile_request const& t) {
    if (!t.row_bytes) return grammar("this layout needs --row-bytes N (the bytes of one row)");
    tile_shape const s{t.rows, *t.row_bytes, t.elem};
    if (auto v = check_shape(s)) return rule(*v);
    return s;
}

result article_subject(spec_args const& a, tile_request const& t) {
    auto const parsed = parse_article(a, t.elem);
    if (auto const* e = std::get_if<spec_error>(&parsed)) return grammar(e->message);
    layout_params const p = std::get<layout_params>(parsed);
    if (auto v = check_article(p)) return rule(*v);
    if (t.elem_given && t.elem != p.elem)
        return layout_error{"elem-agrees", "--elem " + std::to_string(t.elem) + " and the spec's elem = " +
                                               std::to_string(p.elem) + " disagree"};
    if (t.row_bytes && *t.row_bytes != p.row_bytes())
        return layout_error{"row-bytes-agrees", "--row-bytes " + std::to_string(*t.row_bytes) + " and the spec's row of " +
                                                    std::to_string(p.nx) + " x " + std::to_string(p.elem) + " = " +
                                                    std::to_string(p.row_bytes()) + " bytes disagree"};
    tile_shape const shape{t.rows, std::uint32_t(p.row_bytes()), p.elem};
    if (auto v = check_shape(shape)) return rule(*v);
    return subject_of(article_layout<layout_params>{p}, shape);
}

std::variant<strided_layout, layout_error> base_of(std::string const& text, tile_shape const& shape) {
    auto const split = split_spec(text);
    if (auto const* e = std::get_if<spec_error>(&split)) return grammar(e->message);
    auto const& a = std::get<spec_args>(split);
    if (a.family != "plain" && a.family != "pad")
        return grammar("'" + text + "': a swizzle composes after plain, pad:P or blocks:W, not " + a.family);
    auto const pad = parse_pad(a);
    if (auto const* e = std::get_if<spec_error>(&pad)) return grammar(e->message);
    strided_layout const l = padded_layout(shape, std::get<std::uint32_t>(pad));
    if (auto v = l.check(shape)) return rule(*v);
    return l;
}

result cute_subject(spec_args const& a, strided_layout const& base, tile_shape const& shape) {
    auto const parsed = parse_cute(a);
    if (auto const* e = std::get_if<spec_error>(&parsed)) return grammar(e->message);
    return cute_swizzle_subject(std::get<cute_swizzle_spec>(parsed), base, shape, a.text);
}

result tma_subject(spec_args const& a, strided_layout const& base, tile_shape const& shape) {
    auto const parsed = parse_tma(a);
    if (auto const* e = std::get_if<spec_error>(&parsed)) return grammar(e->message);
    auto const t = std::get<tma_swizzle>(parsed);
    if (base.pitch != shape.row_bytes)
        return layout_error{"tma-dense-box", "'" + a.text + "': the copy engine lays a box out itself; it takes no pad"};
    if (auto v = tma_box_rule(t, shape)) return rule(*v);
    swizzled_layout<tma_swizzle> const l{t, tma_box_rows(t, shape), true};
    if (auto e = check_bits(t.pattern(), a.text, 1, shape, l.footprint(shape.rows))) return *e;
    return subject_of(l, shape, t.text());
}

result linear_subject(spec_args const& a, strided_layout const& base, tile_shape const& shape) {
    auto const parsed = parse_linear(a);
    if (auto const* e = std::get_if<spec_error>(&parsed)) return grammar(e->message);
    auto const m = std::get<gf2_map>(parsed);
    swizzled_layout<gf2_map> const l{m, base, false};
    unsigned const want = bits_for(l.footprint(shape.rows) / shape.elem);
    if (m.bits != want)
        return layout_error{"linear-basis-length", "'" + a.text + "': " + std::to_string(m.bits) +
                                                       " images given, but the tile's element offsets have " +
                                                       std::to_string(want) + " bits (one image per bit)"};
    return subject_of(l, shape, "linear:" + m.text());
}

result triton_subject(spec_args const& a, strided_layout const& base, tile_shape const& shape) {
    auto const parsed = parse_triton(a);
    if (auto const* e = std::get_if<spec_error>(&parsed)) return grammar(e->message);
    auto const t = std::get<triton_swizzle>(parsed);
    if (base.pitch != shape.row_bytes)
        return layout_error{"triton-dense-rows", "'" + a.text + "': Triton's swizzled_shared rows are dense; it takes no pad"};
    std::uint64_t const cols = shape.cols();
    if (!is_pow2(cols))
        return layout_error{"triton-power-of-two-row", "'" + a.text + "': Triton's swizzled_shared needs a power-of-two row, not " +
                                                           std::to_string(cols) + " elements"};
    swizzled_layout<bit_swizzle> const l{t.on_rows_of(cols), base, false};
    if (auto e = check_bits(l.swizzle, a.text, l.unit_bytes(), shape, l.footprint(shape.rows))) return *e;
    layout_subject out = subject_of(l, shape, t.text());
    out.family = "triton";  // the spec's family; the swizzle is CuTe's (triton_swizzle.hpp)
    return out;
}

// A swizzle after column blocks (column_blocks.hpp), decided as the GF(2)
// layout it is: with the rows, the row's elements and W powers of two, the
// block, the row and the column are bit fields of the row-major element
// offset, and CuTe's and the TMA's swizzles XOR bits, so the cells of one
// offset bit each give the whole map (the linear family's images).
// tests/verify/test_family_agreement.cpp compares that map, cell by cell,
// with CuTe's tiled atoms and the copy engine's rule written out.
template <class F>
result blocks_subject(swizzled_layout<F, column_blocks> const& l, tile_shape const& shape, std::string const& spec) {
    return linear_subject_of(l, shape, spec,
                             "the blocks reorder each row before the swizzle, so the layout's map is no involution whatever the swizzle");
}

// A rule a spec with column blocks breaks, the whole spec named.
layout_error blocks_error(std::string const& spec, char const* id, std::string const& why) {
    return {id, "'" + spec + "': " + why};
}

// What a family's swizzle after column blocks is, for the families that
// may follow them; `blocks` is the base's own text, for messages.

result cute_on_blocks(spec_args const& a, column_blocks const& base, tile_shape const& shape, std::string const& blocks) {
    auto const parsed = parse_cute(a);
    if (auto const* e = std::get_if<spec_error>(&parsed)) return grammar(e->message);
    auto const c = std::get<cute_swizzle_spec>(parsed);
    swizzled_layout<bit_swizzle, column_blocks> const l{c.swizzle, base, c.on_bytes};
    if (auto e = check_bits(c.swizzle, a.text, l.unit_bytes(), shape, l.footprint(shape.rows))) return *e;
    return blocks_subject(l, shape, cute_spec_text(c) + "@" + blocks);
}

result tma_on_blocks(spec_args const& a, column_blocks const& base, tile_shape const& shape, std::string const& blocks) {
    auto const parsed = parse_tma(a);
    if (auto const* e = std::get_if<spec_error>(&parsed)) return grammar(e->message);
    auto const t = std::get<tma_swizzle>(parsed);
    std::string const whole = a.text + "@" + blocks;
    if (t.address != 0) return blocks_error(whole, "blocks-tma-base", "one TMA box a block: give no base");
    if (t.span != 0 && t.span != base.block_bytes)
        return blocks_error(whole, "blocks-tma-span",
                            "a TMA box a block must be the swizzle's span of " + std::to_string(t.span) + " bytes wide");
    if (base.block_bytes % 16 != 0) return blocks_error(whole, "tma-box-16B", "a TMA box row is a multiple of 16 bytes");
    return blocks_subject(swizzled_layout<tma_swizzle, column_blocks>{t, base, true}, shape, t.text() + "@" + blocks);
}

using on_blocks_fn = result (*)(spec_args const&, column_blocks const&, tile_shape const&, std::string const&);

// SWIZZLE@blocks:W (`on_blocks` the swizzle family's builder, null where
// it cannot follow blocks), or blocks:W alone (`swizzle` empty).
result column_blocks_subject(std::optional<spec_args> const& swizzle, on_blocks_fn on_blocks, spec_args const& blocks,
                             tile_request const& tile, tile_shape const& shape) {
    auto const w = parse_blocks(blocks);
    if (auto const* e = std::get_if<spec_error>(&w)) return grammar(e->message);
    std::uint32_t const width = std::get<std::uint32_t>(w);
    std::string const whole = (swizzle ? swizzle->text + "@" : std::string()) + blocks.text;
    if (swizzle && !on_blocks) return grammar("'" + whole + "': a swizzle after blocks:W is cute or tma");
    if (!tile.rows_given)
        return blocks_error(whole, "blocks-rows-given", "each column block holds every row: give the tile's --rows");
    if (!is_pow2(shape.rows) || !is_pow2(shape.cols()) || !is_pow2(width))
        return blocks_error(whole, "blocks-powers-of-two",
                            "column blocks need power-of-two rows, row elements and block width");
    if (width < shape.elem || width > shape.row_bytes)
        return blocks_error(whole, "blocks-width",
                            "a block of " + std::to_string(width) + " bytes must hold an element and fit in the row of " +
                                std::to_string(shape.row_bytes) + " bytes");
    if (log2_floor(shape.rows) + log2_floor(shape.cols()) > gf2_map::max_bits)
        return blocks_error(whole, "blocks-size", "more than 2^" + std::to_string(gf2_map::max_bits) + " cells");
    column_blocks const base{shape.elem, width, shape.rows, shape.row_bytes};
    if (!swizzle) return blocks_subject(swizzled_layout<bit_swizzle, column_blocks>{{}, base, false}, shape, whole);
    return on_blocks(*swizzle, base, shape, blocks.text);
}

// The swizzle families: each builds its subject after a strided base, and
// those that may, after column blocks.
struct swizzle_family {
    char const* name;
    result (*build)(spec_args const&, strided_layout const&, tile_shape const&);
    on_blocks_fn on_blocks;
};
constexpr swizzle_family swizzle_families[] = {
    {"cute", cute_subject, cute_on_blocks},
    {"tma", tma_subject, tma_on_blocks},
    {"linear", linear_subject, nullptr},
    {"triton", triton_subject, nullptr},
};

}  // namespace

namespace {

result parse_spec(std::string const& spec, tile_request const& tile);

// A TTGIR attribute, decided as the spec it reads as (ttgir_spec.hpp); a
// rule that spec breaks names both.
result ttgir_subject(std::string const& text, tile_request const& tile) {
    auto const reading = read_ttgir(text, tile);
    if (auto const* e = std::get_if<layout_error>(&reading)) return *e;
    auto const& r = std::get<ttgir_reading>(reading);
    auto out = parse_spec(r.spec, r.tile);
    if (auto* e = std::get_if<layout_error>(&out)) {
        std::string const named = "'" + r.spec + "': ";  // said once, not twice
        if (e->message.rfind(named, 0) == 0) e->message.erase(0, named.size());
        e->message = "'" + text + "' reads as " + r.spec + ": " + e->message;
    }
    return out;
}

}  // namespace

std::variant<layout_subject, layout_error> parse_layout(std::string const& spec, tile_request const& tile) {
    auto out = parse_spec(spec, tile);
    auto* s = std::get_if<layout_subject>(&out);
    if (!s || !tile.chunk_bytes) return out;
    std::uint32_t const c = *tile.chunk_bytes;
    if (c % s->shape.elem != 0 || !is_pow2(c / s->shape.elem) || s->shape.row_bytes % c != 0)
        return layout_error{"chunk-divides-row", "a chunk of " + std::to_string(c) + " bytes must be a power-of-two number of " +
                                                     std::to_string(s->shape.elem) + "-byte elements that divides the row of " +
                                                     std::to_string(s->shape.row_bytes) + " bytes"};
    s->chunk_bytes = c;
    return out;
}

namespace {

result parse_spec(std::string const& spec, tile_request const& tile) {
    if (spec.empty()) return grammar("an empty layout spec");
    if (looks_like_cute_layout(spec)) return cute_layout_subject(spec, tile);
    if (looks_like_ttgir(spec)) return ttgir_subject(spec, tile);
    if (spec.find_first_of(" \t\n\r") != std::string::npos) return grammar("'" + spec + "': a layout spec has no spaces");
    auto const at = spec.find('@');
    if (at == 0) return grammar("'" + spec + "': nothing before '@' (SWIZZLE@BASE, e.g. cute:3,3,3@pad:16)");
    if (at == spec.size() - 1) return grammar("'" + spec + "': nothing after '@' (SWIZZLE@BASE, e.g. cute:3,3,3@pad:16)");
    std::string const head = spec.substr(0, at);
    auto const split = split_spec(head);
    if (auto const* e = std::get_if<spec_error>(&split)) return grammar(e->message);
    auto const& a = std::get<spec_args>(split);
    if (a.family == "article") {
        if (at != std::string::npos) return grammar("'" + spec + "': the article's formula composes after nothing");
        return article_subject(a, tile);
    }
    auto const shape = shape_of(tile);
    if (auto const* e = std::get_if<layout_error>(&shape)) return *e;
    tile_shape const& s = std::get<tile_shape>(shape);
    if (a.family == "blocks") {
        if (at != std::string::npos) return grammar("'" + spec + "': '@' follows a swizzle (cute, tma)");
        return column_blocks_subject(std::nullopt, nullptr, a, tile, s);
    }
    if (a.family == "plain" || a.family == "pad") {
        if (at != std::string::npos) return grammar("'" + spec + "': '@' follows a swizzle (cute, tma, linear, triton)");
        auto const base = base_of(head, s);
        if (auto const* e = std::get_if<layout_error>(&base)) return *e;
        return subject_of(std::get<strided_layout>(base), s);
    }
    for (auto const& f : swizzle_families) {
        if (a.family != f.name) continue;
        std::string const base_text = at == std::string::npos ? "plain" : spec.substr(at + 1);
        if (base_text.find('@') != std::string::npos) return grammar("'" + spec + "': one '@' at most");
        if (base_text.rfind("blocks", 0) == 0) {
            auto const blocks = split_spec(base_text);
            if (auto const* e = std::get_if<spec_error>(&blocks)) return grammar(e->message);
            if (std::get<spec_args>(blocks).family == "blocks")
                return column_blocks_subject(a, f.on_blocks, std::get<spec_args>(blocks), tile, s);
        }
        auto const base = base_of(base_text, s);
        if (auto const* e = std::get_if<layout_error>(&base)) return *e;
        return f.build(a, std::get<strided_layout>(base), s);
    }
    return grammar("'" + spec + "': unknown layout family '" + a.family + "' (article, plain, pad, blocks, cute, tma, linear, triton)");
}

}  // namespace

std::string layout_grammar() {
    return "  article:nx=N[,elem=E][,tc=T]   the article's formula: rows of N elements, TC-byte chunks\n"
           "  plain | pad:P                  row-major, P bytes of padding after each row\n"
           "  cute:B,M,S[,unit=byte]         CuTe's Swizzle<B,M,S> on element offsets (or bytes)\n"
           "  tma:32B|64B|128B|none[,base=A] Hopper's TMA swizzle on byte addresses, tile at address A\n"
           "  linear:I0,I1,...               GF(2) layout: the element offset each offset bit maps to\n"
           "  triton:vec=V,perPhase=P,maxPhase=M\n"
           "                                 Triton's #ttg.swizzled_shared; a row is its order[0] dimension\n"
           "  SWIZZLE@BASE                   a swizzle after a padded tile, e.g. cute:3,3,3@pad:16\n"
           "  blocks:W | SWIZZLE@blocks:W    the tile in column blocks W bytes wide, each of every row (cute, tma)\n"
           "  Triton's TTGIR attribute, e.g. '#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>'\n"
           "                                 or '#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>'\n"
           "  CuTe's print(layout), e.g. 'Sw<3,4,3> o smem_ptr[16b](unset) o ((_8,_16),(_64,_2)):((_64,_512),(_1,_8192))'\n"
           "  or print(tensor), e.g. 'Sw<3,4,3>_smem_ptr[16b](0x7f3a00000400) o (_8,_64):(_64,_1)'\n"
           "                                 mode 0 the rows, mode 1 the columns; the tile's shape is the layout's\n";
}

}  // namespace swz::verify
