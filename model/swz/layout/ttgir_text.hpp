// Triton's shared-memory encodings as a TTGIR dump prints them, read as what
// they place where: the attribute pasted whole, e.g.
//
//   #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
//   #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
//   #triton_gpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], hasLeadingOffset = true}>
//
//   TEXT    := [ '#' NAME '=' ] '#' ( 'ttg' | 'triton_gpu' ) '.' KIND '<{' FIELD { ',' FIELD } '}>'
//   FIELD   := NAME '=' VALUE
//   VALUE   := INT | 'true' | 'false' | '[' [ VALUE { ',' VALUE } ] ']'
//
// Spaces may stand between any two tokens. What each kind is, as Triton's
// LinearLayoutConversions.cpp states it (the offset bits' images):
// - swizzled_shared (and shared without a leading offset): the whole row
//   swizzled, triton_swizzle.hpp;
// - nvmma_shared: a core of 8 rows x W bytes (W = swizzlingByteWidth), row
//   k of it at column vec * ((k / perPhase) % maxPhase) with vec 16 bytes,
//   perPhase 128 / W and maxPhase W / 16 (the copy engine's W-byte mode),
//   repeated down the rows first, then across: column blocks W bytes wide,
//   each holding every row. W = 0: no swizzle, blocks of the copy
//   engine's largest box row, 256 elements;
// - shared with hasLeadingOffset = true (Triton up to 3.2's name for the
//   same core): W from (perPhase, maxPhase), (4, 2) 32, (2, 4) 64, (1, 8)
//   128, vec as given.
// One CTA's layout: a tile split over a CTA cluster is refused, replicas
// of it read as the one tile. Host only.
#pragma once

#include <cctype>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "swz/layout/spec_args.hpp"
#include "swz/layout/triton_swizzle.hpp"
#include "swz/pow2.hpp"

namespace swz {

// What a TTGIR shared encoding stores: a swizzle of rows `core_row_bytes`
// wide (0: the whole row), the tile cut into column blocks that wide when
// its row is wider (Triton's 8-row core, repeated down the rows first).
struct ttgir_encoding {
    triton_swizzle swizzle;
    // nvmma: the core's row (swizzlingByteWidth, or the largest box row of
    // 256 elements where it is 0); 0 for swizzled_shared.
    std::uint32_t core_row_bytes = 0;
    // nvmma_shared's W = 0: blocks of 256 elements, whatever their bytes.
    bool blocks_of_256_elements = false;
    bool transposed = false;                // nvmma_shared's contiguous dimension is dim 0
    std::optional<std::uint32_t> elem_bytes;  // elementBitWidth / 8, where the text says
    std::string kind;                       // swizzled_shared, nvmma_shared or shared, for messages
};

// A field's value: an integer, a boolean, or a list of them, nested.
struct ttgir_value {
    std::int64_t number = 0;
    bool is_bool = false, is_list = false;
    std::vector<ttgir_value> items;
};

struct ttgir_field {
    std::string name;
    ttgir_value value;
};

namespace detail {

class ttgir_reader {
public:
    explicit ttgir_reader(std::string const& text) : s_(text) {}

    std::variant<std::pair<std::string, std::vector<ttgir_field>>, spec_error> attribute() {
        skip();
        // '#alias = ' before the attribute, as a dump's header line writes it.
        std::size_t const eq = s_.find('=');
        std::size_t const open = s_.find('<');
        if (eq != std::string::npos && (open == std::string::npos || eq < open)) {
            if (!eat('#') || name().empty()) return fail("'#NAME = ' before the attribute");
            if (!eat('=')) return fail("'='");
        }
        if (!eat('#')) return fail("'#' (e.g. #ttg.swizzled_shared<{...}>)");
        std::string const dialect = name();
        if (dialect != "ttg" && dialect != "triton_gpu") return fail("the dialect 'ttg' or 'triton_gpu'");
        if (!eat('.')) return fail("'.'");
        std::string const kind = name();
        if (kind.empty()) return fail("the encoding's name");
        if (!eat('<') || !eat('{')) return fail("'<{'");
        std::vector<ttgir_field> fields;
        while (true) {
            ttgir_field f;
            f.name = name();
            if (f.name.empty()) return fail("a field's name");
            for (auto const& g : fields)
                if (g.name == f.name) return spec_error{"'" + s_ + "': field '" + f.name + "' given twice"};
            if (!eat('=')) return fail("'=' after " + f.name);
            auto v = value(0);
            if (auto const* e = std::get_if<spec_error>(&v)) return *e;
            f.value = std::get<ttgir_value>(v);
            fields.push_back(f);
            if (eat(',')) continue;
            if (eat('}') && eat('>')) break;
            return fail("',' or '}>'");
        }
        skip();
        if (i_ != s_.size()) return fail("the end of the attribute");
        return std::pair{kind, fields};
    }

private:
    std::string const& s_;
    std::size_t i_ = 0;

    void skip() {
        while (i_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[i_]))) ++i_;
    }
    bool eat(char c) {
        skip();
        if (i_ < s_.size() && s_[i_] == c) {
            ++i_;
            return true;
        }
        return false;
    }
    std::string name() {
        skip();
        std::size_t const start = i_;
        while (i_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[i_])) || s_[i_] == '_')) ++i_;
        return s_.substr(start, i_ - start);
    }
    spec_error fail(std::string const& wanted) const {
        return spec_error{"'" + s_ + "': expected " + wanted + " at column " + std::to_string(i_ + 1)};
    }
    std::variant<ttgir_value, spec_error> value(int depth) {
        ttgir_value v;
        if (depth > 4) return fail("lists nested 4 deep at most");
        if (eat('[')) {
            v.is_list = true;
            if (eat(']')) return v;
            do {
                auto item = value(depth + 1);
                if (auto const* e = std::get_if<spec_error>(&item)) return *e;
                v.items.push_back(std::get<ttgir_value>(item));
            } while (eat(','));
            if (!eat(']')) return fail("',' or ']'");
            return v;
        }
        std::string const word = name();
        if (word == "true" || word == "false") {
            v.is_bool = true;
            v.number = word == "true";
            return v;
        }
        if (word.empty() || word.size() > 9) return fail("a value (an integer of at most 9 digits, true, false or a list)");
        for (char c : word)
            if (!std::isdigit(static_cast<unsigned char>(c))) return fail("a whole number");
        v.number = std::stoll(word);
        return v;
    }
};

}  // namespace detail

// Whether text is a TTGIR attribute (it starts with '#').
inline bool looks_like_ttgir(std::string const& text) {
    std::size_t const i = text.find_first_not_of(" \t\n\r");
    return i != std::string::npos && text[i] == '#';
}

namespace detail {

struct ttgir_fields {
    std::string const& text;
    std::vector<ttgir_field> const& fields;

    ttgir_field const* find(char const* name) const {
        for (auto const& f : fields)
            if (f.name == name) return &f;
        return nullptr;
    }
    spec_error error(std::string const& why) const { return {"'" + text + "': " + why}; }

    // An integer field, a power of two, `fallback` when absent.
    std::variant<std::uint32_t, spec_error> pow2(char const* name, std::uint32_t fallback) const {
        auto const* f = find(name);
        if (!f) return fallback;
        if (f->value.is_list || f->value.is_bool || f->value.number < 1 || !is_pow2(std::uint64_t(f->value.number)) ||
            f->value.number > (1 << 20))
            return error(std::string(name) + " must be a power of two (1 .. 2^20)");
        return std::uint32_t(f->value.number);
    }
    std::variant<bool, spec_error> flag(char const* name) const {
        auto const* f = find(name);
        if (!f) return false;
        if (!f->value.is_bool) return error(std::string(name) + " must be true or false");
        return f->value.number != 0;
    }
    // Whether every leaf of a value is `n`.
    static bool all_leaves(ttgir_value const& v, std::int64_t n) {
        if (!v.is_list) return !v.is_bool && v.number == n;
        for (auto const& i : v.items)
            if (!all_leaves(i, n)) return false;
        return true;
    }
    // The fields a kind knows, and the CTA fields where each CTA holds the
    // whole tile (replicas share its layout): a split over several CTAs is
    // another layout per CTA, which swz does not model. CTAsPerCGA counts
    // replicas and splits alike; CTASplitNum says which (all ones: none
    // split), and so do CGALayout's block bases (all zero: none split).
    std::optional<spec_error> only(std::vector<std::string> const& known) const {
        auto const split = [&](std::string const& why) {
            return error(why + " splits the tile over several CTAs; swz reads one CTA's whole tile");
        };
        for (auto const& f : fields) {
            bool ok = false;
            for (auto const& k : known) ok |= f.name == k;
            if (ok || f.name == "CTAOrder" || f.name == "rank") continue;
            if (f.name == "CTASplitNum" && !all_leaves(f.value, 1)) return split("CTASplitNum");
            if (f.name == "CTAsPerCGA" && !all_leaves(f.value, 1) && !find("CTASplitNum"))
                return split("CTAsPerCGA without CTASplitNum");
            if (f.name == "CGALayout" && !all_leaves(f.value, 0)) return split("CGALayout");
            if (f.name == "CTASplitNum" || f.name == "CTAsPerCGA" || f.name == "CGALayout") continue;
            return error("unknown field '" + f.name + "' for " + kind);
        }
        return std::nullopt;
    }
    std::string kind;
};

inline std::variant<ttgir_encoding, spec_error> swizzled_shared(ttgir_fields const& f, bool legacy) {
    std::vector<std::string> known{"vec", "perPhase", "maxPhase", "order"};
    if (legacy) known.push_back("hasLeadingOffset");
    if (auto e = f.only(known)) return *e;
    ttgir_encoding out;
    out.kind = f.kind;
    for (auto [name, field] : {std::pair{"vec", &out.swizzle.vec}, std::pair{"perPhase", &out.swizzle.per_phase},
                               std::pair{"maxPhase", &out.swizzle.max_phase}}) {
        auto const v = f.pow2(name, 1);
        if (auto const* e = std::get_if<spec_error>(&v)) return *e;
        *field = std::get<std::uint32_t>(v);
    }
    auto const leading = f.flag("hasLeadingOffset");
    if (auto const* e = std::get_if<spec_error>(&leading)) return *e;
    if (!std::get<bool>(leading)) return out;
    // Triton up to 3.2: the MMAv3 core, its width from the phases.
    auto const& s = out.swizzle;
    if (s.per_phase == 4 && s.max_phase == 2) out.core_row_bytes = 32;
    else if (s.per_phase == 2 && s.max_phase == 4) out.core_row_bytes = 64;
    else if (s.per_phase == 1 && s.max_phase == 8) out.core_row_bytes = 128;
    else return f.error("with hasLeadingOffset = true, (perPhase, maxPhase) is (4, 2), (2, 4) or (1, 8), as Triton requires");
    return out;
}

inline std::variant<ttgir_encoding, spec_error> nvmma_shared(ttgir_fields const& f) {
    if (auto e = f.only({"swizzlingByteWidth", "transposed", "elementBitWidth", "fp4Padded"})) return *e;
    auto const* w = f.find("swizzlingByteWidth");
    auto const* bits = f.find("elementBitWidth");
    if (!w || !bits) return f.error("nvmma_shared needs swizzlingByteWidth and elementBitWidth");
    if (w->value.is_list || w->value.is_bool ||
        (w->value.number != 0 && w->value.number != 32 && w->value.number != 64 && w->value.number != 128))
        return f.error("swizzlingByteWidth must be 0, 32, 64 or 128");
    if (bits->value.is_list || bits->value.is_bool ||
        (bits->value.number != 8 && bits->value.number != 16 && bits->value.number != 32 && bits->value.number != 64))
        return f.error("elementBitWidth must be 8, 16, 32 or 64 (swz's elements are whole bytes)");
    auto const fp4 = f.flag("fp4Padded");
    if (auto const* e = std::get_if<spec_error>(&fp4)) return *e;
    if (std::get<bool>(fp4)) return f.error("fp4Padded layouts (4-bit elements) are not modelled");
    auto const transposed = f.flag("transposed");
    if (auto const* e = std::get_if<spec_error>(&transposed)) return *e;
    ttgir_encoding out;
    out.kind = f.kind;
    out.transposed = std::get<bool>(transposed);
    std::uint32_t const elem = std::uint32_t(bits->value.number / 8), width = std::uint32_t(w->value.number);
    out.elem_bytes = elem;
    if (width == 0) {
        out.core_row_bytes = 256 * elem;
        out.blocks_of_256_elements = true;
        return out;
    }
    out.core_row_bytes = width;
    out.swizzle = {16 / elem, 128 / width, width / 16};
    return out;
}

}  // namespace detail

inline std::variant<ttgir_encoding, spec_error> parse_ttgir(std::string const& text) {
    detail::ttgir_reader r(text);
    auto parsed = r.attribute();
    if (auto const* e = std::get_if<spec_error>(&parsed)) return *e;
    auto const& [kind, fields] = std::get<std::pair<std::string, std::vector<ttgir_field>>>(parsed);
    detail::ttgir_fields const f{text, fields, kind};
    if (kind == "swizzled_shared") return detail::swizzled_shared(f, false);
    if (kind == "shared") return detail::swizzled_shared(f, true);
    if (kind == "nvmma_shared") return detail::nvmma_shared(f);
    return f.error("Triton's " + kind + " is not modelled (swizzled_shared, nvmma_shared and shared are)");
}

}  // namespace swz
