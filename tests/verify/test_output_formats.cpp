// --format and --quiet as CI reads them: each format parsed back by a real
// parser (nlohmann::json for SARIF, tinyxml2 for JUnit) and checked against
// the certificate of the same run.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <tinyxml2.h>

#include <sys/stat.h>
#include <sys/wait.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <utility>
#include <sstream>
#include <string>
#include <vector>

#include "support/run_swz_verify.hpp"
#include "support/usage_error.hpp"

using swz::testing::check_usage_error;
using swz::testing::count_lines;
using swz::testing::scratch_folder;
using swz::testing::slurp;
using swz::testing::swz_verify;

namespace {

// The article's formula at nx=64, tc=16 is not conflict-free on columns:
// required, the run is refuted (exit 10).
std::string const bad = "--nx 64 --tc 16 --require-conflict-free column";
std::string const good = "--nx 64 --tc 16";

// The certificate of `args`, from --json FILE beside whatever else it prints.
nlohmann::json certificate_of(std::string const& args, swz::testing::run_result& run) {
    auto const dir = scratch_folder("cert");
    auto const file = (dir / "c.json").string();
    run = swz_verify(args + " --json " + file);
    return nlohmann::json::parse(slurp(file));
}

// The certificate's findings: what --quiet prints and the exit code answers for.
std::vector<nlohmann::json> findings_of(nlohmann::json const& cert) {
    std::vector<nlohmann::json> f;
    for (auto const& r : cert["results"]) {
        if (!r["applicable"].get<bool>()) continue;
        std::string const v = r["verdict"];
        if (v == "UNKNOWN" || (v == "REFUTED" && r["counts"] == "gate")) f.push_back(r);
    }
    return f;
}

std::vector<std::string> lines_of(std::string const& s) {
    std::vector<std::string> out;
    std::istringstream is(s);
    for (std::string line; std::getline(is, line);) out.push_back(line);
    return out;
}

}  // namespace

TEST_CASE("format sarif is a SARIF 2.1.0 log with one rule a property and the refuted one an error", "[cli][format]") {
    swz::testing::run_result run;
    auto const cert = certificate_of(bad + " --format sarif", run);
    CAPTURE(run.err);
    REQUIRE(run.code == 10);
    auto const log = nlohmann::json::parse(run.out);
    CHECK(log["version"] == "2.1.0");
    CHECK(log["$schema"].get<std::string>().find("sarif") != std::string::npos);
    REQUIRE(log["runs"].size() == 1);
    auto const& driver = log["runs"][0]["tool"]["driver"];
    CHECK(driver["name"] == "swz-verify");
    CHECK(!driver["version"].get<std::string>().empty());

    std::set<std::string> ids, rules;
    for (auto const& r : cert["results"]) ids.insert(r["id"].get<std::string>());
    for (auto const& r : driver["rules"]) CHECK(rules.insert(r["id"].get<std::string>()).second);  // one each
    CHECK(rules == ids);

    std::string const spec = cert["layout"]["spec"];
    bool column_error = false;
    for (auto const& r : log["runs"][0]["results"]) {
        std::string const level = r["level"];
        CHECK((level == "error" || level == "warning" || level == "note"));
        CHECK(driver["rules"][r["ruleIndex"].get<std::size_t>()]["id"] == r["ruleId"]);
        CHECK(!r["message"]["text"].get<std::string>().empty());
        CHECK(r["locations"][0]["logicalLocations"][0]["name"] == spec);
        if (r["ruleId"] == "conflict.column" && level == "error") column_error = true;
    }
    CHECK(column_error);
    // The table still comes, on stderr, naming the real exit code.
    CHECK_THAT(run.err, Catch::Contains("exit 10"));
}

TEST_CASE("format sarif of a passing layout has no errors", "[cli][format]") {
    auto const run = swz_verify(good + " --format sarif");
    REQUIRE(run.code == 0);
    auto const log = nlohmann::json::parse(run.out);
    for (auto const& r : log["runs"][0]["results"]) CHECK(r["level"] == "note");  // reported claims only
}

TEST_CASE("format junit has one testcase a result and the refuted one fails", "[cli][format]") {
    swz::testing::run_result run;
    auto const cert = certificate_of(bad + " --format junit", run);
    CAPTURE(run.out, run.err);
    REQUIRE(run.code == 10);
    tinyxml2::XMLDocument xml;
    REQUIRE(xml.Parse(run.out.c_str()) == tinyxml2::XML_SUCCESS);
    auto const* suites = xml.FirstChildElement("testsuites");
    REQUIRE(suites);
    auto const* suite = suites->FirstChildElement("testsuite");
    REQUIRE(suite);
    CHECK(suite->NextSiblingElement("testsuite") == nullptr);
    CHECK(std::string(suite->Attribute("name")) == cert["layout"]["spec"].get<std::string>());

    unsigned cases = 0, failures = 0, errors = 0, skipped = 0;
    std::vector<std::string> failed;
    for (auto const* t = suite->FirstChildElement("testcase"); t; t = t->NextSiblingElement("testcase")) {
        ++cases;
        CHECK(t->Attribute("classname"));
        CHECK(t->Attribute("time"));
        if (auto const* f = t->FirstChildElement("failure")) {
            ++failures;
            failed.push_back(t->Attribute("name"));
            CHECK_THAT(std::string(f->Attribute("message")), Catch::Contains(t->Attribute("name")));
        }
        errors += t->FirstChildElement("error") != nullptr;
        skipped += t->FirstChildElement("skipped") != nullptr;
    }
    CHECK(cases == cert["results"].size());
    CHECK(suite->UnsignedAttribute("tests") == cases);
    CHECK(suite->UnsignedAttribute("failures") == failures);
    CHECK(suite->UnsignedAttribute("errors") == errors);
    CHECK(suite->UnsignedAttribute("skipped") == skipped);
    CHECK(failed == std::vector<std::string>{"conflict.column"});
}

TEST_CASE("format markdown is a table with a header row and the run's exit code", "[cli][format]") {
    auto const run = swz_verify(bad + " --format markdown");
    REQUIRE(run.code == 10);
    CHECK_THAT(run.out, Catch::Contains("| id | verdict | figure | statement |\n|---|---|---|---|\n"));
    CHECK_THAT(run.out, Catch::Contains("| `conflict.column` | **REFUTED** |"));
    CHECK_THAT(run.out, Catch::Contains("exit 10"));
    CHECK_THAT(run.out, !Catch::Contains("exit 0"));
}

TEST_CASE("format json is the certificate that --json writes", "[cli][format]") {
    swz::testing::run_result run;
    auto const cert = certificate_of(good + " --format json", run);
    REQUIRE(run.code == 0);
    CHECK(nlohmann::json::parse(run.out) == cert);
}

TEST_CASE("out sends the format to a file and keeps the table on standard output", "[cli][format]") {
    auto const dir = scratch_folder("out");
    auto const file = (dir / "r.sarif").string();
    auto const run = swz_verify(bad + " --format sarif --out " + file);
    CHECK(run.code == 10);
    CHECK(nlohmann::json::parse(slurp(file))["version"] == "2.1.0");
    CHECK_THAT(run.out, Catch::Contains("Verdict: REFUTED"));
    CHECK_THAT(run.out, Catch::Contains("exit 10"));
}

TEST_CASE("out names a file that cannot be written: exit 3 before solving", "[cli][format]") {
    auto const run = swz_verify(good + " --format junit --out /nonexistent/dir/r.xml");
    CHECK(run.code == 3);
    CHECK(count_lines(run.err) == 1);
    CHECK_THAT(run.err, Catch::StartsWith("swz-verify: error: --out: "));
}

TEST_CASE("quiet prints exactly the findings one line each", "[cli][format][quiet]") {
    swz::testing::run_result run;
    auto const cert = certificate_of(bad + " --quiet", run);
    CAPTURE(run.out);
    CHECK(run.code == 10);
    CHECK(run.err.empty());
    auto const want = findings_of(cert);
    auto const lines = lines_of(run.out);
    REQUIRE(lines.size() == want.size());
    std::string const spec = cert["layout"]["spec"];
    for (std::size_t i = 0; i < lines.size(); ++i)
        CHECK_THAT(lines[i], Catch::StartsWith(spec + ": " + want[i]["id"].get<std::string>() + ": " +
                                               want[i]["verdict"].get<std::string>() + ": "));
    CHECK_THAT(run.out, Catch::Contains(": conflict.column: REFUTED: "));
}

TEST_CASE("quiet prints nothing for a passing layout", "[cli][format][quiet]") {
    auto const run = swz_verify(good + " --quiet");
    CHECK(run.code == 0);
    CHECK(run.out.empty());
    CHECK(run.err.empty());
}

TEST_CASE("quiet on a plain tile names its refuted column access", "[cli][format][quiet]") {
    auto const run = swz_verify("--layout plain --row-bytes 128 --rows 512 --require-conflict-free column --quiet");
    CHECK(run.code == 10);
    CHECK(count_lines(run.out) == 1);
    CHECK_THAT(run.out, Catch::StartsWith("plain: conflict.column: REFUTED: "));
}

TEST_CASE("bad output flags get one line and exit 1", "[cli][format]") {
    check_usage_error(good + " --format bogus", "--format bogus: not a format (text, json, markdown, sarif or junit)");
    check_usage_error(good + " --format", "--format");
    check_usage_error(good + " --format sarif --format junit", "--format");
    check_usage_error(good + " --quiet=yes", "--quiet");
    check_usage_error(good + " --format sarif --json -", "standard output");
    check_usage_error(good + " --format sarif --quiet", "--out FILE");
    check_usage_error(good + " --json - --quiet", "--quiet");
    check_usage_error("--suggest --row-bytes 128 --rows 32 --format sarif", "--suggest");
}

TEST_CASE("kernel mode takes the same format and quiet", "[cli][format][kernels]") {
    std::string const kernels = "--kernel fast_f32 --kernel article_plain_f32";
    auto const junit = swz_verify(kernels + " --format junit");
    CAPTURE(junit.err);
    REQUIRE(junit.code == 0);
    tinyxml2::XMLDocument xml;
    REQUIRE(xml.Parse(junit.out.c_str()) == tinyxml2::XML_SUCCESS);
    std::vector<std::string> names;
    for (auto const* s = xml.FirstChildElement("testsuites")->FirstChildElement("testsuite"); s;
         s = s->NextSiblingElement("testsuite")) {
        names.push_back(s->Attribute("name"));
        CHECK(s->UnsignedAttribute("failures") == 0);
        CHECK(s->FirstChildElement("testcase"));
    }
    CHECK(names == std::vector<std::string>{"fast_f32", "article_plain_f32"});
    CHECK_THAT(junit.err, Catch::Contains("exit 0"));  // the table, beside the document

    auto const sarif = swz_verify("--kernel fast_f32 --format sarif");
    REQUIRE(sarif.code == 0);
    CHECK(nlohmann::json::parse(sarif.out)["version"] == "2.1.0");

    auto const markdown = swz_verify("--kernel fast_f32 --format markdown");
    CHECK(markdown.code == 0);
    CHECK_THAT(markdown.out, Catch::Contains("| id | verdict | figure | statement |"));

    auto const quiet = swz_verify(kernels + " --quiet");
    CHECK(quiet.code == 0);
    CHECK(quiet.out.empty());
    CHECK(quiet.err.empty());

    check_usage_error("--kernel fast_f32 --format bogus", "--format bogus: not a format");
    check_usage_error("--kernel fast_f32 --format sarif --quiet", "--out FILE");
}

// swz-verify with `args` and its standard output on a full device (which
// swz_verify cannot do: it redirects standard output itself): the exit
// code and what it said on stderr.
static std::pair<int, std::string> run_to_full_stdout(std::string const& args, std::string const& name) {
    auto const err = scratch_folder(name) / "err.txt";
    int const status = std::system((std::string(SWZ_VERIFY_BINARY) + " " + args + " >/dev/full 2>" + err.string()).c_str());
    return {WEXITSTATUS(status), slurp(err)};
}

// Found by an independent audit of the outputs (stop 40).
TEST_CASE("a lost output never hides a refutation, and a lost table is exit 3 with a line", "[cli][format]") {
    auto const refuted = swz_verify(bad + " --json /dev/full");
    CHECK(refuted.code == 10);  // the most severe wins: 10 before 3
    CHECK_THAT(refuted.err, Catch::Contains("/dev/full"));
    // The table to a full standard output, on a run with unknowns.
    auto const [code, said] = run_to_full_stdout("--nx 64 --tc 16 --timeout-ms 1", "full");
    CHECK(code == 3);  // 3 before 5
    CHECK_THAT(said, Catch::Contains("cannot write the table to standard output"));
}

TEST_CASE("an output that fails leaves no new file, and keeps an old one untouched", "[cli][format]") {
    auto const dir = scratch_folder("lost");
    auto const fresh = (dir / "new.json").string(), old = (dir / "old.json").string();
    auto const run = swz_verify(good + " --json " + fresh + " --svg /nonexistent/dir/x.svg");
    CHECK(run.code == 3);
    CHECK_FALSE(std::filesystem::exists(fresh));  // the probe of --json created nothing
    { std::ofstream(old) << "OLD\n"; }
    auto const kernel = swz_verify("--kernel fast_i8 --json " + old + " --out " + dir.string() + " --format sarif");
    CHECK(kernel.code == 3);
    CHECK(slurp(old) == "OLD\n");
}

TEST_CASE("suggest sends its ranking to --out", "[cli][format][suggest]") {
    auto const dir = scratch_folder("suggest-out");
    auto const file = (dir / "ranking.txt").string();
    auto const run = swz_verify("--suggest --access row --rows 32 --row-bytes 128 --elem 4 --out " + file);
    CHECK(run.code == 0);
    CHECK(run.out.empty());
    CHECK_THAT(slurp(file), Catch::Contains("PROVED optimal"));
}

TEST_CASE("the article's bit form counts only with --require-article", "[cli][article]") {
    auto const plain = nlohmann::json::parse(swz_verify("--nx 64 --tc 16 --json -").out);
    auto const required = nlohmann::json::parse(swz_verify("--nx 64 --tc 16 --require-article --json -").out);
    auto const counts = [](nlohmann::json const& c) {
        for (auto const& r : c["results"])
            if (r["id"] == "article.bit_form") return r["counts"].get<std::string>();
        return std::string("absent");
    };
    CHECK(counts(plain) == "report");
    CHECK(counts(required) == "gate");
}

TEST_CASE("kernel mode's verdict line names exit 3 when its document cannot reach standard output", "[cli][format][kernels]") {
    auto const [code, said] = run_to_full_stdout("--kernel fast_i8 --format junit", "kernel-full");
    CHECK(code == 3);
    CHECK_THAT(said, Catch::Contains(", exit 3") && !Catch::Contains(", exit 0"));
    CHECK(said.find("swz-verify: error:") == said.rfind("swz-verify: error:"));  // said once
}

// Found by an independent audit of the outputs (stop 42).
TEST_CASE("two outputs that name one file are a usage error, whatever the spelling", "[cli][format]") {
    auto const dir = scratch_folder("one-file");
    auto const x = (dir / "x").string(), dotted = (dir / "." / "x").string();
    for (std::string const args : {"--layout cute:3,3,3 --elem 2 --row-bytes 128 --json " + x + " --out " + x + " --format sarif",
                                   good + " --json " + dotted + " --svg " + x,
                                   "--kernel fast_f32 --json " + x + " --out " + dotted + " --format junit",
                                   "--family article --json " + x + " --out " + x + " --format sarif",
                                   "--sweep --nx 64 --rows 32 --out " + x + " --json " + dotted}) {
        CAPTURE(args);
        check_usage_error(args, "name the same file");
        CHECK_FALSE(std::filesystem::exists(x));
    }
}

TEST_CASE("a link to the other output, not yet there, is the same file; /dev/null twice is none", "[cli][format]") {
    auto const dir = scratch_folder("link-clash");
    std::filesystem::create_symlink("x.txt", dir / "link");  // x.txt does not exist yet
    check_usage_error(good + " --json " + (dir / "link").string() + " --out " + (dir / "x.txt").string(),
                      "name the same file");
    CHECK(swz_verify(good + " --json /dev/null --out /dev/null --format sarif").code == 0);
}

TEST_CASE("an output through a symlink is written to the link's target, and the link stays", "[cli][format]") {
    auto const dir = scratch_folder("links");
    auto const link = dir / "link.json", target = dir / "target.json";
    std::filesystem::create_symlink("target.json", link);  // to nothing yet
    auto const run = swz_verify(good + " --json " + link.string());
    REQUIRE(run.code == 0);
    CHECK(std::filesystem::is_symlink(link));
    CHECK(nlohmann::json::parse(slurp(target))["layout"]["spec"] == "article:nx=64,elem=4,tc=16");
    // A run that fails before solving leaves no target behind the link.
    std::filesystem::remove(target);
    CHECK(swz_verify(good + " --json " + link.string() + " --out /nonexistent-dir/x").code == 3);
    CHECK(std::filesystem::is_symlink(link));
    CHECK_FALSE(std::filesystem::exists(target));
}

TEST_CASE("a FIFO output is opened once and its reader gets the whole document", "[cli][format]") {
    auto const dir = scratch_folder("fifo");
    auto const fifo = (dir / "fifo").string(), got = (dir / "got.json").string();
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    std::string const cmd = "cat " + fifo + " > " + got + " & reader=$!; timeout 120 " + SWZ_VERIFY_BINARY + " " + good +
                            " --json " + fifo + " >/dev/null 2>&1; code=$?; wait $reader; exit $code";
    int const status = std::system(cmd.c_str());
    CHECK(WEXITSTATUS(status) == 0);
    CHECK(nlohmann::json::parse(slurp(got))["layout"]["spec"] == "article:nx=64,elem=4,tc=16");
}

// Ctrl-C (SIGINT) ends the run: Z3's own handler used to take it as the
// cancelling of the query under way, and the run went on to write its files.
TEST_CASE("an interrupted run leaves its named files as they were", "[cli][format]") {
    auto const dir = scratch_folder("interrupted");
    auto const json = (dir / "f.json").string(), out = (dir / "f.sarif").string();
    { std::ofstream(json) << "OLD\n"; }
    { std::ofstream(out) << "OLD\n"; }
    auto const run = swz_verify("--family article --json " + json + " --out " + out + " --format sarif", "timeout -s INT 0.5");
    if (run.code == 0) {  // finished within the time: the files are the results
        CHECK(nlohmann::json::parse(slurp(json)).contains("subjects"));
    } else {
        CHECK(run.code == 124);
        CHECK(slurp(json) == "OLD\n");
        CHECK(slurp(out) == "OLD\n");
    }
}

TEST_CASE("listing the kernels takes none of --kernel's output options", "[cli][format][kernels]") {
    for (std::string const option : {"--json x.json", "--out x.txt", "--format sarif", "--quiet"}) {
        CAPTURE(option);
        check_usage_error("--list-kernels " + option, "--list-kernels prints the list on standard output");
    }
}

TEST_CASE("quiet findings lost to a full standard output are exit 3 with a line", "[cli][format][quiet]") {
    auto const [code, said] = run_to_full_stdout("--nx 64 --tc 16 --timeout-ms 1 --quiet", "quiet-full");
    CHECK(code == 3);
    CHECK_THAT(said, Catch::Contains("cannot write the findings to standard output"));
}

TEST_CASE("markdown shows a user formula as written: emphasis, code and HTML characters escaped", "[cli][format]") {
    auto const run = swz_verify("--layout plain --rows 64 --row-bytes 128 --format markdown --access "
                                "'ld.4:byte((lane * 4) ^ (_x_ << 7) & 4095) for _x_ < 8'");
    CAPTURE(run.out);
    REQUIRE(run.code == 0);
    // The id is a code span (shown literally); the statement is text.
    CHECK_THAT(run.out, Catch::Contains("| `conflict.ld.4:byte(lane * 4 ^ _x_ << 7 & 4095) for _x_ < 8` |"));
    CHECK_THAT(run.out, Catch::Contains("byte(lane \\* 4 ^ \\_x\\_ \\<\\< 7 \\& 4095) for \\_x\\_ \\< 8"));
}
