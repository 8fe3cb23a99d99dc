// --check speaks every mode's output flags: --format json|markdown|sarif|
// junit (on standard output, the report then on stderr, or to --out),
// --json FILE|-, --quiet (the findings alone). Each document is parsed
// back: SARIF and the JSON as JSON, JUnit as XML (TinyXML-2); a stale
// catalogue is a finding of its own kind (catalogue.current, exit 11).
#include <catch2/catch.hpp>

#include <tinyxml2.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "catalogue_copy.hpp"

using namespace swz::testing;
namespace fs = std::filesystem;

namespace {

std::string const grid = "nx64-e4-tc16";  // the mini catalogue's one grid layout

// A copy whose grid certificate was edited by hand: two findings, exit 11.
fs::path edited_copy(std::string const& name) {
    auto const dir = copy_of_mini_catalogue(name);
    edit_by_hand(dir / grid / "certificate.json");
    return dir;
}

unsigned lines_of(std::string const& s) {
    std::istringstream in(s);
    unsigned n = 0;
    for (std::string line; std::getline(in, line);) ++n;
    return n;
}

}  // namespace

TEST_CASE("check mode with format sarif: an untouched catalogue has no results and the report goes to stderr", "[catalogue][check][formats]") {
    auto const dir = copy_of_mini_catalogue("format-sarif");
    auto const r = swz_verify("--check " + dir.string() + " --no-second-solver --format sarif");
    CAPTURE(r.err);
    CHECK(r.code == 0);
    auto const j = nlohmann::json::parse(r.out);  // standard output holds the document alone
    CHECK(j.at("version") == "2.1.0");
    CHECK(j.at("runs").at(0).at("results").empty());
    CHECK_THAT(r.err, Catch::Contains("PASSED"));
}

TEST_CASE("check mode with json names each finding's layout, kind and exit code", "[catalogue][check][formats]") {
    auto const dir = edited_copy("format-json");
    auto const r = swz_verify("--check " + dir.string() + " --no-second-solver --json -");
    CHECK(r.code == 11);
    auto const j = nlohmann::json::parse(r.out);
    CHECK(j.at("schema_version") == 2);
    CHECK(j.at("mode") == "check");
    CHECK(j.at("exit_code") == 11);
    CHECK(j.at("second_solver").is_null());
    CHECK(j.at("certificates").get<unsigned>() > 1);
    REQUIRE(j.at("findings").size() == 2);
    for (auto const& f : j.at("findings")) {
        CHECK(f.at("layout") == grid);
        CHECK(f.at("id") == "catalogue.current");
        CHECK(f.at("exit_code") == 11);
    }
    CHECK_THAT(r.err, Catch::Contains("FAILED with 2 findings"));
}

TEST_CASE("check mode with format junit to a file fails the edited certificate's test suite only", "[catalogue][check][formats]") {
    auto const dir = edited_copy("format-junit");
    std::string const xml = (fs::path(SWZ_TEST_SCRATCH) / "check-junit.xml").string();
    auto const r = swz_verify("--check " + dir.string() + " --no-second-solver --format junit --out " + xml);
    CHECK(r.code == 11);
    CHECK_THAT(r.out, Catch::Contains("FAILED with 2 findings"));  // the report stays on standard output
    tinyxml2::XMLDocument doc;
    REQUIRE(doc.LoadFile(xml.c_str()) == tinyxml2::XML_SUCCESS);
    auto const* suites = doc.FirstChildElement("testsuites");
    REQUIRE(suites);
    CHECK(suites->IntAttribute("failures") == 2);
    unsigned failing = 0, passing = 0;
    for (auto const* s = suites->FirstChildElement("testsuite"); s; s = s->NextSiblingElement("testsuite")) {
        if (s->IntAttribute("failures") > 0) {
            ++failing;
            CHECK(std::string(s->Attribute("name")) == grid);
        } else {
            ++passing;
        }
    }
    CHECK(failing == 1);
    CHECK(passing > 0);
}

TEST_CASE("check mode with quiet prints the findings alone", "[catalogue][check][formats]") {
    auto const dir = edited_copy("format-quiet");
    auto const r = swz_verify("--check " + dir.string() + " --no-second-solver --quiet");
    CHECK(r.code == 11);
    CHECK(lines_of(r.out) == 2);
    CHECK_THAT(r.out, Catch::StartsWith(grid + ": "));
    CHECK_THAT(r.out, !Catch::Contains("swz-verify --check"));
}

TEST_CASE("check mode output flags that would share standard output are one-line usage errors", "[catalogue][check][formats]") {
    for (std::string const args : {"--json - --format sarif", "--json - --quiet", "--format junit --quiet", "--format yaml"}) {
        CAPTURE(args);
        auto const r = swz_verify("--check " + std::string(SWZ_MINI_CATALOGUE) + " " + args);
        CHECK(r.code == 1);
        CHECK(lines_of(r.err) == 1);
        CHECK_THAT(r.err, Catch::StartsWith("swz-verify: error: "));
    }
    auto const sweep = swz_verify("--sweep --nx 32 --quiet");
    CHECK(sweep.code == 1);
}

TEST_CASE("sweep mode with json writes the summary as JSON too, to a file or to standard output", "[catalogue][sweep][formats]") {
    auto const to_stdout = swz_verify("--sweep --nx 32..64 --json -");
    CHECK(to_stdout.code == 0);
    auto const j = nlohmann::json::parse(to_stdout.out);  // the JSON alone on standard output
    CHECK(j.at("schema_version") == 2);
    CHECK(j.at("mode") == "sweep");
    CHECK(j.at("layouts").size() == 2);
    CHECK_THAT(to_stdout.err, Catch::Contains("# swz-verify sweep"));  // the Markdown summary beside it
    std::string const path = (fs::path(SWZ_TEST_SCRATCH) / "sweep-summary.json").string();
    auto const to_file = swz_verify("--sweep --nx 32 --json " + path);
    CHECK(to_file.code == 0);
    CHECK(read_json(path).at("layouts").size() == 1);
    CHECK_THAT(to_file.out, Catch::StartsWith("# swz-verify sweep"));
    CHECK(swz_verify("--sweep --nx 32 --json - --format json").code == 1);
}
