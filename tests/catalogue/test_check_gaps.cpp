// The gaps issue 11 found in swz-verify --check, each closed: a certificate
// from another tool or Z3 version, a stray file, a duplicate JSON key, a
// missing grid certificate (the manifest says which grid the catalogue
// holds). And the exit codes that tell CI what to do: 10 a layout that must
// hold is refuted, 11 the catalogue is stale or tampered with, 12 the second
// solver disagrees, 5 the re-derivation had no answer.
#include <catch2/catch.hpp>

#include <sys/stat.h>

#include <algorithm>
#include <set>
#include <sstream>

#include "catalogue/catalogue_members.hpp"
#include "catalogue/expectation.hpp"
#include "catalogue/manifest.hpp"
#include "catalogue_copy.hpp"
#include "exit_codes.hpp"
#include "report.hpp"

using namespace swz::testing;
using namespace swz::verify;
namespace fs = std::filesystem;

namespace {

std::string const grid = "nx64-e4-tc16";  // the mini catalogue's one grid layout

run_result check(fs::path const& dir, std::string const& more = "--no-second-solver") {
    return swz_verify("--check " + dir.string() + " " + more);
}

}  // namespace

TEST_CASE("a certificate made by another tool or Z3 version is stale", "[catalogue][check][gaps]") {
    auto const dir = copy_of_mini_catalogue("versions");
    auto const path = dir / grid / "certificate.json";
    auto j = read_json(path);
    j["tool_version"] = "0.0.1";
    j["z3_version"] = "4.8.11.0";
    write_certificate(path, j, true);  // sealed: only the versions tell
    auto const r = check(dir);
    CAPTURE(r.out);
    CHECK(r.code == 11);
    CHECK(findings(r) == std::vector<std::string>{
                             grid + ": tool_version: \"0.0.1\" -> \"" + tool_version() +
                                 "\" (made by another version; regenerate the catalogue)",
                             grid + ": z3_version: \"4.8.11.0\" -> \"" + z3_version() +
                                 "\" (made by another version; regenerate the catalogue)"});
}

TEST_CASE("a stray file beside a certificate or in the catalogue is found", "[catalogue][check][gaps]") {
    auto const dir = copy_of_mini_catalogue("stray");
    spit(dir / grid / "notes.txt", "an edit nobody re-derives\n");
    fs::create_directory(dir / grid / "extra");
    spit(dir / "bijection.smt2", "(check-sat)\n");
    auto const r = check(dir);
    CAPTURE(r.out);
    CHECK(r.code == 11);
    auto f = findings(r);
    std::sort(f.begin(), f.end());  // a folder lists its files in no fixed order
    CHECK(f == std::vector<std::string>{
                             "bijection.smt2: " + (dir / "bijection.smt2").string() + " is not a file of a catalogue (stray)",
                             grid + ": " + (dir / grid / "extra").string() + " is not a file of a certificate (stray)",
                             grid + ": " + (dir / grid / "notes.txt").string() + " is not a file of a certificate (stray)"});
}

TEST_CASE("a certificate with a duplicate key is refused, though its digest matches", "[catalogue][check][gaps]") {
    auto const dir = copy_of_mini_catalogue("duplicate-key");
    auto const path = dir / grid / "certificate.json";
    std::string text = slurp(path);
    auto const id = text.find("\"id\": \"bijection\"");
    REQUIRE(id != std::string::npos);
    auto const at = text.find("\"verdict\": \"PROVED\"", id);
    REQUIRE(at != std::string::npos);
    text.insert(at, "\"verdict\": \"REFUTED\", ");  // a reader that keeps the first key sees REFUTED
    spit(path, text);
    // The gap: parsed the usual way (the last key wins), nothing changed, the seal holds.
    auto const lenient = nlohmann::json::parse(text);
    REQUIRE(lenient["digest"] == catalogue::digest_of(lenient));
    auto const r = check(dir);
    CAPTURE(r.out);
    CHECK(r.code == 11);
    CHECK(findings(r) == std::vector<std::string>{grid + ": unreadable certificate " + path.string() +
                                                  ": duplicate key \"verdict\" in results"});
}

TEST_CASE("a missing grid certificate is found through the manifest", "[catalogue][check][gaps]") {
    auto const dir = copy_of_mini_catalogue("missing-grid");
    REQUIRE(read_json(dir / "manifest.json")["grid"] == nlohmann::json::array({grid}));
    fs::remove_all(dir / grid);
    auto const r = check(dir);
    CAPTURE(r.out);
    CHECK(r.code == 11);
    CHECK(findings(r) == std::vector<std::string>{"grid layout " + grid + ": no certificate in " + dir.string() +
                                                  ", though manifest.json lists it; expected " + (dir / grid).string()});
}

TEST_CASE("without its manifest a catalogue cannot show its grid is whole", "[catalogue][check][gaps]") {
    auto const dir = copy_of_mini_catalogue("no-manifest");
    fs::remove(dir / "manifest.json");
    auto const r = check(dir);
    CAPTURE(r.out);
    CHECK(r.code == 11);
    CHECK(findings(r) == std::vector<std::string>{(dir / "manifest.json").string() +
                                                  ": missing; without it the grid the catalogue holds is unknown "
                                                  "(regenerate it with swz-verify --sweep ... --write-catalogue)"});
}

TEST_CASE("a manifest edited by hand, or naming another grid, is found", "[catalogue][check][gaps]") {
    auto const dir = copy_of_mini_catalogue("other-grid");
    // Sealed, for another sweep: that grid's layout is missing, this one's certificate is outside it.
    catalogue::sweep_ranges ranges;
    ranges.nx = {32};
    ranges.elem = {4};
    ranges.tc = {16};
    auto j = catalogue::manifest_json(ranges, "--nx 32 --elem 4 --tc 16", {"nx32-e4-tc16"}, {});
    // Then edited: "no grid", so that every grid certificate would pass unchecked.
    j["grid"] = nlohmann::json::array();
    spit(dir / "manifest.json", catalogue::layout_json(j));
    auto const r = check(dir);
    CAPTURE(r.out);
    CHECK(r.code == 11);
    auto const manifest = (dir / "manifest.json").string();
    CHECK(findings(r) == std::vector<std::string>{
                             manifest + " was edited by hand: its digest does not match its content",
                             manifest + ": its grid list (0 layouts) is not the grid of its ranges now (1 layouts: --nx 32 --elem 4 --tc 16)",
                             "grid layout nx32-e4-tc16: no certificate in " + dir.string() +
                                 ", though manifest.json lists it; expected " + (dir / "nx32-e4-tc16").string(),
                             grid + ": a grid certificate outside the grid of " + manifest + "; delete " + (dir / grid).string() +
                                 " or regenerate the catalogue"});
}

TEST_CASE("a manifest resealed with another tool's keys is found, key by key", "[catalogue][check][gaps]") {
    auto const dir = copy_of_mini_catalogue("manifest-keys");
    auto j = read_json(dir / "manifest.json");
    j["tool"] = "other-tool";
    j["tool_version"] = "9.9.9";
    spit(dir / "manifest.json", catalogue::layout_json(catalogue::sealed(j)));  // its digest matches
    auto const r = check(dir);
    CAPTURE(r.out);
    CHECK(r.code == 11);
    auto const manifest = (dir / "manifest.json").string();
    CHECK(findings(r) == std::vector<std::string>{manifest + ": tool: \"other-tool\" -> \"swz-verify\"",
                                                  manifest + ": tool_version: \"9.9.9\" -> (none)"});
}

TEST_CASE("a certificate that is a symlink loop or a FIFO is no certificate: found at once, no internal error or hang",
          "[catalogue][check][gaps]") {
    for (bool const fifo : {false, true}) {
        CAPTURE(fifo);
        auto const dir = copy_of_mini_catalogue(fifo ? "fifo" : "symlink-loop");
        auto const path = dir / grid / "certificate.json";
        fs::remove(path);
        if (fifo) REQUIRE(::mkfifo(path.c_str(), 0644) == 0);
        else fs::create_symlink("certificate.json", path);
        auto const r = check(dir);
        CAPTURE(r.out, r.err);
        CHECK(r.code == 11);
        CHECK(findings(r) == std::vector<std::string>{
                                 grid + ": " + (dir / grid).string() + " holds no certificate.json (as a regular file)",
                                 "grid layout " + grid + ": no certificate in " + dir.string() +
                                     ", though manifest.json lists it; expected " + (dir / grid).string()});
    }
}

TEST_CASE("a missing certificate is named by its role: a good layout is not called known-bad", "[catalogue][check][gaps]") {
    auto const dir = copy_of_mini_catalogue("missing-fixed");
    // The first certificate of each role but the kernels' removed.
    std::vector<std::string> expected;
    std::set<catalogue::entry_role> removed;
    for (auto const& e : catalogue::fixed_entries()) {
        if (e.role == catalogue::entry_role::kernel || !fs::exists(dir / e.name) || !removed.insert(e.role).second) continue;
        fs::remove_all(dir / e.name);
        std::string const role = e.role == catalogue::entry_role::known_bad ? "known-bad layout "
                                 : e.role == catalogue::entry_role::fact    ? "fact "
                                                                            : "layout ";
        expected.push_back(role + e.name + ": no certificate in " + dir.string() + "; expected " + (dir / e.name).string());
    }
    REQUIRE(expected.size() == 3);  // a known-bad layout, a fact and a common layout
    auto const r = check(dir);
    CAPTURE(r.out);
    CHECK(r.code == 11);
    auto f = findings(r), want = expected;
    std::sort(f.begin(), f.end());
    std::sort(want.begin(), want.end());
    CHECK(f == want);
}

TEST_CASE("a grid layout that must hold and is refuted is exit 10, not 11", "[catalogue][check][codes]") {
    // A grid certificate, sealed, for NX = 12 (not a power of two): Z3 refutes
    // its bijection. That the layout is unsafe outranks that its certificate is stale.
    auto const dir = copy_of_mini_catalogue("refuted-grid");
    std::string const name = "nx12-e4-tc4-r32";
    fs::rename(dir / grid, dir / name);
    fs::remove_all(dir / name / "obligations");
    auto j = read_json(dir / name / "certificate.json");
    j["catalogue"]["name"] = name;
    j["catalogue"]["tile"] = {
        {"layout", "article:nx=12,elem=4,tc=4"}, {"rows", 32}, {"row_bytes", 48}, {"elem", 4}, {"chunk_bytes", 0}};
    j["catalogue"]["obligations"] = nlohmann::json::array();
    write_certificate(dir / name / "certificate.json", j, true);
    auto const r = check(dir);
    auto const f = findings(r);
    CAPTURE(r.out);
    CHECK(r.code == 10);
    CHECK(std::count_if(f.begin(), f.end(), [&](auto const& l) {
              return l.rfind(name + ": expected exit 0, got 10: bijection REFUTED", 0) == 0;
          }) == 1);
    CHECK_THAT(r.out, Catch::Contains("(exit 10: refuted)"));
}

TEST_CASE("cvc5 disagreeing on an untouched catalogue is exit 12", "[catalogue][check][codes]") {
    auto const dir = copy_of_mini_catalogue("disagree");
    // A "cvc5" that finds every obligation satisfiable.
    auto const fake = dir.parent_path() / "sat-cvc5";
    spit(fake, "#!/bin/sh\ncase \"$*\" in\n  *--version*) exec cvc5 --version ;;\n  *) echo sat ;;\nesac\n");
    fs::permissions(fake, fs::perms::owner_all);
    auto const r = check(dir, "--cvc5 " + fake.string());
    auto const f = findings(r);
    CAPTURE(r.out);
    CHECK(r.code == 12);
    REQUIRE(!f.empty());
    for (auto const& l : f) CHECK_THAT(l, Catch::Contains(": the obligation expects unsat, cvc5 answers sat"));
    CHECK_THAT(r.out, Catch::Contains("(exit 12: second-solver disagreement)"));
}

TEST_CASE("a re-derivation without an answer is exit 5, not a stale certificate", "[catalogue][check][codes]") {
    // Sealed as if made with --timeout-ms 1: the conflict bounds get no answer in 1 ms.
    auto const dir = copy_of_mini_catalogue("unknown");
    auto const path = dir / grid / "certificate.json";
    auto j = read_json(path);
    j["timeout_ms"] = 1;
    write_certificate(path, j, true);
    auto const r = check(dir);
    auto const f = findings(r);
    CAPTURE(r.out);
    CHECK(r.code == 5);
    CHECK(std::count_if(f.begin(), f.end(), [](auto const& l) {
              return l.rfind(grid + ": expected exit 0, got 5: ", 0) == 0 && l.find("UNKNOWN") != std::string::npos;
          }) == 1);
}

TEST_CASE("an unmet expectation's exit code: unsafe 10, stale 11, undecided 5", "[catalogue][codes]") {
    auto const result = [](std::string id, verdict v, weight w = weight::gate) {
        property_result r;
        r.id = std::move(id);
        r.outcome = v;
        r.counts = w;
        return r;
    };
    auto const bad = catalogue::known_bad_entries().front();  // nx12: bijection, row_permutation, involution REFUTED
    REQUIRE(bad.expected_exit == 10);
    certificate c;
    c.results = {result("bijection", verdict::proved), result("row_permutation", verdict::refuted),
                 result("involution", verdict::refuted)};
    // A known-bad layout no longer refuted where it must be: the catalogue is stale.
    REQUIRE(!catalogue::unmet_expectations(bad, c).empty());
    CHECK(catalogue::unmet_exit_code(bad, c) == exit_stale);
    c.results[0].outcome = verdict::unknown;
    CHECK(catalogue::unmet_exit_code(bad, c) == exit_unknown);
    c.results = {result("bijection", verdict::proved), result("row_permutation", verdict::proved),
                 result("involution", verdict::proved)};
    CHECK(catalogue::unmet_exit_code(bad, c) == exit_stale);
    // A layout that must hold, refuted: unsafe; undecided: unknown.
    auto const kernel = catalogue::kernel_entries().front();
    c.results = {result("bijection", verdict::refuted)};
    CHECK(catalogue::unmet_exit_code(kernel, c) == exit_refuted);
    c.results = {result("bijection", verdict::proved), result("conflict.row", verdict::unknown, weight::report)};
    CHECK(catalogue::unmet_exit_code(kernel, c) == exit_unknown);
}
