// The committed catalogue, proofs/, read as files: every layout the issue
// lists is there (the grid is enumerated here, independently of the sweep),
// each kernel's tile and each known-bad layout, every certificate sealed and
// in canonical form, every stored obligation standard SMT-LIB2, and the
// whole of a size that belongs in git. (catalogue.check_proofs re-derives it.)
#include <catch2/catch.hpp>

#include <set>
#include <tuple>

#include "catalogue/catalogue_members.hpp"
#include "catalogue/certificate_file.hpp"
#include "catalogue/family_entry.hpp"
#include "catalogue/json_layout.hpp"
#include "support/run_swz_verify.hpp"
#include "swz/kernel_layouts.hpp"
#include <map>

using namespace swz::testing;
namespace fs = std::filesystem;

namespace {

fs::path const proofs{SWZ_PROOFS_DIR};

bool is_power_of_two(std::uint64_t v) { return v && !(v & (v - 1)); }

nlohmann::json certificate(std::string const& name) {
    auto const p = proofs / name / "certificate.json";
    REQUIRE(fs::exists(p));
    return nlohmann::json::parse(slurp(p));
}

}  // namespace

TEST_CASE("the catalogue holds every power-of-two layout of 32 B to 1 KiB rows", "[catalogue][contents]") {
    unsigned n = 0;
    for (std::uint64_t elem : {1, 2, 4, 8, 16})
        for (std::uint64_t nx = 1; nx * elem <= 1024; nx *= 2) {
            if (nx * elem < 32) continue;
            for (std::uint64_t tc = elem; tc <= 128 && tc <= nx * elem; tc *= 2) {
                std::string const name = "nx" + std::to_string(nx) + "-e" + std::to_string(elem) + "-tc" + std::to_string(tc);
                CAPTURE(name);
                auto const j = certificate(name);
                auto const& tile = j["catalogue"]["tile"];
                CHECK(tile["layout"] == "article:nx=" + std::to_string(nx) + ",elem=" + std::to_string(elem) +
                                            ",tc=" + std::to_string(tc));
                CHECK(tile["elem"] == elem);
                CHECK(tile["row_bytes"] == nx * elem);
                CHECK(tile["rows"] == std::uint64_t(1) << 32);
                CHECK(j["exit_code"] == 0);
                ++n;
            }
        }
    CHECK(n == 165);
}

TEST_CASE("the catalogue holds the tile of every kernel, with the kernel named", "[catalogue][contents]") {
    std::map<std::string, std::string> kernel_of_folder;
    for (auto const& d : fs::directory_iterator(proofs)) {
        if (!d.is_directory() || swz::verify::catalogue::is_family_folder(d.path().filename().string())) continue;
        auto const j = certificate(d.path().filename().string());
        for (auto const& k : j["catalogue"]["kernels"]) kernel_of_folder[k.get<std::string>()] = d.path().filename().string();
    }
    for (auto const& k : swz::kernel_tiles()) {
        CAPTURE(k.kernel);
        REQUIRE(kernel_of_folder.count(std::string(k.kernel)));
        auto const j = certificate(kernel_of_folder[std::string(k.kernel)]);
        auto const& tile = j["catalogue"]["tile"];
        CHECK(tile["layout"] == k.spec);
        CHECK(tile["elem"] == k.shape.elem);
        CHECK(tile["row_bytes"] == k.shape.row_bytes);
        CHECK(tile["rows"] == k.shape.rows);
        CHECK(j["exit_code"] == 0);
    }
}

TEST_CASE("the known-bad layouts are kept with their refutations", "[catalogue][contents]") {
    auto const refuted = [](nlohmann::json const& j, std::string const& id) {
        for (auto const& r : j["results"])
            if (r["id"] == id) return r["verdict"] == "REFUTED";
        return false;
    };
    // A row of 12 floats: two columns of one row collide.
    auto const twelve = certificate("nx12-e4-tc4-r64");
    CHECK(twelve["exit_code"] == 10);
    CHECK(refuted(twelve, "bijection"));
    // TC = 16 bytes with column reads required conflict-free.
    auto const column = certificate("nx64-e4-tc16-require-column");
    CHECK(column["exit_code"] == 10);
    CHECK(refuted(column, "conflict.column"));
    for (auto const& name : {"nx12-e4-tc4-r64", "nx64-e4-tc16-require-column", "nx64-e4-tc16-require-article",
                             "plain-e4-rb128-r32-require-column", "cute-3-4-2-e1-rb128", "linear-1-2-4-8-16-32-1-e2-rb64-r4",
                             "pad-4-e4-rb128-r32-chunk16", "tma-128B-base512-e2-rb128"}) {
        CAPTURE(name);
        auto const j = certificate(name);
        CHECK(j["catalogue"]["role"] == "known-bad");
        CHECK(j["catalogue"]["expect"]["exit_code"] == 10);
        CHECK(j["exit_code"] == 10);
        for (auto const& id : j["catalogue"]["expect"]["refuted"]) CHECK(refuted(j, id.get<std::string>()));
    }
}

TEST_CASE("every certificate is sealed, canonical, and its stored obligations standard", "[catalogue][contents]") {
    std::uintmax_t bytes = 0;
    unsigned certificates = 0, stored = 0;
    for (auto const& f : fs::recursive_directory_iterator(proofs))
        if (f.is_regular_file()) bytes += f.file_size();
    for (auto const& d : fs::directory_iterator(proofs)) {
        if (!d.is_directory()) continue;
        std::string const name = d.path().filename().string();
        CAPTURE(name);
        std::string const text = slurp(d.path() / "certificate.json");
        auto const j = nlohmann::json::parse(text);
        if (swz::verify::catalogue::is_family_folder(name)) {  // a family proof: sealed, canonical, no obligation files
            CHECK(j["mode"] == "family");
            CHECK(j["digest"] == swz::verify::catalogue::digest_of(j));
            CHECK(swz::verify::catalogue::layout_json(j) == text);
            CHECK(text.find("\"seconds\"") == std::string::npos);
            CHECK_FALSE(fs::exists(d.path() / "obligations"));
            continue;
        }
        ++certificates;
        CHECK(j["catalogue"]["name"] == name);
        CHECK(j["digest"] == swz::verify::catalogue::digest_of(j));
        CHECK(swz::verify::catalogue::layout_json(j) == text);  // as swz-verify writes it: no hand formatting
        CHECK(text.find("\"seconds\"") == std::string::npos);   // nothing that varies from run to run
        for (auto const& r : swz::verify::catalogue::records_from_json(j)) {
            if (!r.stored) continue;
            ++stored;
            std::string const smt2 = slurp(d.path() / "obligations" / r.file);
            CAPTURE(r.file);
            CHECK(swz::verify::catalogue::stated_status(smt2) == r.expected);
            CHECK(smt2.find("(set-logic QF_BV)") != std::string::npos);
            CHECK(smt2.find("at-least") == std::string::npos);
            CHECK(smt2.find("/") == std::string::npos);  // no paths: the same bytes on every machine
        }
    }
    // The grid, one certificate per distinct kernel tile, the common layouts,
    // the facts and the known-bad ones.
    // (A fixed entry may be a kernel's tile too: 32 x 33 words is both.)
    std::set<std::string> fixed;
    for (auto const& e : swz::verify::catalogue::fixed_entries()) fixed.insert(e.name);
    CHECK(fixed.size() >= 16 + 3 * (2 + 3 + 4) + 3 + 6 + 6 + 3 - 1 + 15 + 8);
    CHECK(certificates == 165 + fixed.size());
    CHECK(stored >= 4 * certificates);
    CHECK(bytes < 16u * 1024 * 1024);
}

TEST_CASE("the catalogue keeps the equivalences worth knowing, proved or refuted", "[catalogue][contents]") {
    auto const verdict = [](nlohmann::json const& j) { return j["results"][0]["verdict"]; };
    for (unsigned elem : {1u, 2u, 4u, 8u, 16u}) {
        std::string const name = "equiv-nx" + std::to_string(128 / elem) + "-e" + std::to_string(elem) + "-tc16--tma-128B";
        CAPTURE(name);
        auto const j = certificate(name);
        CHECK(j["catalogue"]["role"] == "fact");
        CHECK(verdict(j) == "PROVED");
    }
    for (unsigned elem : {1u, 2u, 4u}) {
        auto const j = certificate("equiv-nx" + std::to_string(64 / elem) + "-e" + std::to_string(elem) + "-tc16--tma-64B");
        CHECK(verdict(j) == "REFUTED");
        CHECK(j["catalogue"]["expect"]["exit_code"] == 10);
    }
    CHECK(verdict(certificate("equiv-cute-3-3-3-e2-rb128--tma-128B")) == "PROVED");
}

TEST_CASE("the manifest names exactly the grid, as the sweep that made it writes it", "[catalogue][contents]") {
    std::string const text = slurp(proofs / "manifest.json");
    auto const j = nlohmann::json::parse(text);
    CHECK(j["digest"] == swz::verify::catalogue::digest_of(j));
    CHECK(swz::verify::catalogue::layout_json(j) == text);
    CHECK(j["sweep"]["command"] == "--nx 2..1024 --elem 1..16 --tc 1..128 --row-bytes 32..1024");
    // The grid, enumerated here as in the first test: 165 names.
    std::set<std::string> expected;
    for (std::uint64_t elem : {1, 2, 4, 8, 16})
        for (std::uint64_t nx = 1; nx * elem <= 1024; nx *= 2)
            for (std::uint64_t tc = elem; nx * elem >= 32 && tc <= 128 && tc <= nx * elem; tc *= 2)
                expected.insert("nx" + std::to_string(nx) + "-e" + std::to_string(elem) + "-tc" + std::to_string(tc));
    std::set<std::string> listed;
    for (auto const& n : j["grid"]) listed.insert(n.get<std::string>());
    CHECK(expected.size() == 165);
    CHECK(listed == expected);
    CHECK(j["grid"].size() == listed.size());
}

TEST_CASE("the catalogue records the article family's proofs, each property proved", "[catalogue][contents][family]") {
    // Every power-of-two layout of the article's formula, the figures as
    // closed forms: what covers a layout outside the stored grid.
    auto const j = certificate("family-article");
    CHECK(j["family"] == "article");
    CHECK(j["exit_code"] == 0);
    std::set<std::string> ids;
    for (auto const& r : j["results"]) {
        ids.insert(r["id"].get<std::string>());
        if (r["counts"] == "gate") CHECK(r["verdict"] == "PROVED");
    }
    for (auto const* id : {"family.bijection", "family.row_permutation", "family.chunk_integrity", "family.involution",
                           "family.conflict.row", "family.conflict.row-chunk", "family.conflict.column",
                           "family.conflict.column-chunk"})
        CHECK(ids.count(id));
    auto const manifest = nlohmann::json::parse(slurp(proofs / "manifest.json"));
    CHECK(manifest["families"] == nlohmann::json::array({"article", "cute"}));
}

TEST_CASE("the catalogue records the CuTe family's proofs, each property proved", "[catalogue][contents][family]") {
    // Every Swizzle<B,M,S> after a row-major tile, B, M and S symbolic.
    auto const j = certificate("family-cute");
    CHECK(j["family"] == "cute");
    CHECK(j["exit_code"] == 0);
    std::set<std::string> ids;
    for (auto const& r : j["results"]) {
        ids.insert(r["id"].get<std::string>());
        CHECK(r["verdict"] == "PROVED");
    }
    CHECK(ids == std::set<std::string>{"family.bijection", "family.row_permutation", "family.chunk_integrity",
                                       "family.involution", "family.conflict.row", "family.conflict.row-chunk",
                                       "family.conflict.column", "family.conflict.column-chunk"});
}
