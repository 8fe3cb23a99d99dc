// The exit codes of swz-verify --check that tell CI what to do: 10 a layout
// that must hold is refuted, 11 the catalogue is stale or tampered with, 12
// the second solver disagrees, 5 the re-derivation had no answer.
#include <catch2/catch.hpp>

#include <algorithm>
#include <sstream>

#include "catalogue/catalogue_members.hpp"
#include "catalogue/expectation.hpp"
#include "catalogue_copy.hpp"
#include "exit_codes.hpp"

using namespace swz::testing;
using namespace swz::verify;
namespace fs = std::filesystem;

namespace {

std::vector<std::string> findings(run_result const& r) {
    std::vector<std::string> out;
    std::istringstream in(r.out);
    for (std::string line; std::getline(in, line);)
        if (line.rfind("swz-verify --check", 0) != 0) out.push_back(line);
    return out;
}

std::string const grid = "nx64-e4-tc16";  // the mini catalogue's one grid layout

run_result check(fs::path const& dir, std::string const& more = "--no-second-solver") {
    return swz_verify("--check " + dir.string() + " " + more);
}

}  // namespace

TEST_CASE("a grid layout that must hold and is refuted is exit 10, not 11", "[catalogue][check][codes]") {
    // A grid certificate, sealed, for NX = 12 (not a power of two): Z3 refutes
    // its bijection. That the layout is unsafe outranks that its certificate is stale.
    auto const dir = copy_of_mini_catalogue("refuted-grid");
    std::string const name = "nx12-e4-tc4-r32";
    fs::rename(dir / grid, dir / name);
    fs::remove_all(dir / name / "obligations");
    auto j = read_json(dir / name / "certificate.json");
    j["catalogue"]["name"] = name;
    j["catalogue"]["tile"] = {{"kind", "xor-swizzle"}, {"nx", 12}, {"elem", 4}, {"tc", 4}, {"rows", 32}, {"pad", 0}};
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
