#include "cute_layout_subject.hpp"

#include <algorithm>
#include <optional>

#include "layout_subjects.hpp"
#include "swz/layout/cute_layout_text.hpp"
#include "swz/layout/shape_rules.hpp"
#include "swz/pow2.hpp"

namespace swz::verify {

namespace {

using result = std::variant<layout_subject, layout_error>;
using cute_tile = swizzled_layout<bit_swizzle, cute_layout>;

// The most cells the general form is decided on: its enumerations walk them.
constexpr unsigned general_cells_log2 = 26;

// Rows a pitch apart: the pitch in elements, where mode 1 is the row's
// elements in order and mode 0 steps whole rows that do not overlap. A mode
// that steps evenly is one leaf or none: flat_mode merged each run.
std::optional<std::uint64_t> row_pitch(cute_layout const& l) {
    if (l.rows.leaves > 1 || l.cols.leaves > 1 || (l.cols.leaves == 1 && l.cols.stride[0] != 1)) return std::nullopt;
    std::uint64_t const cols = l.cols.size();
    if (l.rows.leaves == 0) return cols;
    if (l.rows.stride[0] < cols) return std::nullopt;
    return l.rows.stride[0];
}

// Power-of-two leaves whose strides (powers of two, or 0) put their digits
// on disjoint bits: the offset is then their bits, placed, and no sum carries.
bool places_bits(cute_layout const& l) {
    std::uint64_t used = 0;
    for (cute_mode const* m : {&l.rows, &l.cols})
        for (unsigned i = 0; i < m->leaves; ++i) {
            if (!is_pow2(m->shape[i])) return false;
            if (m->stride[i] == 0) continue;
            if (!is_pow2(m->stride[i])) return false;
            std::uint64_t const bits = (m->shape[i] - 1) * m->stride[i];  // the digit's bits, placed
            if (bits >> 44 != 0 || (bits & used) != 0) return false;
            used |= bits;
        }
    return true;
}

std::string involution_reason() {
    return "the layout's modes reorder the cells before the swizzle acts, so its map is no involution whatever the swizzle";
}

// The largest aligned run of at most 16 bytes that every row keeps whole and
// in order: mode 1's first leaf of stride 1 holds it, every other stride is a
// multiple of it, and the swizzle leaves it in place.
std::uint32_t kept_chunk(cute_tile const& l, tile_shape const& shape) {
    cute_layout const& b = l.base;
    std::uint64_t run = b.cols.leaves > 0 && b.cols.stride[0] == 1 ? b.cols.shape[0] : 1;  // elements
    if (l.swizzle.bits > 0) {
        std::uint64_t const kept_units = std::uint64_t(1) << std::min(l.swizzle.base, 20u);
        run = std::min<std::uint64_t>(run, l.on_bytes ? std::max<std::uint64_t>(kept_units / b.elem, 1) : kept_units);
    }
    std::uint32_t c = 16;
    auto const divides = [&](std::uint64_t k) {
        if (k == 0 || run % k != 0) return false;
        for (cute_mode const* m : {&b.rows, &b.cols})
            for (unsigned i = 0; i < m->leaves; ++i)
                if (!(m == &b.cols && i == 0) && m->stride[i] % k != 0) return false;
        return true;
    };
    while (c > shape.elem && (c % shape.elem != 0 || shape.row_bytes % c != 0 || !divides(c / shape.elem))) c /= 2;
    return c;
}

// Rows a pitch apart: the strided tile, or the swizzle after it, with the
// families' own proofs.
result strided_subject(cute_tile const& l, std::uint64_t pitch_elems, tile_shape const& shape, std::string const& spec) {
    strided_layout const base{shape.elem, std::uint32_t(pitch_elems * shape.elem)};
    if (auto v = base.check(shape)) return layout_error{v->id, "'" + spec + "': " + v->message};
    if (l.swizzle.bits == 0) {
        layout_subject s = subject_of(base, shape);
        s.spec = spec;
        return s;
    }
    result out = cute_swizzle_subject({l.swizzle, l.on_bytes}, base, shape, spec);
    if (auto* s = std::get_if<layout_subject>(&out)) s->spec = spec;
    return out;
}

// A GF(2) map inside the tile's cells: the linear family's subject of its
// images (linear_subject_of). Nothing where an image leaves the cells (a
// layout with gaps).
std::optional<result> gf2_subject(cute_tile const& l, tile_shape const& shape, std::string const& spec) {
    unsigned const col_bits = log2_floor(shape.cols()), row_bits = log2_floor(shape.rows);
    if (col_bits + row_bits > gf2_map::max_bits) return std::nullopt;
    std::uint64_t const cells = std::uint64_t(1) << (col_bits + row_bits);
    if (l.base.cosize_bytes() > cells * shape.elem) return std::nullopt;
    if (auto e = check_bits(l.swizzle, spec, l.unit_bytes(), shape, cells * shape.elem)) return *e;
    return linear_subject_of(l, shape, spec, involution_reason());
}

// Any other layout: the model's map itself. Its footprint is its cosize,
// rounded up to the aligned block the swizzle keeps each offset in.
result general_subject(cute_tile const& l, tile_shape const& shape, std::string const& spec) {
    if (shape.rows * shape.cols() > (std::uint64_t(1) << general_cells_log2))
        return layout_error{"cute-layout-size", "'" + spec + "': neither rows a pitch apart nor a GF(2) map, and more than 2^" +
                                                    std::to_string(general_cells_log2) + " cells: swz decides such layouts on fewer"};
    std::uint64_t footprint = l.base.cosize_bytes();
    if (l.swizzle.bits > 0) {
        if (auto e = check_bits(l.swizzle, spec, l.unit_bytes(), shape, footprint)) return *e;
        std::uint64_t const block = (std::uint64_t(1) << (l.swizzle.target_low() + l.swizzle.bits)) * l.unit_bytes();
        footprint = (footprint + block - 1) / block * block;
    }
    layout_subject s;
    s.spec = spec;
    s.family = "cute-layout";
    s.shape = shape;
    s.pitch = shape.row_bytes;
    s.footprint = footprint;
    s.chunk_bytes = kept_chunk(l, shape);
    s.swizzles = l.swizzle.bits > 0;
    s.involution_not_applicable = involution_reason();
    detail::set_offsets(s, l);
    return s;
}

// The element size: smem_ptr's, or --elem.
std::variant<std::uint32_t, layout_error> element_of(cute_layout_text const& t, tile_request const& tile,
                                                     std::string const& spec) {
    if (!t.pointer) return tile.elem;
    if (t.pointer_bits % 8 != 0 || !is_element_width(t.pointer_bits / 8))
        return layout_error{"cute-layout-element", "'" + spec + "': smem_ptr[" + std::to_string(t.pointer_bits) +
                                                       "b]: swz's elements are 8, 16, 32, 64 or 128 bits"};
    std::uint32_t const elem = t.pointer_bits / 8;
    if (tile.elem_given && tile.elem != elem)
        return layout_error{"elem-agrees", "--elem " + std::to_string(tile.elem) + " and the layout's smem_ptr[" +
                                               std::to_string(t.pointer_bits) + "b] disagree"};
    return elem;
}

// The tile the layout's two modes span, checked against the command line's.
std::variant<tile_shape, layout_error> shape_of(cute_layout const& l, tile_request const& tile, std::string const& spec) {
    std::uint64_t const rows = l.rows.size(), row_bytes = l.cols.size() * l.elem;
    if (tile.rows_given && tile.rows != rows)
        return layout_error{"cute-layout-rows", "--rows " + std::to_string(tile.rows) + " and the layout's " +
                                                    std::to_string(rows) + " rows (its mode 0) disagree"};
    if (tile.row_bytes && *tile.row_bytes != row_bytes)
        return layout_error{"row-bytes-agrees", "--row-bytes " + std::to_string(*tile.row_bytes) + " and the layout's row of " +
                                                    std::to_string(l.cols.size()) + " x " + std::to_string(l.elem) + " = " +
                                                    std::to_string(row_bytes) + " bytes (its mode 1) disagree"};
    if (row_bytes > 0xffffffffu)
        return layout_error{"row-fits-shared", "'" + spec + "': a row of " + std::to_string(row_bytes) + " bytes"};
    tile_shape const s{rows, std::uint32_t(row_bytes), l.elem};
    if (auto v = check_shape(s)) return layout_error{v->id, v->message};
    return s;
}

// The tile (modes 0 and 1) as the route its map allows.
result tile_subject(cute_tile const& l, tile_shape const& s, std::string const& spec) {
    if (auto const pitch = row_pitch(l.base); pitch && *pitch * s.elem <= 0xffffffffu) return strided_subject(l, *pitch, s, spec);
    if (is_pow2(s.rows) && is_pow2(s.cols()) && places_bits(l.base))
        if (auto linear = gf2_subject(l, s, spec)) return *linear;
    return general_subject(l, s, spec);
}

// The move that keeps a layout's placement and banks: a multiple of the
// swizzle's repeat (it reads and writes no bit above) and of the 128-byte
// bank line. `unit_bytes`: what the swizzle counts in.
std::uint64_t placement_repeat_bytes(std::optional<bit_swizzle> const& f, std::uint64_t unit_bytes) {
    std::uint64_t const repeat = f && f->bits > 0 ? (std::uint64_t(1) << f->top_bit()) * unit_bytes : 1;
    return std::max<std::uint64_t>(repeat, 128);
}

// The most stages a layout's third mode may hold: each is an offset to check.
constexpr std::uint64_t max_stages = 4096;

// Mode 2, a pipeline's stages: where each stage's copy of the tile starts,
// in bytes before the swizzle, and the move that keeps stage 0's map and
// banks (the swizzle's repeat, at least the 128-byte bank line).
std::variant<stage_view, layout_error> stages_of(cute_layout_text const& t, cute_tile const& l, std::string const& spec) {
    auto const mode = flat_mode(t, 2, spec);
    if (auto const* e = std::get_if<spec_error>(&mode)) return layout_error{"spec", e->message};
    cute_mode const& m = std::get<cute_mode>(mode);
    if (m.size() > max_stages)
        return layout_error{"cute-layout-stages", "'" + spec + "': " + std::to_string(m.size()) + " stages, more than the " +
                                                      std::to_string(max_stages) + " swz checks"};
    stage_view v;
    for (std::uint64_t s = 0; s < m.size(); ++s) v.offsets.push_back(m.offset(s) * l.base.elem);
    v.repeat_bytes = placement_repeat_bytes(l.swizzle, l.unit_bytes());
    return v;
}

// A layout of more modes than swz takes: the spec of its first stage's
// tile, the first two modes, for the message.
std::string first_stage_hint(cute_layout_text t) {
    if (t.shape.leaf() || t.shape.items.size() < 4) return "";
    t.shape.items.resize(2);
    t.stride.items.resize(2);
    return ": check one stage's tile, e.g. --layout '" + canonical_text(t) + "'";
}

// A tensor's address: the swizzle reads it, so swz takes tiles that start on
// the swizzle's repeat (its offsets are then the layout's; CuTe asserts the
// swizzle's own bits of it are zero) and on the 128-byte bank line.
std::optional<layout_error> address_error(cute_layout_text const& t, std::string const& spec) {
    if (!t.address) return std::nullopt;
    std::uint64_t const align = placement_repeat_bytes(t.swizzle, 1);  // a tensor's swizzle acts on its bytes
    if (*t.address % align == 0) return std::nullopt;
    return layout_error{"cute-layout-address", "'" + spec + "': the tensor starts " + std::to_string(*t.address % align) +
                                                   " bytes past a multiple of " + std::to_string(align) +
                                                   "; swz checks tiles that start on their swizzle's repeat and the 128-byte bank line"};
}

}  // namespace

result cute_layout_subject(std::string const& text, tile_request const& tile) {
    auto const parsed = parse_cute_layout(text);
    if (auto const* e = std::get_if<spec_error>(&parsed)) return layout_error{"spec", e->message};
    auto const& t = std::get<cute_layout_text>(parsed);
    std::string const spec = canonical_text(t);
    std::size_t const rank = t.shape.leaf() ? 1 : t.shape.items.size();
    if (!t.shape.leaf() && (t.stride.leaf() || t.stride.items.size() != rank))
        return layout_error{"spec", "'" + spec + "': the shape and the stride differ in form (CuTe's layouts pair each shape with a stride)"};
    if (rank != 2 && rank != 3)
        return layout_error{"cute-layout-two-modes", "'" + spec + "': a tile's layout has two modes, (rows, columns), and a third of "
                                                         "stages at most; this one has " + std::to_string(rank) + first_stage_hint(t)};
    if (auto e = address_error(t, spec)) return *e;
    if (t.offset != 0)
        return layout_error{"cute-layout-offset", "'" + spec + "': the layout starts at element " + std::to_string(t.offset) +
                                                      "; give the tile's layout from its start (offset 0)"};
    auto const elem = element_of(t, tile, spec);
    if (auto const* e = std::get_if<layout_error>(&elem)) return *e;
    cute_layout base;
    base.elem = std::get<std::uint32_t>(elem);
    for (unsigned m = 0; m < 2; ++m) {
        auto const mode = flat_mode(t, m, spec);
        if (auto const* e = std::get_if<spec_error>(&mode)) return layout_error{"spec", e->message};
        (m == 0 ? base.rows : base.cols) = std::get<cute_mode>(mode);
    }
    auto const shape = shape_of(base, tile, spec);
    if (auto const* e = std::get_if<layout_error>(&shape)) return *e;
    tile_shape const& s = std::get<tile_shape>(shape);
    cute_tile const l{t.swizzle.value_or(bit_swizzle{}), base, t.pointer};
    result out = tile_subject(l, s, spec);
    auto* subject = std::get_if<layout_subject>(&out);
    if (!subject || rank == 2) return out;
    auto const stages = stages_of(t, l, spec);
    if (auto const* e = std::get_if<layout_error>(&stages)) return *e;
    subject->stages = std::get<stage_view>(stages);
    return out;
}

}  // namespace swz::verify
