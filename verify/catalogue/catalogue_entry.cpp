#include "catalogue_entry.hpp"

#include <stdexcept>

#include "../layout_spec.hpp"
#include "../report.hpp"
#include "sha256.hpp"

namespace swz::verify::catalogue {

std::string_view role_name(entry_role r) {
    switch (r) {
        case entry_role::grid: return "grid";
        case entry_role::common: return "common";
        case entry_role::kernel: return "kernel";
        case entry_role::known_bad: return "known-bad";
        case entry_role::fact: return "fact";
    }
    return "?";
}

std::optional<entry_role> role_from_name(std::string_view s) {
    for (auto r : {entry_role::grid, entry_role::common, entry_role::kernel, entry_role::known_bad, entry_role::fact})
        if (role_name(r) == s) return r;
    return std::nullopt;
}

namespace {

// A spec as a folder-name part: letters, digits and '-' only.
std::string name_part(std::string const& spec) {
    std::string out;
    for (char c : spec) {
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) out += c;
        else if (c == '@') out += "-at-";
        else if (c == '-') out += "m";
        else if (c != '=' && (out.empty() || out.back() != '-')) out += '-';
    }
    while (!out.empty() && out.back() == '-') out.pop_back();
    // Long GF(2) bases: the start of the spec and a digest of all of it.
    if (out.size() > 48) out = out.substr(0, 32) + "-" + sha256_hex(spec).substr(0, 12);
    return out;
}

// The article's grid keeps its short names: nx64-e4-tc16.
std::string layout_part(tile_spec const& t) {
    std::string const prefix = "article:nx=";
    if (t.layout.rfind(prefix, 0) == 0) {
        std::string s = t.layout.substr(prefix.size());
        std::string out = "nx";
        for (char c : s) out += c == ',' ? '-' : c == '=' ? '\0' : c;
        std::string clean;
        for (char c : out)
            if (c) clean += c;
        // "nx64-elem4-tc16" -> "nx64-e4-tc16"
        auto const at = clean.find("-elem");
        if (at != std::string::npos) clean.replace(at, 5, "-e");
        return clean;
    }
    return name_part(t.layout) + "-e" + std::to_string(t.shape.elem) + "-rb" + std::to_string(t.shape.row_bytes);
}

tile_request request_of(tile_spec const& t) {
    tile_request r{t.shape.rows, t.shape.row_bytes, t.shape.elem, true, std::nullopt};
    if (t.chunk) r.chunk_bytes = t.chunk;
    return r;
}

}  // namespace

std::string entry_name(tile_spec const& t, requirements const& r) {
    std::string name = t.other.empty() ? layout_part(t) : "equiv-" + layout_part(t) + "--" + name_part(t.other);
    if (t.shape.rows != all_32bit_rows) name += "-r" + std::to_string(t.shape.rows);
    if (t.chunk) name += "-chunk" + std::to_string(t.chunk);
    for (auto const& a : r.conflict_free) name += "-require-" + name_part(a);
    if (r.article) name += "-require-article";
    return name;
}

std::variant<layout_subject, layout_error> subject_of(tile_spec const& t) { return parse_layout(t.layout, request_of(t)); }

std::variant<layout_subject, layout_error> other_subject_of(tile_spec const& t) {
    return parse_layout(t.other, request_of(t));
}

certificate certify_entry(catalogue_entry const& e, certify_options const& options) {
    auto const a = subject_of(e.tile);
    if (auto const* err = std::get_if<layout_error>(&a)) throw std::runtime_error(e.name + ": " + err->message);
    if (e.tile.other.empty()) return certify(std::get<layout_subject>(a), options);
    auto const b = other_subject_of(e.tile);
    if (auto const* err = std::get_if<layout_error>(&b)) throw std::runtime_error(e.name + ": " + err->message);
    return certify_equivalence(std::get<layout_subject>(a), std::get<layout_subject>(b), options);
}

std::string describe_tile(tile_spec const& t) {
    std::string s = t.other.empty() ? "layout " + t.layout : "layouts " + t.layout + " and " + t.other;
    return s + ", " + verify::describe_tile(t.shape, t.chunk);
}

}  // namespace swz::verify::catalogue
