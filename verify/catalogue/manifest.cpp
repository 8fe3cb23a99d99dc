#include "manifest.hpp"

#include <algorithm>

#include "certificate_file.hpp"
#include "regular_file.hpp"
#include "strict_json.hpp"

namespace swz::verify::catalogue {

namespace {

nlohmann::json list_or_null(std::vector<std::uint64_t> const& v, bool present) {
    return present ? nlohmann::json(v) : nlohmann::json(nullptr);
}

std::vector<std::uint64_t> values(nlohmann::json const& j, char const* what) {
    std::vector<std::uint64_t> out;
    for (auto const& v : j) {
        out.push_back(v.get<std::uint64_t>());
        if (out.back() == 0 || out.back() > 0xffffffffu) throw std::runtime_error(std::string(what) + " value out of range");
    }
    if (out.empty()) throw std::runtime_error(std::string("an empty ") + what + " range");
    return out;
}

}  // namespace

nlohmann::json manifest_json(sweep_ranges const& r, std::string const& command, std::vector<std::string> grid,
                             std::vector<family_kind> const& families) {
    std::sort(grid.begin(), grid.end());
    nlohmann::json j;
    j["tool"] = "swz-verify";
    j["what"] = "the grid and the family proofs of the swz-verify --sweep that wrote this catalogue; swz-verify --check "
                "requires a certificate for each of its layouts and families";
    j["sweep"] = {{"command", command},
                  {"nx", r.nx},
                  {"elem", r.elem},
                  {"tc", list_or_null(r.tc, !r.tc.empty())},  // null: each element's own size
                  {"row_bytes", r.row_bytes ? nlohmann::json(*r.row_bytes) : nlohmann::json(nullptr)},
                  {"rows", r.rows}};
    j["grid"] = grid;
    j["families"] = nlohmann::json::array();
    for (auto f : families) j["families"].push_back(family_name(f));
    return sealed(std::move(j));
}

std::variant<manifest, std::string> read_manifest(std::filesystem::path const& dir) {
    auto const path = dir / manifest_name;
    auto const text = read_regular_file(path);
    if (!text) return "cannot read " + path.string() + " as a regular file";
    manifest m;
    try {
        m.json = parse_strict_json(*text);
        auto const& s = m.json.at("sweep");
        m.command = s.at("command").get<std::string>();
        m.ranges.nx = values(s.at("nx"), "nx");
        m.ranges.elem = values(s.at("elem"), "elem");
        if (!s.at("tc").is_null()) m.ranges.tc = values(s.at("tc"), "tc");
        if (!s.at("row_bytes").is_null()) m.ranges.row_bytes = values(s.at("row_bytes"), "row_bytes");
        m.ranges.rows = s.at("rows").get<std::uint64_t>();
        if (m.ranges.rows == 0 || m.ranges.rows > all_32bit_rows) return std::string("its row count is out of range");
        for (auto const& n : m.json.at("grid")) m.grid.push_back(n.get<std::string>());
        for (auto const& n : m.json.at("families")) {
            auto const f = family_named(n.get<std::string>());
            if (!f) return "an unknown family " + n.dump();
            m.families.push_back(*f);
        }
    } catch (std::exception const& e) {
        return std::string(e.what());
    }
    return m;
}

}  // namespace swz::verify::catalogue
