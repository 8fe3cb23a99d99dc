// Every output of the catalogue and kernel modes is written, flushed and
// checked: a lost write is exit 3 with one line in swz's words, never exit 0
// (issue 11: --out /dev/full and --timings /dev/full exited 0), and a named
// file that cannot be written fails before any solving. --write-catalogue
// stages everything and moves it into place only once all is written: a run
// that fails half-way, here under a file-size limit, leaves the old
// catalogue exactly as it was.
#include <catch2/catch.hpp>

#include <sys/resource.h>

#include <algorithm>
#include <sstream>

#include "catalogue_copy.hpp"

using namespace swz::testing;
namespace fs = std::filesystem;

namespace {

// f() run with the soft limit on the size of a file written set to `bytes`
// (inherited by the commands it starts), then restored.
template <class F>
auto with_file_size_limit(std::uintmax_t bytes, F f) {
    rlimit old{};
    getrlimit(RLIMIT_FSIZE, &old);
    rlimit limited = old;
    limited.rlim_cur = rlim_t(bytes);
    setrlimit(RLIMIT_FSIZE, &limited);
    auto r = f();
    setrlimit(RLIMIT_FSIZE, &old);
    return r;
}

// swz-verify with its standard output sent to `stdout_path` (/dev/full).
run_result run_to(std::string const& args, std::string const& stdout_path) {
    auto const dir = scratch_folder("run-to");
    auto const err = dir / "err.txt";
    std::string const cmd = std::string(SWZ_VERIFY_BINARY) + " " + args + " >" + stdout_path + " 2>" + err.string();
    int const status = std::system(cmd.c_str());
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, "", slurp(err)};
}

// The contract for a lost output: exit 3, and a line that says which.
void check_output_error(run_result const& r, std::string const& says) {
    CAPTURE(r.out, r.err);
    CHECK(r.code == 3);
    CHECK_THAT(r.err, Catch::Contains("swz-verify: error: ") && Catch::Contains(says));
}

// A sweep whose layouts take Z3 seconds: a run that fails "before any
// solving" shows it by failing with nothing else on stderr.
std::string const slow_sweep = "--sweep --nx 96 --elem 2 --tc 2 --timeout-ms 60000";

}  // namespace

TEST_CASE("a sweep's summary lost to a full device is exit 3", "[catalogue][outputs]") {
    check_output_error(swz_verify("--sweep --nx 64 --tc 16 --rows 32 --out /dev/full"),
                       "cannot write the summary to /dev/full: No space left on device");
    check_output_error(run_to("--sweep --nx 64 --tc 16 --rows 32", "/dev/full"), "cannot write the summary to standard output");
    check_output_error(run_to("--sweep --help", "/dev/full"), "cannot write the help to standard output");
}

TEST_CASE("an output that cannot be opened fails before any solving", "[catalogue][outputs]") {
    auto const dir = scratch_folder("unopenable");
    spit(dir / "a-file", "");
    for (auto const& [args, says] : std::vector<std::pair<std::string, std::string>>{
             {slow_sweep + " --out /nonexistent-dir/summary.md",
              "cannot write the summary to /nonexistent-dir/summary.md: No such file or directory"},
             {slow_sweep + " --write-catalogue " + (dir / "a-file").string(), "cannot create the directory"},
             {"--check " + std::string(SWZ_MINI_CATALOGUE) + " --no-second-solver --timings /nonexistent-dir/t.csv",
              "cannot write the timings to /nonexistent-dir/t.csv"},
             {"--check " + std::string(SWZ_MINI_CATALOGUE) + " --no-second-solver --obligations-dir " + (dir / "a-file").string(),
              "cannot create the directory"},
             {"--kernel all --json /nonexistent-dir/k.json", "cannot write the certificates to /nonexistent-dir/k.json"},
         }) {
        CAPTURE(args);
        auto const r = swz_verify(args);
        check_output_error(r, says);
        CHECK(count_lines(r.err) == 1);  // no progress, no summary: it stopped before the work
        CHECK(r.out.empty());
    }
}

TEST_CASE("a check's outputs that name one file are a usage error", "[catalogue][outputs]") {
    auto const dir = scratch_folder("check-one-file");
    auto const x = (dir / "x").string();
    auto const r = swz_verify("--check " + std::string(SWZ_MINI_CATALOGUE) + " --no-second-solver --timings " + x +
                              " --json " + (dir / "." / "x").string());
    CAPTURE(r.err);
    CHECK(r.code == 1);
    CHECK_THAT(r.err, Catch::Contains("--timings and --json name the same file"));
    CHECK_FALSE(fs::exists(x));
}

TEST_CASE("an output inside the catalogue checked or written is a usage error, the catalogue untouched",
          "[catalogue][outputs]") {
    // Written at the end, --json would replace the manifest the check had
    // just passed, or the one the sweep had just committed (stop 42 review).
    auto const dir = copy_of_mini_catalogue("output-inside");
    auto const before = snapshot(dir);
    auto const check = swz_verify("--check " + dir.string() + " --no-second-solver --json " + (dir / "manifest.json").string());
    CAPTURE(check.err);
    CHECK(check.code == 1);
    CHECK_THAT(check.err, Catch::Contains("lies inside --check"));
    auto const sweep = swz_verify("--sweep --nx 64 --elem 4 --tc 16 --write-catalogue " + dir.string() + " --json " +
                                  (dir / "sub" / ".." / "manifest.json").string());
    CAPTURE(sweep.err);
    CHECK(sweep.code == 1);
    CHECK_THAT(sweep.err, Catch::Contains("lies inside --write-catalogue"));
    CHECK(snapshot(dir) == before);
}

TEST_CASE("an obligations folder through a dangling symlink into the catalogue is inside it, as an output is",
          "[catalogue][outputs]") {
    // One predicate for both (stop 42 left two: this one stopped at the
    // dangling link and let the folder be made inside the catalogue).
    auto const dir = copy_of_mini_catalogue("obligations-inside");
    auto const scratch = scratch_folder("obligations-link");
    fs::remove(scratch / "kept");
    fs::create_symlink(dir / "kept", scratch / "kept");
    auto const before = snapshot(dir);
    auto const r = swz_verify("--check " + dir.string() + " --no-second-solver --obligations-dir " + (scratch / "kept").string());
    CAPTURE(r.err);
    CHECK(r.code == 1);
    CHECK_THAT(r.err, Catch::Contains("is inside the catalogue, which --check never writes to"));
    CHECK(snapshot(dir) == before);
}

TEST_CASE("a check whose timings are lost is exit 3, not PASSED", "[catalogue][outputs]") {
    auto const r = swz_verify("--check " + std::string(SWZ_MINI_CATALOGUE) + " --no-second-solver --timings /dev/full");
    check_output_error(r, "cannot write the timings to /dev/full: No space left on device");
    CHECK_THAT(r.out, Catch::Contains("FAILED: 1 output could not be written (exit 3: output error)"));
    CHECK_THAT(r.out, !Catch::Contains("PASSED"));
}

TEST_CASE("a check whose kept obligations hit a file-size limit is exit 3", "[catalogue][outputs]") {
    // The limit is one byte below the largest kept obligation of the same
    // check run without one, so that file, and no output of the test's, fails.
    std::string const args = "--check " + std::string(SWZ_MINI_CATALOGUE) + " --no-second-solver --obligations-dir ";
    auto const unlimited = scratch_folder("kept-unlimited") / "obligations";
    auto const full = swz_verify(args + unlimited.string());
    REQUIRE(full.code == 0);
    std::uintmax_t largest = 0;
    for (auto const& e : fs::recursive_directory_iterator(unlimited))
        if (e.is_regular_file()) largest = std::max(largest, e.file_size());
    REQUIRE(largest > 1024);
    REQUIRE(full.out.size() + full.err.size() < largest - 1);
    auto const kept = scratch_folder("kept") / "obligations";
    auto const r = with_file_size_limit(largest - 1, [&] { return swz_verify(args + kept.string()); });
    check_output_error(r, "File too large");
    CHECK_THAT(r.out, Catch::Contains("could not be written (exit 3: output error)"));
}

TEST_CASE("kernel mode's certificates and table lost to a full device are exit 3", "[catalogue][outputs][kernels]") {
    check_output_error(swz_verify("--kernel fast_f32 --json /dev/full"),
                       "cannot write the certificates to /dev/full: No space left on device");
    check_output_error(run_to("--kernel fast_f32", "/dev/full"), "cannot write the results to standard output");
    check_output_error(run_to("--list-kernels", "/dev/full"), "cannot write the list to standard output");
    // A refuted kernel access outranks the lost output (exit_codes.hpp): none here, so 3.
}

TEST_CASE("a catalogue write that fails half-way leaves the old catalogue intact", "[catalogue][outputs][write]") {
    auto const dir = copy_of_mini_catalogue("fsize");
    // Mark the old catalogue, so that "intact" cannot be "rewritten the same".
    auto const marked = dir / "nx64-e4-tc16" / "certificate.json";
    std::string const old_text = slurp(marked) + " ";
    spit(marked, old_text);
    auto const before = snapshot(dir);
    // 2 KiB a file: every certificate.json (10-20 KB) fails with EFBIG.
    auto const r = swz_verify("--sweep --nx 64 --elem 4 --tc 16 --timeout-ms 60000 --write-catalogue " + dir.string() + " --out /dev/null",
                              "ulimit -f 4;");
    check_output_error(r, "File too large");
    CHECK_THAT(r.err, Catch::Contains("; the catalogue in " + dir.string() + " is as it was"));
    CHECK(snapshot(dir) == before);
    for (auto const& e : fs::directory_iterator(dir)) CHECK(e.path().filename().string().rfind(".swz-write-", 0) != 0);
    // Without the limit the same run (as the fixture's) replaces it, and leaves no staging behind.
    auto const ok = swz_verify("--sweep --nx 64 --elem 4 --tc 16 --timeout-ms 60000 --write-catalogue " + dir.string() + " --out /dev/null");
    CAPTURE(ok.err);
    CHECK(ok.code == 0);
    CHECK(slurp(marked) != old_text);
    CHECK(slurp(marked) == slurp(fs::path(SWZ_MINI_CATALOGUE) / "nx64-e4-tc16" / "certificate.json"));
    CHECK(fs::exists(dir / "manifest.json"));
    for (auto const& e : fs::directory_iterator(dir)) CHECK(e.path().filename().string().rfind(".swz-write-", 0) != 0);
}

TEST_CASE("a catalogue whose certificates have UNKNOWN results is not written", "[catalogue][outputs][write]") {
    // 1 ms a query: the conflict bounds get no answer. Such certificates
    // are not what the next run derives: the old catalogue stays, exit 5.
    auto const dir = copy_of_mini_catalogue("undecided");
    auto const before = snapshot(dir);
    auto const r = swz_verify("--sweep --nx 64 --elem 4 --tc 16 --timeout-ms 1 --write-catalogue " + dir.string() + " --out /dev/null");
    CAPTURE(r.err);
    CHECK(r.code == 5);
    CHECK_THAT(r.err, Catch::Contains("UNKNOWN results (") && Catch::Contains("the catalogue in " + dir.string() + " is as it was"));
    CHECK(snapshot(dir) == before);
}
