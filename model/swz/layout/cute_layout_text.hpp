// CuTe's printed layouts, read as a tile's layout: what print(layout) writes
// for a shared-memory layout, pasted as it is.
//
//   TEXT     := [ SWIZZLE 'o' OFFSET 'o' ] LAYOUT       a layout (ComposedLayout)
//             | [ SWIZZLE '_' ] POINTER 'o' LAYOUT      a tensor: its pointer, then its layout
//   SWIZZLE  := 'Sw<' B ',' M ',' S '>'                 CuTe's Swizzle<B,M,S>
//   OFFSET   := INT                                     the swizzle acts on element offsets
//             | 'smem_ptr[' BITS 'b](unset)'            ... on byte addresses (GMMA atoms)
//   POINTER  := 'smem_ptr[' BITS 'b](' ( '0x' HEX | '(nil)' ) ')'   ... on the bytes from that address
//   LAYOUT   := TUPLE ':' TUPLE                         shape : stride, two modes (rows, columns)
//   TUPLE    := INT | '(' TUPLE { ',' TUPLE } ')'
//   INT      := [ '_' ] DIGITS                          '_': CuTe's static integers
//
// Spaces may stand between any two tokens. e.g.
//   Sw<3,4,3> o smem_ptr[16b](unset) o ((_8,_16),(_64,_2)):((_64,_512),(_1,_8192))
// Host only.
#pragma once

#include <cctype>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "swz/layout/bit_swizzle.hpp"
#include "swz/layout/cute_layout.hpp"
#include "swz/layout/spec_args.hpp"

namespace swz {

// An integer or a tuple of them, nested.
struct int_tree {
    std::uint64_t value = 0;
    std::vector<int_tree> items;  // empty: a leaf
    bool leaf() const { return items.empty(); }
};

struct cute_layout_text {
    std::optional<bit_swizzle> swizzle;
    bool pointer = false;       // OFFSET is smem_ptr[BITS b]: the swizzle acts on byte addresses
    unsigned pointer_bits = 0;  // the element's bits, from smem_ptr
    std::uint64_t offset = 0;   // an integer OFFSET
    // A tensor's print (Sw<B,M,S>_smem_ptr[BITS b](0x...) o LAYOUT): the
    // address the swizzle acts on; none for a layout's.
    std::optional<std::uint64_t> address;
    int_tree shape, stride;
};

// The largest integer the text may hold, and the largest element offset a
// layout may reach: offsets stay far from 64-bit wrap-around.
inline constexpr std::uint64_t cute_text_max = std::uint64_t(1) << 40;

namespace detail {

class cute_text_reader {
public:
    explicit cute_text_reader(std::string const& text) : s_(text) {}

    std::variant<cute_layout_text, spec_error> read() {
        cute_layout_text out;
        if (ahead("Sw<")) {
            bit_swizzle b;
            std::int64_t v[3] = {};
            for (int i = 0; i < 3; ++i) {
                if (i > 0 && !take(",")) return fail("',' between Sw<B,M,S>'s numbers");
                if (!signed_number(v[i])) return fail("a number in Sw<B,M,S>");
            }
            if (!take(">")) return fail("'>' closing Sw<B,M,S>");
            if (v[0] < 0 || v[0] > 16 || v[1] < 0 || v[1] > 24 || v[2] < -24 || v[2] > 24)
                return error("Sw<" + std::to_string(v[0]) + "," + std::to_string(v[1]) + "," + std::to_string(v[2]) +
                             "> is out of range (B 0..16, M 0..24, S -24..24)");
            b = {unsigned(v[0]), unsigned(v[1]), int(v[2])};
            if (b.top_bit() > 40) return error("Sw<...> reaches past bit 40 of the offset");
            out.swizzle = b;
            if (take("_")) {  // a tensor's swizzled pointer: Sw<B,M,S>_smem_ptr[BITS b](ADDRESS)
                if (!ahead("smem_ptr[") || !pointer(out, true)) return fail("smem_ptr[BITS b](0xADDRESS) after Sw<B,M,S>_");
            } else {
                if (!take("o")) return fail("'o' after the swizzle (Sw<B,M,S> o OFFSET o LAYOUT)");
                if (ahead("smem_ptr[")) {
                    if (!pointer(out, false)) return fail("smem_ptr[BITS b](unset)");
                } else if (!number(out.offset)) {
                    return fail("the offset (an integer or smem_ptr[BITS b](unset))");
                }
            }
            if (!take("o")) return fail("'o' before the layout (Sw<B,M,S> o OFFSET o LAYOUT)");
        } else if (ahead("smem_ptr[")) {  // a tensor's pointer, no swizzle
            if (!pointer(out, true) || !take("o")) return fail("smem_ptr[BITS b](0xADDRESS) o LAYOUT");
        }
        if (!tree(out.shape, 0)) return fail("the shape (an integer or a tuple)");
        if (!take(":")) return fail("':' between the shape and the stride");
        if (!tree(out.stride, 0)) return fail("the stride (an integer or a tuple)");
        skip();
        if (at_ < s_.size()) return fail("the end of the layout");
        if (!bad_.empty()) return error(bad_);
        return out;
    }

private:
    void skip() {
        while (at_ < s_.size() && (s_[at_] == ' ' || s_[at_] == '\t')) ++at_;
    }
    bool ahead(std::string const& word) {
        skip();
        if (s_.compare(at_, word.size(), word) != 0) return false;
        at_ += word.size();
        return true;
    }
    bool take(std::string const& word) { return ahead(word); }
    bool number(std::uint64_t& v) {
        skip();
        if (at_ < s_.size() && s_[at_] == '_') ++at_;
        std::size_t const from = at_;
        v = 0;
        while (at_ < s_.size() && s_[at_] >= '0' && s_[at_] <= '9') {
            v = v * 10 + std::uint64_t(s_[at_++] - '0');
            if (v > cute_text_max && bad_.empty()) bad_ = "the number " + s_.substr(from, at_ - from) + "... is past 2^40";
            if (v > cute_text_max) v = cute_text_max + 1;
        }
        return at_ > from;
    }
    // After "smem_ptr[": BITS "b](" then "unset" (a layout's flag) or, a
    // tensor's, its address in hex ("(nil)": address 0).
    bool pointer(cute_layout_text& out, bool tensor) {
        std::uint64_t bits = 0;
        if (!number(bits) || !take("b](")) return false;
        out.pointer = true;
        out.pointer_bits = unsigned(bits);
        if (!tensor) return take("unset)");
        std::uint64_t address = 0;
        if (!take("(nil)")) {
            if (!take("0x")) return false;
            std::size_t const from = at_;
            for (; at_ < s_.size() && std::isxdigit(static_cast<unsigned char>(s_[at_])); ++at_) {
                if (at_ - from == 16) return false;
                char const c = char(std::tolower(static_cast<unsigned char>(s_[at_])));
                address = address * 16 + std::uint64_t(c <= '9' ? c - '0' : c - 'a' + 10);
            }
            if (at_ == from) return false;
        }
        out.address = address;
        return take(")");
    }
    bool signed_number(std::int64_t& v) {
        skip();
        bool const minus = at_ < s_.size() && s_[at_] == '-';
        if (minus) ++at_;
        std::uint64_t u = 0;
        if (!number(u) || u > 1000) return false;
        v = minus ? -std::int64_t(u) : std::int64_t(u);
        return true;
    }
    bool tree(int_tree& t, unsigned depth) {
        if (depth > 8) return false;
        if (!ahead("(")) return number(t.value);
        do {
            t.items.emplace_back();
            if (!tree(t.items.back(), depth + 1)) return false;
        } while (take(","));
        return take(")");
    }
    std::variant<cute_layout_text, spec_error> fail(std::string const& wanted) {
        skip();
        std::string const where = at_ < s_.size() ? "at '" + s_.substr(at_, 12) + "'" : "at its end";
        return spec_error{"'" + s_ + "': expected " + wanted + " " + where};
    }
    std::variant<cute_layout_text, spec_error> error(std::string const& why) { return spec_error{"'" + s_ + "': " + why}; }

    std::string const& s_;
    std::size_t at_ = 0;
    std::string bad_;
};

inline void tree_text(int_tree const& t, std::string& out) {
    if (t.leaf()) {
        out += std::to_string(t.value);
        return;
    }
    out += '(';
    for (std::size_t i = 0; i < t.items.size(); ++i) {
        if (i > 0) out += ',';
        tree_text(t.items[i], out);
    }
    out += ')';
}

// The leaves of shape and stride, in order, where the two trees agree.
inline bool flat_leaves(int_tree const& shape, int_tree const& stride, std::vector<std::uint64_t>& s,
                        std::vector<std::uint64_t>& d) {
    if (shape.leaf() != stride.leaf() || shape.items.size() != stride.items.size()) return false;
    if (shape.leaf()) {
        s.push_back(shape.value), d.push_back(stride.value);
        return true;
    }
    for (std::size_t i = 0; i < shape.items.size(); ++i)
        if (!flat_leaves(shape.items[i], stride.items[i], s, d)) return false;
    return true;
}

}  // namespace detail

// Whether a --layout spec is CuTe's printed form rather than family:fields.
inline bool looks_like_cute_layout(std::string const& text) {
    std::size_t const i = text.find_first_not_of(" \t");
    if (i == std::string::npos) return false;
    char const c = text[i];
    return c == '(' || c == '_' || (c >= '0' && c <= '9') || text.compare(i, 3, "Sw<") == 0 ||
           text.compare(i, 9, "smem_ptr[") == 0;
}

inline std::variant<cute_layout_text, spec_error> parse_cute_layout(std::string const& text) {
    return detail::cute_text_reader(text).read();
}

// The text as swz writes it back: CuTe's print form without the static
// markers, one space around each 'o'.
inline std::string canonical_text(cute_layout_text const& t) {
    std::string out;
    std::string const swizzle = t.swizzle ? "Sw<" + std::to_string(t.swizzle->bits) + "," + std::to_string(t.swizzle->base) +
                                                "," + std::to_string(t.swizzle->shift) + ">"
                                          : std::string();
    if (t.address) {
        char hex[24];
        std::snprintf(hex, sizeof hex, "%llx", static_cast<unsigned long long>(*t.address));
        out += swizzle + (t.swizzle ? "_" : "") + "smem_ptr[" + std::to_string(t.pointer_bits) + "b](0x" + hex + ") o ";
    } else if (t.swizzle) {
        out += swizzle + " o ";
        out += t.pointer ? "smem_ptr[" + std::to_string(t.pointer_bits) + "b](unset)" : std::to_string(t.offset);
        out += " o ";
    }
    detail::tree_text(t.shape, out);
    out += ':';
    detail::tree_text(t.stride, out);
    return out;
}

// Mode `m` (0: rows, 1: columns) of a two-mode layout, flattened, its
// leaves of size 1 dropped and each leaf that continues the one before
// (stride = the one before's stride times its size) merged into it, as
// CuTe's coalesce does; or why it cannot be one.
inline std::variant<cute_mode, spec_error> flat_mode(cute_layout_text const& t, unsigned m, std::string const& text) {
    auto const bad = [&](std::string why) { return spec_error{"'" + text + "': " + why}; };
    std::vector<std::uint64_t> s, d;
    if (!detail::flat_leaves(t.shape.items[m], t.stride.items[m], s, d))
        return bad("the shape and the stride differ in form (CuTe's layouts pair each shape with a stride)");
    cute_mode out;
    std::uint64_t size = 1;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == 0) return bad("a mode of size 0");
        if (s[i] > cute_text_max / size) return bad("a mode of more than 2^40 cells");
        size *= s[i];
        if (s[i] == 1) continue;
        if (d[i] != 0 && s[i] - 1 > cute_text_max / d[i]) return bad("offsets past 2^40 elements");
        unsigned const last = out.leaves - 1;
        if (out.leaves > 0 && d[i] == out.stride[last] * out.shape[last]) {  // one run with the leaf before
            out.shape[last] *= s[i];
            continue;
        }
        if (out.leaves == cute_mode::max_leaves)
            return bad("a mode of more than " + std::to_string(cute_mode::max_leaves) + " leaves (after merging runs)");
        out.shape[out.leaves] = s[i], out.stride[out.leaves] = d[i], ++out.leaves;
    }
    if (out.reach() > cute_text_max) return bad("offsets past 2^40 elements");
    return out;
}

}  // namespace swz
