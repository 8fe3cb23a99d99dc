// swz-verify --check on copies of a small catalogue: it passes untouched,
// and each kind of damage is found and named on its own line (a certificate
// edited by hand, a changed figure, a missing kernel certificate, an edited
// or missing obligation, an obligation whose expected status is wrong, a
// solver that times out), with its exit code (11 stale or tampered, 12 the
// second solver), while the catalogue is never written to.
#include <catch2/catch.hpp>

#include <algorithm>
#include <sstream>

#include "catalogue/catalogue_members.hpp"
#include "catalogue_copy.hpp"

using namespace swz::testing;
namespace fs = std::filesystem;

namespace {

std::string summary(run_result const& r) {
    auto const at = r.out.rfind("swz-verify --check");
    return at == std::string::npos ? "" : r.out.substr(at);
}

std::string const grid = "nx64-e4-tc16";  // the mini catalogue's one grid layout

}  // namespace

TEST_CASE("an untouched catalogue passes, cvc5 agreeing on every obligation", "[catalogue][check]") {
    auto const dir = copy_of_mini_catalogue("untouched");
    auto const before = snapshot(dir);
    auto const r = swz_verify("--check " + dir.string());
    CAPTURE(r.out, r.err);
    CHECK(r.code == 0);
    CHECK(findings(r).empty());
    CHECK_THAT(summary(r), Catch::Contains("PASSED"));
    CHECK_THAT(summary(r), Catch::Contains("cvc5 1."));
    CHECK(snapshot(dir) == before);  // --check never writes
}

TEST_CASE("a certificate edited by hand is found by its digest", "[catalogue][check]") {
    auto const dir = copy_of_mini_catalogue("hand-edit");
    edit_by_hand(dir / grid / "certificate.json");
    auto const before = snapshot(dir);
    auto const r = swz_verify("--check " + dir.string() + " --no-second-solver");
    auto const f = findings(r);
    CAPTURE(r.out);
    CHECK(r.code == 11);
    CHECK(std::count(f.begin(), f.end(), grid + ": certificate.json was edited by hand: its digest does not match its "
                                                "content (regenerate it with swz-verify --sweep ... --write-catalogue)") == 1);
    CHECK(std::count_if(f.begin(), f.end(), [](auto const& l) { return l.find("conflict.column: statement") != std::string::npos; }) == 1);
    CHECK(f.size() == 2);
    CHECK_THAT(summary(r), Catch::Contains("FAILED with 2 findings (exit 11: stale or tampered catalogue)"));
    CHECK_THAT(r.err, Catch::Contains("WARNING: --no-second-solver"));
    CHECK_THAT(summary(r), Catch::Contains("cvc5 SKIPPED"));
    CHECK(snapshot(dir) == before);
}

TEST_CASE("a changed figure is named with its layout, property, old and new value", "[catalogue][check]") {
    auto const dir = copy_of_mini_catalogue("figure");
    auto const path = dir / grid / "certificate.json";
    auto j = read_json(path);
    auto& column = result(j, "conflict.column");
    auto const now = column["figure"]["value"].get<unsigned>();
    column["figure"]["value"] = now + 1;  // as if an older prover had found one more wavefront
    write_certificate(path, j, true);
    auto const r = swz_verify("--check " + dir.string() + " --no-second-solver");
    CAPTURE(r.out);
    CHECK(r.code == 11);
    CHECK(findings(r) == std::vector<std::string>{grid + ": conflict.column: figure.value: " + std::to_string(now + 1) +
                                                  " -> " + std::to_string(now)});
}

TEST_CASE("a kernel whose tile has no certificate is named", "[catalogue][check]") {
    auto const dir = copy_of_mini_catalogue("missing");
    auto const kernels = swz::verify::catalogue::kernel_entries();
    REQUIRE(!kernels.empty());
    auto const& gone = kernels.front();
    fs::remove_all(dir / gone.name);
    auto const r = swz_verify("--check " + dir.string() + " --no-second-solver");
    auto const f = findings(r);
    CAPTURE(r.out);
    CHECK(r.code == 11);
    REQUIRE(f.size() == gone.kernels.size());
    for (std::size_t i = 0; i < f.size(); ++i) {
        CHECK(f[i].rfind("kernel " + gone.kernels[i] + ": no certificate for its tile", 0) == 0);
        CHECK_THAT(f[i], Catch::Contains("expected " + (dir / gone.name).string()));
    }
}

TEST_CASE("a kernel certificate for a tile no kernel uses is stale", "[catalogue][check]") {
    auto const dir = copy_of_mini_catalogue("stale");
    auto const kernels = swz::verify::catalogue::kernel_entries();
    auto const& kernel = kernels.front();
    // As if the kernel had moved to taller tiles: its old certificate stays.
    auto const old = dir / (kernel.name + "-old");
    fs::rename(dir / kernel.name, old);
    auto j = read_json(old / "certificate.json");
    j["catalogue"]["tile"]["rows"] = kernel.tile.shape.rows / 2;
    write_certificate(old / "certificate.json", j, true);
    fs::copy(SWZ_MINI_CATALOGUE / fs::path(kernel.name), dir / kernel.name, fs::copy_options::recursive);
    auto const r = swz_verify("--check " + dir.string() + " --no-second-solver");
    auto const f = findings(r);
    CAPTURE(r.out);
    CHECK(r.code == 11);
    CHECK(std::count(f.begin(), f.end(), kernel.name + "-old: a kernel certificate (kernel " + kernel.kernels.front() +
                                             ") for a tile that swz/kernel_layouts.hpp and the known-bad list no longer hold; "
                                             "delete " + old.string() + " or regenerate the catalogue") == 1);
}

TEST_CASE("a stored obligation edited or removed is found", "[catalogue][check]") {
    auto const dir = copy_of_mini_catalogue("obligation-files");
    auto const obligations = dir / grid / "obligations";
    spit(obligations / "involution.smt2", slurp(obligations / "involution.smt2") + "; a comment\n");
    fs::remove(obligations / "chunk_integrity.smt2");
    spit(obligations / "extra.smt2", "(check-sat)\n");
    auto const r = swz_verify("--check " + dir.string() + " --no-second-solver");
    auto const f = findings(r);
    CAPTURE(r.out);
    CHECK(r.code == 11);
    CHECK(f == std::vector<std::string>{
                   grid + ": " + (obligations / "chunk_integrity.smt2").string() + " is missing (the certificate lists it)",
                   grid + ": " + (obligations / "involution.smt2").string() +
                       " was edited by hand: its SHA-256 is not the one the certificate records",
                   grid + ": " + (obligations / "extra.smt2").string() + " is not an obligation the certificate lists"});
}

TEST_CASE("an obligation whose expected status is wrong makes cvc5 disagree", "[catalogue][check]") {
    auto const dir = copy_of_mini_catalogue("status");
    auto const file = dir / grid / "obligations" / "bijection.smt2";
    std::string text = slurp(file);
    auto const at = text.find("(set-info :status unsat)");
    REQUIRE(at != std::string::npos);  // the bijection is proved: its obligation is unsat
    text.replace(at, 24, "(set-info :status sat)");
    spit(file, text);
    auto const r = swz_verify("--check " + dir.string());
    auto const f = findings(r);
    CAPTURE(r.out, r.err);
    CHECK(r.code == 12);  // the disagreement outranks the hand edit (11)
    CHECK(std::count(f.begin(), f.end(), grid + ": cvc5 disagrees on " + file.string() +
                                             ": the obligation expects sat, cvc5 answers unsat") == 1);
    CHECK(std::count(f.begin(), f.end(), grid + ": " + file.string() +
                                             " was edited by hand: its SHA-256 is not the one the certificate records") == 1);
    CHECK(f.size() == 2);
}

TEST_CASE("a second solver that times out fails the check, naming the obligation", "[catalogue][check]") {
    auto const dir = copy_of_mini_catalogue("timeout");
    auto const spun = dir / grid / "obligations" / "bijection.smt2";
    // cvc5 for every obligation but that one, on which it spins.
    auto const fake = dir.parent_path() / "slow-cvc5";
    spit(fake, "#!/bin/sh\ncase \"$*\" in\n  *--version*) exec cvc5 --version ;;\n  *" + spun.string() +
                   ") while :; do :; done ;;\n  *) exec cvc5 \"$@\" ;;\nesac\n");
    fs::permissions(fake, fs::perms::owner_all);
    // 15 s of CPU: well above what any real obligation of the catalogue needs
    // (4.6 s idle, up to 9 s measured while other builds shared the machine).
    auto const r = swz_verify("--check " + dir.string() + " --cvc5 " + fake.string() + " --solver-timeout 15");
    CAPTURE(r.out, r.err);
    CHECK(r.code == 12);
    CHECK(findings(r) == std::vector<std::string>{grid + ": cvc5 timed out (15 s CPU) on " + spun.string() + ", which expects unsat"});
}

TEST_CASE("without cvc5 the check stops at once unless told to skip it", "[catalogue][check]") {
    auto const dir = copy_of_mini_catalogue("no-cvc5");
    auto const r = swz_verify("--check " + dir.string(), "PATH=/nonexistent-dir");
    CHECK(r.code == 1);
    CHECK(count_lines(r.err) == 1);
    CHECK_THAT(r.err, Catch::StartsWith("swz-verify: error: cvc5 not found"));
    CHECK_THAT(r.err, Catch::Contains("--no-second-solver"));
    auto const given = swz_verify("--check " + dir.string() + " --cvc5 /nonexistent-dir/cvc5");
    CHECK(given.code == 1);
    CHECK_THAT(given.err, Catch::StartsWith("swz-verify: error: cvc5 not found (/nonexistent-dir/cvc5)"));
}
