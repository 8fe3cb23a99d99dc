// Copies of the test catalogue (made once per test run by the fixture
// catalogue.make_mini_catalogue) to tamper with, and small edits of it.
#pragma once

#include <filesystem>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "catalogue/certificate_file.hpp"
#include "catalogue/json_layout.hpp"
#include "support/run_swz_verify.hpp"

namespace swz::testing {

inline std::filesystem::path copy_of_mini_catalogue(std::string const& name) {
    auto const dir = scratch_folder(name) / "proofs";
    std::filesystem::copy(SWZ_MINI_CATALOGUE, dir, std::filesystem::copy_options::recursive);
    return dir;
}

// Every file under `dir` and its content: to show a command wrote nothing.
inline std::map<std::string, std::string> snapshot(std::filesystem::path const& dir) {
    std::map<std::string, std::string> files;
    for (auto const& f : std::filesystem::recursive_directory_iterator(dir))
        if (f.is_regular_file()) files[f.path().string()] = slurp(f.path());
    return files;
}

// The findings of a --check run: every stdout line but the summary.
inline std::vector<std::string> findings(run_result const& r) {
    std::vector<std::string> out;
    std::istringstream in(r.out);
    for (std::string line; std::getline(in, line);)
        if (line.rfind("swz-verify --check", 0) != 0) out.push_back(line);
    return out;
}

inline nlohmann::json read_json(std::filesystem::path const& p) { return nlohmann::json::parse(slurp(p)); }

// Writes a certificate back, sealed again when `reseal`: a certificate
// swz-verify itself could have written, from a tool that found otherwise.
inline void write_certificate(std::filesystem::path const& p, nlohmann::json j, bool reseal) {
    if (reseal) j = verify::catalogue::sealed(std::move(j));
    spit(p, verify::catalogue::layout_json(j));
}

// Edits a certificate by hand in a way that changes nothing the prover
// re-derives but its column read's statement: only the digest and that
// statement can tell.
inline void edit_by_hand(std::filesystem::path const& certificate) {
    std::string text = slurp(certificate);
    auto const at = text.find("\"statement\": \"lane l reads row y0+l at the");
    if (at == std::string::npos) throw std::runtime_error("no column read statement in " + certificate.string());
    text.insert(at + 14, "(edited) ");
    spit(certificate, text);
}

inline nlohmann::json& result(nlohmann::json& certificate, std::string const& id) {
    for (auto& r : certificate["results"])
        if (r["id"] == id) return r;
    throw std::runtime_error("no result " + id);
}

}  // namespace swz::testing
