// The committed catalogue, proofs/, read as files: every layout the issue
// lists is there (the grid is enumerated here, independently of the sweep),
// each kernel's tile and each known-bad layout, every certificate sealed and
// in canonical form, every stored obligation standard SMT-LIB2, and the
// whole of a size that belongs in git. (catalogue.check_proofs re-derives it.)
#include <catch2/catch.hpp>

#include <set>
#include <tuple>

#include "catalogue/certificate_file.hpp"
#include "catalogue/json_layout.hpp"
#include "support/run_swz_verify.hpp"
#include "swz/kernel_layouts.hpp"

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
                CHECK(tile["kind"] == "xor-swizzle");
                CHECK(tile["nx"] == nx);
                CHECK(tile["elem"] == elem);
                CHECK(tile["tc"] == tc);
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
        if (!d.is_directory()) continue;
        auto const j = certificate(d.path().filename().string());
        for (auto const& k : j["catalogue"]["kernels"]) kernel_of_folder[k.get<std::string>()] = d.path().filename().string();
    }
    for (auto const& k : swz::kernel_layouts) {
        CAPTURE(k.kernel);
        REQUIRE(kernel_of_folder.count(std::string(k.kernel)));
        auto const j = certificate(kernel_of_folder[std::string(k.kernel)]);
        auto const& tile = j["catalogue"]["tile"];
        char const* kind = k.kind == swz::tile_kind::xor_swizzle ? "xor-swizzle" : k.kind == swz::tile_kind::plain ? "plain" : "padded";
        CHECK(tile["kind"] == kind);
        CHECK(tile["nx"] == k.params.nx);
        CHECK(tile["elem"] == k.params.elem);
        CHECK(tile["tc"] == k.params.tc);
        CHECK(tile["rows"] == k.rows);
        CHECK(tile["pad"] == (k.kind == swz::tile_kind::padded ? k.pad : 0u));
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
                             "plain-nx32-e4-r32-require-column"}) {
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
    // The grid, one certificate per distinct kernel tile, the known-bad ones.
    std::set<std::tuple<int, unsigned, unsigned, unsigned, unsigned, unsigned>> kernel_tiles;
    for (auto const& k : swz::kernel_layouts)
        kernel_tiles.insert({int(k.kind), k.params.nx, k.params.elem, k.params.tc, k.rows, k.kind == swz::tile_kind::padded ? k.pad : 0});
    CHECK(certificates == 165 + kernel_tiles.size() + 4);
    CHECK(stored >= 5 * certificates);
    CHECK(bytes < 5u * 1024 * 1024);
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
