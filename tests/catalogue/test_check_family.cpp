// The family proofs in a catalogue (DIR/family-<name>/, listed by the
// manifest): --check re-derives each and finds a missing, edited, stale or
// unlisted one. One copy of the mini catalogue gets proofs/family-article
// and a manifest that lists it; each check re-derives the family (seconds).
#include <catch2/catch.hpp>

#include <algorithm>
#include <sstream>

#include "catalogue/certificate_file.hpp"
#include "catalogue/json_layout.hpp"
#include "catalogue_copy.hpp"

using namespace swz::testing;
using namespace swz::verify;
namespace fs = std::filesystem;

namespace {

// A mini catalogue whose manifest lists the article family, with its proof copied in (or not).
fs::path with_family(std::string const& name, bool copy_proof) {
    auto const dir = copy_of_mini_catalogue(name);
    auto m = read_json(dir / "manifest.json");
    m["families"] = nlohmann::json::array({"article"});
    write_certificate(dir / "manifest.json", m, true);
    if (copy_proof) fs::copy(fs::path(SWZ_PROOFS_DIR) / "family-article", dir / "family-article", fs::copy_options::recursive);
    return dir;
}

run_result check(fs::path const& dir) { return swz_verify("--check " + dir.string() + " --no-second-solver"); }

}  // namespace

TEST_CASE("a catalogue's family proof is re-derived and passes", "[catalogue][check][family]") {
    auto const dir = with_family("family-ok", true);
    auto const r = check(dir);
    CAPTURE(r.out, r.err);
    CHECK(r.code == 0);
    CHECK_THAT(r.out, Catch::Contains("1 family proof"));
}

TEST_CASE("a family proof missing or edited or unlisted is found", "[catalogue][check][family]") {
    {
        auto const dir = with_family("family-missing", false);
        auto const r = check(dir);
        CAPTURE(r.out);
        CHECK(r.code == 11);
        CHECK(findings(r) == std::vector<std::string>{"family article: no certificate in " + dir.string() + "; expected " +
                                                      (dir / "family-article").string()});
    }
    {
        // A verdict turned, then sealed again: only the re-derivation tells.
        auto const dir = with_family("family-edited", true);
        auto const path = dir / "family-article" / "certificate.json";
        auto j = read_json(path);
        for (auto& res : j["results"])
            if (res["id"] == "family.article.final_form") res["verdict"] = "PROVED";
        write_certificate(path, j, true);
        auto const r = check(dir);
        CAPTURE(r.out);
        CHECK(r.code == 11);
        auto const f = findings(r);
        CHECK(std::any_of(f.begin(), f.end(), [](std::string const& l) {
            return l == "family-article: family.article.final_form: verdict: \"PROVED\" -> \"REFUTED\"";
        }));
    }
    {
        // There, but the manifest does not list it.
        auto const dir = copy_of_mini_catalogue("family-unlisted");
        fs::copy(fs::path(SWZ_PROOFS_DIR) / "family-article", dir / "family-article", fs::copy_options::recursive);
        auto const r = check(dir);
        CAPTURE(r.out);
        CHECK(r.code == 11);
        CHECK(findings(r) == std::vector<std::string>{"family-article: a family proof that " + (dir / "manifest.json").string() +
                                                      " does not list; delete " + (dir / "family-article").string() +
                                                      " or regenerate the catalogue"});
    }
}

TEST_CASE("the sweep option --families takes a family or none and needs --write-catalogue", "[catalogue][cli][family]") {
    auto const dir = scratch_folder("families-usage") / "proofs";
    auto const unknown = swz_verify("--sweep --nx 64 --tc 16 --families cutlass --write-catalogue " + dir.string());
    CHECK(unknown.code == 1);
    CHECK(unknown.err == "swz-verify: error: --families cutlass: no such family 'cutlass' (article, cute, or none)\n");
    auto const alone = swz_verify("--sweep --nx 64 --tc 16 --families none");
    CHECK(alone.code == 1);
    CHECK(alone.err == "swz-verify: error: --families is an option of --write-catalogue\n");
    auto const in_check = swz_verify("--check " + dir.string() + " --families none");
    CHECK(in_check.code == 1);
    CHECK_FALSE(fs::exists(dir));
}
