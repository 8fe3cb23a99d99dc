// swz-verify as a script sees it: exit codes, one-line errors, the certificate.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <string>

#include "support/run_swz_verify.hpp"
#include "support/usage_error.hpp"

using swz::testing::check_usage_error;
using swz::testing::scratch_folder;
using swz::testing::slurp;
using swz::testing::swz_verify;

TEST_CASE("bad input gets one line on stderr and exit 1", "[cli]") {
    struct bad {
        char const* args;
        char const* says;
    };
    for (auto const& b : {
             bad{"", "missing --nx"},
             bad{"--nx abc", "not a whole number"},
             bad{"--nx 12x", "not a whole number"},
             bad{"--nx=-5", "negative"},
             bad{"--nx 0", "at least 1"},
             bad{"--nx 4294967296", "too large"},
             bad{"--nx 99999999999999999999999", "too large"},
             bad{"--nx 64 --nx 32", "--nx"},
             bad{"--nx 64 --tc 2", "smaller than the element size"},
             bad{"--nx 64 --elem 3", "1, 2, 4, 8 or 16"},
             bad{"--nx 64 --elem 4 --tc 6", "multiple of the element size"},
             bad{"--nx 4 --tc 32", "larger than a row"},
             bad{"--nx 100000", "shared memory"},
             bad{"--nx 64 --rows 0", "at least 1"},
             bad{"--nx 64 --rows 4294967297", "too large"},
             bad{"--nx 64 --timeout-ms 0", "at least 1"},
             bad{"--nx 64 --require-conflict-free diagonal", "unknown pattern"},
             bad{"--nx 64 --tc 128 --require-conflict-free row-chunk", "does not apply"},
             bad{"--nx 64 --bogus", "bogus"},
             bad{"--nx 64 extra", "extra"},
             bad{"--nx", "--nx"},
             bad{"--nx 64 --json /nonexistent-dir/cert.json", "cannot write"},
         })
        check_usage_error(b.args, b.says);
}

TEST_CASE("--help and --version exit 0 and document the exit codes", "[cli]") {
    auto const h = swz_verify("--help");
    CHECK(h.code == 0);
    CHECK_THAT(h.out, Catch::Contains("Exit codes"));
    auto const v = swz_verify("--version");
    CHECK(v.code == 0);
    CHECK_THAT(v.out, Catch::StartsWith("swz-verify "));
}

TEST_CASE("exit codes: 0 proved, 10 refuted, 5 unknown", "[cli]") {
    CHECK(swz_verify("--nx 64 --tc 16").code == 0);
    CHECK(swz_verify("--nx 64 --tc 16 --rows 4294967296").code == 0);
    CHECK(swz_verify("--nx 64 --tc 16 --require-conflict-free column").code == 10);
    CHECK(swz_verify("--nx 64 --tc 16 --require-conflict-free row --require-conflict-free column-chunk").code == 0);
    CHECK(swz_verify("--nx 64 --tc 16 --require-article").code == 10);
    CHECK(swz_verify("--nx 12 --rows 64").code == 10);
    // A 1 ms budget cannot settle the conflict bounds: unknown, never proved.
    auto const t = swz_verify("--nx 64 --tc 16 --timeout-ms 1");
    CHECK(t.code == 5);
    CHECK_THAT(t.out, Catch::Contains("UNKNOWN"));
}

TEST_CASE("the JSON certificate holds parameters, verdicts, figures, witnesses and versions", "[cli]") {
    std::string const path = (scratch_folder("cert") / "cert.json").string();
    auto const r = swz_verify("--nx 64 --tc 16 --json " + path);
    REQUIRE(r.code == 0);
    auto const j = nlohmann::json::parse(slurp(path));
    CHECK(j.at("tool") == "swz-verify");
    CHECK_FALSE(j.at("tool_version").get<std::string>().empty());
    CHECK_THAT(j.at("z3_version").get<std::string>(), Catch::Contains("4."));
    CHECK(j.at("parameters").at("nx") == 64);
    CHECK(j.at("parameters").at("tc") == 16);
    CHECK(j.at("parameters").at("rows") == 4294967296ull);
    CHECK(j.at("exit_code") == 0);
    bool saw_column = false;
    for (auto const& res : j.at("results")) {
        if (res.at("id") != "conflict.column") continue;
        saw_column = true;
        CHECK(res.at("verdict") == "PROVED");
        CHECK(res.at("figure").at("value") == 4);
        CHECK(res.at("figure").at("ideal") == 1);
        CHECK(res.at("witness").at("wavefronts") == 4);
        CHECK(res.at("witness").at("lanes").size() == 32);
    }
    CHECK(saw_column);
}

TEST_CASE("kernel mode: proofs, listing and bad input", "[cli][kernels]") {
    auto const list = swz_verify("--list-kernels");
    CHECK(list.code == 0);
    CHECK_THAT(list.out, Catch::Contains("fast_f32") && Catch::Contains("gather.ld_shared"));
    auto const fast = swz_verify("--kernel fast_f32 --kernel article_plain_f32");
    CHECK(fast.code == 0);
    CHECK_THAT(fast.out, Catch::Contains("kernel.gather.ld_shared.wavefronts PROVED   1 wavefront (ideal 1)"));
    CHECK_THAT(fast.out, Catch::Contains("32 wavefronts (ideal 1)"));  // the plain tile's column read, a figure
    for (auto const* bad : {"--kernel", "--kernel nosuch", "--kernel fast_f32 --timeout-ms 0", "--kernel fast_f32 --json"})
        check_usage_error(bad);
}
