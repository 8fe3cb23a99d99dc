// swz-verify as a script sees it: exit codes, one-line errors, the certificate.
#include <catch2/catch.hpp>

#include <filesystem>
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
             bad{"", "missing --layout"},
             bad{"--nx abc", "not a whole number"},
             bad{"--nx 12x", "not a whole number"},
             bad{"--nx=-5", "negative"},
             bad{"--nx 0", "at least 1"},
             bad{"--nx 4294967296", "too large"},
             bad{"--nx 99999999999999999999999", "too large"},
             bad{"--nx 64 --nx 32", "--nx"},
             bad{"--nx 64 --tc 2", "smaller than the element size"},
             bad{"--nx 64 --elem 3", "--elem 3: the element size must be 1, 2, 4, 8 or 16"},
             bad{"--layout cute:3,3,3 --row-bytes 96 --elem 3", "--elem 3: the element size must be 1, 2, 4, 8 or 16"},
             bad{"--layout article:nx=64,elem=3", "--layout: the element size must be 1, 2, 4, 8 or 16"},
             bad{"--nx 64 --elem 4 --tc 6", "multiple of the element size"},
             bad{"--nx 4 --tc 32", "larger than a row"},
             bad{"--nx 100000", "shared memory"},
             bad{"--nx 64 --rows 0", "at least 1"},
             bad{"--nx 64 --rows 4294967297", "too large"},
             bad{"--nx 64 --timeout-ms 0", "at least 1"},
             bad{"--nx 64 --require-conflict-free diagonal", "column 1: 'diagonal': unknown access"},
             bad{"--nx 64 --tc 128 --require-conflict-free row-chunk", "a chunk of 128 bytes is not a width one instruction moves"},
             bad{"--nx 64 --bogus", "bogus"},
             bad{"--nx 64 extra", "extra"},
             bad{"--nx", "--nx"},
         })
        check_usage_error(b.args, b.says);
}

TEST_CASE("bad layout specs get one line naming the offending part and exit 1", "[cli][layouts]") {
    struct bad {
        char const* args;
        char const* says;
    };
    for (auto const& b : {
             bad{"--layout swirl:1,2,3 --row-bytes 128", "unknown layout family 'swirl'"},
             bad{"--layout cute:3,4 --row-bytes 128", "three numbers"},
             bad{"--layout cute:3,x,3 --row-bytes 128", "M = 'x'"},
             bad{"--layout cute:99,4,3 --row-bytes 128", "B = '99' is out of range"},
             bad{"--layout cute:3,4,3,unit=word --row-bytes 128", "unit = 'word'"},
             bad{"--layout cute:3,4,3,unit=byte,unit=elem --row-bytes 128", "'unit' given twice"},
             bad{"--layout cute:3,4,3,colour=red --row-bytes 128", "unknown field 'colour'"},
             bad{"--layout cute:3,4,3 --row-bytes 16 --rows 4 --elem 1", "the swizzle writes bits up to 6 of the offset, but the tile's byte offsets use bits 0..5 only"},
             bad{"--layout cute:2,1,3,unit=byte --row-bytes 128 --elem 4", "inside a 4-byte element"},
             bad{"--layout cute:3,4,3", "--row-bytes"},
             bad{"--layout pad:2 --row-bytes 128 --elem 4", "breaks the 4-byte alignment"},
             bad{"--layout pad:x --row-bytes 128", "P = 'x'"},
             bad{"--layout plain:3 --row-bytes 128", "plain takes no fields"},
             bad{"--layout tma:100B --row-bytes 128", "not a TMA swizzle mode"},
             bad{"--layout tma:64B --row-bytes 128", "wider than the 64-byte swizzle span"},
             bad{"--layout cute:3,3,3@blocks:128 --row-bytes 256 --elem 2", "each column block holds every row: give the tile's --rows"},
             bad{"--layout '#ttg.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16}>' --rows 64 --row-bytes 64",
                 "its core rows are 128 bytes, wider than the row of 64"},
             bad{"--layout '#ttg.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16' --row-bytes 128",
                 "expected ',' or '}' at column 66"},
             bad{"--layout '#ttg.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16}>' --row-bytes 256",
                 "reads as cute:3,3,3@blocks:128: each column block holds every row"},
             bad{"--layout triton:vec=8@blocks:128 --rows 64 --row-bytes 256 --elem 2", "a swizzle after blocks:W is cute or tma"},
             bad{"--layout triton:vec=8,perPhase=1,maxPhase=8 --rows 64 --row-bytes 96 --elem 2", "needs a power-of-two row"},
             bad{"--layout '(8,64:(64,1)'", "expected the shape (an integer or a tuple) at ':(64,1)'"},
             bad{"--layout 'Sw<3,4,3> o smem_ptr[16b](unset) o ((_8,_16),(_64,_1),_4,_2):((_64,_512),(_1,_0),_8192,_32768)'",
                 "this one has 4: check one stage's tile, e.g. --layout 'Sw<3,4,3> o smem_ptr[16b](unset) o ((8,16),(64,1)):((64,512),(1,0))'"},
             bad{"--equiv '(8,64,2):(64,1,512)' plain --row-bytes 256", "--equiv compares one tile; (8,64,2):(64,1,512) has stages"},
             bad{"--layout '(8,64):(64,1)' --rows 16", "--rows 16 and the layout's 8 rows (its mode 0) disagree"},
             bad{"--layout 'Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)' --elem 4", "smem_ptr[16b] disagree"},
             bad{"--layout tma:128B,base=100 --row-bytes 128", "multiple of 128"},
             bad{"--layout tma:128B@pad:16 --row-bytes 128", "takes no pad"},
             bad{"--layout linear:1,2,4 --row-bytes 8 --elem 2 --rows 4", "3 images given"},
             bad{"--layout linear:1,2,q --row-bytes 8 --elem 2 --rows 2", "image 2 = 'q'"},
             bad{"--layout article:nx=64,tc=2", "smaller than the element size"},
             bad{"--layout article:tc=16", "needs nx=N"},
             bad{"--layout article:nx=64 --row-bytes 128", "disagree"},
             bad{"--layout cute:3,4,3@cute:1,1,1 --row-bytes 128", "composes after plain, pad:P or blocks:W"},
             bad{"--layout cute:3,3,3@ --row-bytes 128", "nothing after '@'"},
             bad{"--layout @pad:4 --row-bytes 128", "nothing before '@'"},
             bad{"--layout 'cute:3,4,3 ' --row-bytes 128", "no spaces"},
             bad{"--layout", "--layout needs a value"},
             bad{"--layout ''", "empty"},
             bad{"--layout cute:3,4,3 --layout plain --row-bytes 128", "more than once"},
             bad{"--layout plain --nx 64", "one of --layout, --nx, --equiv and --suggest"},
             // Two modes: not "unknown option '--suggest'" from the family's parser.
             bad{"--suggest --access row --rows 32 --row-bytes 128 --family cute", "--suggest and --family are different modes"},
             bad{"--kernel fast_int8 --layout plain", "--kernel and --layout are different modes"},
             bad{"--equiv plain --row-bytes 128", "2 values"},
             bad{"--equiv plain tma:64B --row-bytes 128 --elem 2", "wider than the 64-byte"},
             bad{"--layout plain --row-bytes 128 --chunk-bytes 12", "power-of-two number"},
             bad{"--layout plain --row-bytes 128 --require-article", "about its formula"},
             bad{"--nx 64 --require-article=yes", "takes no value"},
             bad{"--nx 64 --json ''", "empty"},
             bad{"--nx \"$(printf '64\\n4')\"", "line break"},
         })
        check_usage_error(b.args, b.says);
}

TEST_CASE("an output that cannot be written is reported before solving, exit 3", "[cli]") {
    auto const r = swz_verify("--nx 64 --json /nonexistent-dir/cert.json");
    CHECK(r.code == 3);
    CHECK(swz::testing::count_lines(r.err) == 1);
    CHECK_THAT(r.err, Catch::Contains("cannot write /nonexistent-dir/cert.json"));
    CHECK(r.out.empty());  // nothing solved, nothing printed
    auto const full = swz_verify("--nx 64 --tc 16 --json /dev/full");
    CHECK(full.code == 3);
    CHECK_THAT(full.err, Catch::Contains("/dev/full"));
    CHECK_THAT(full.out, !Catch::Contains("exit 0"));
}

TEST_CASE("--help works in every position, even after a bad option", "[cli]") {
    for (auto const* args : {"--help", "--nx 64 --help", "--bogus --help", "--layout --help", "--nx 64 extra --help"}) {
        CAPTURE(args);
        auto const r = swz_verify(args);
        CHECK(r.code == 0);
        CHECK_THAT(r.out, Catch::Contains("Layout specs"));
    }
}

TEST_CASE("every family certifies from the command line with the exit code its verdicts give", "[cli][layouts]") {
    CHECK(swz_verify("--layout cute:3,4,3 --elem 1 --row-bytes 128").code == 0);
    CHECK(swz_verify("--layout cute:3,3,3 --elem 2 --row-bytes 128 --require-conflict-free column-chunk").code == 0);
    CHECK(swz_verify("--layout tma:128B --elem 2 --row-bytes 128").code == 0);
    CHECK(swz_verify("--layout tma:64B --elem 2 --row-bytes 64").code == 0);
    CHECK(swz_verify("--layout tma:32B --elem 2 --row-bytes 32").code == 0);
    CHECK(swz_verify("--layout tma:none --elem 2 --row-bytes 128").code == 0);
    // Triton's TTGIR, pasted: the spec it reads as is the certificate's.
    auto const nvmma = swz_verify(
        "--layout '#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>' --rows 64 "
        "--row-bytes 256 --json -");
    CHECK(nvmma.code == 0);
    CHECK(nlohmann::json::parse(nvmma.out)["layout"]["spec"] == "cute:3,3,3@blocks:128");
    // --equiv takes the element the attribute names for the other side too.
    CHECK(swz_verify("--equiv '#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>' "
                     "tma:128B@blocks:128 --rows 64 --row-bytes 256")
              .code == 0);
    CHECK(swz_verify("--equiv tma:128B@blocks:128 '#ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, "
                     "elementBitWidth = 16}>' --rows 64 --row-bytes 256")
              .code == 10);
    CHECK(swz_verify("--layout tma:128B,base=512 --elem 2 --row-bytes 128").code == 10);
    CHECK(swz_verify("--layout pad:4 --row-bytes 128 --rows 32 --require-conflict-free column").code == 0);
    CHECK(swz_verify("--layout plain --row-bytes 128 --rows 32 --require-conflict-free column").code == 10);
    CHECK(swz_verify("--layout cute:3,3,3@pad:16 --elem 2 --row-bytes 128").code == 0);
    CHECK(swz_verify("--layout cute:3,4,2 --elem 1 --row-bytes 128").code == 10);
    CHECK(swz_verify("--layout linear:1,2,4,8,16,32,64 --elem 2 --row-bytes 64 --rows 4").code == 0);
    CHECK(swz_verify("--layout linear:1,2,4,8,16,32,1 --elem 2 --row-bytes 64 --rows 4").code == 10);
    // The shorthand and its spec print the same verdicts.
    auto const a = swz_verify("--nx 64 --tc 16"), b = swz_verify("--layout article:nx=64,elem=4,tc=16");
    CHECK(a.code == b.code);
    auto verdicts = [](std::string const& text) {
        std::string out;
        std::size_t at = 0;
        while ((at = text.find("\n  ", at)) != std::string::npos) {
            auto const end = text.find('\n', at + 1);
            std::string const line = text.substr(at + 3, end - at - 3);
            if (line.size() > 34 && line[0] != ' ') out += line.substr(0, 34) + "\n";
            at = end;
        }
        return out;
    };
    CHECK(verdicts(a.out) == verdicts(b.out));
}

TEST_CASE("CuTe's printed layouts certify from the command line on each route, stages included, with the exit code their verdicts give",
          "[cli][layouts][cute-layout]") {
    // Each route: rows a pitch apart, a GF(2) map, the layout function itself.
    CHECK(swz_verify("--layout 'Sw<3,3,3> o _0 o (_8,_64):(_64,_1)' --elem 2").code == 0);
    CHECK(swz_verify("--layout 'Sw<3,4,3> o smem_ptr[16b](unset) o ((_8,_16),(_64,_2)):((_64,_512),(_1,_8192))'").code == 0);
    CHECK(swz_verify("--layout 'Sw<3,4,3> o smem_ptr[16b](unset) o ((_8,_12),(_64,_2)):((_64,_512),(_1,_6144))'").code == 0);
    auto const overlap = swz_verify("--layout 'Sw<3,4,3> o smem_ptr[16b](unset) o ((_8,_16),(_64,_2)):((_64,_512),(_1,_1024))'");
    CHECK(overlap.code == 10);
    CHECK_THAT(overlap.out, Catch::Contains("bijection                REFUTED") && Catch::Contains("cells [0][64] and [16][0]"));
    // A pipeline's stages: each the first stage moved, none sharing a byte.
    auto const stages = swz_verify("--layout 'Sw<3,4,3> o smem_ptr[16b](unset) o ((_8,_16),(_64,_1),(_1,_4)):((_64,_512),(_1,_0),(_0,_8192))'");
    CHECK(stages.code == 0);
    CHECK_THAT(stages.out, Catch::Contains("stages.moved             PROVED") && Catch::Contains("stages.disjoint          PROVED"));
    auto const squeezed = swz_verify("--layout 'Sw<3,4,3> o smem_ptr[16b](unset) o ((_8,_16),(_64,_1),(_1,_4)):((_64,_512),(_1,_0),(_0,_4096))'");
    CHECK(squeezed.code == 10);
    CHECK_THAT(squeezed.out, Catch::Contains("cell [64][0] of stage 0 and cell [0][0] of stage 1 both lie at byte 8192"));
}

TEST_CASE("equivalence mode proves two layouts equal, or prints the distinguishing cell replayed through both", "[cli][layouts]") {
    auto const same = swz_verify("--equiv article:nx=64,elem=2,tc=16 tma:128B --row-bytes 128 --elem 2");
    CHECK(same.code == 0);
    CHECK_THAT(same.out, Catch::Contains("equivalence              PROVED"));
    auto const differ = swz_verify("--equiv article:nx=32,elem=2,tc=16 tma:64B --row-bytes 64 --elem 2");
    CHECK(differ.code == 10);
    CHECK_THAT(differ.out, Catch::Contains("counterexample (replayed): cell [") && Catch::Contains("tma:64B at byte"));
    CHECK(swz_verify("--equiv cute:3,3,3 cute:3,4,3,unit=byte --row-bytes 128 --elem 2").code == 0);
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
    CHECK(j.at("schema_version") == 2);
    CHECK(j.at("layout").at("spec") == "article:nx=64,elem=4,tc=16");
    CHECK(j.at("layout").at("row_bytes") == 256);
    CHECK(j.at("layout").at("chunk_bytes") == 16);
    CHECK(j.at("layout").at("rows") == 4294967296ull);
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
    // 8 bytes a lane since stop 26: two wavefronts is the ideal, reached.
    CHECK_THAT(fast.out, Catch::Contains("kernel.gather.ld_shared.wavefronts PROVED   2 wavefronts (ideal 2)"));
    CHECK_THAT(fast.out, Catch::Contains("32 wavefronts (ideal 1)"));  // the plain tile's column read, a figure
    for (auto const* bad : {"--kernel", "--kernel nosuch", "--kernel fast_f32 --timeout-ms 0", "--kernel fast_f32 --json"})
        check_usage_error(bad);
}

TEST_CASE("kernel mode writes its certificates to standard output with --json -, the table to stderr", "[cli][kernels]") {
    auto const r = swz_verify("--kernel fast_f32 --json -");
    REQUIRE(r.code == 0);
    auto const j = nlohmann::json::parse(r.out);  // nothing else on standard output
    CHECK(j.at("schema_version") == 2);
    CHECK(j.at("mode") == "kernel");
    REQUIRE(j.at("kernels").size() == 1);
    CHECK(j.at("kernels").at(0).at("kernel") == "fast_f32");
    CHECK(j.at("exit_code") == 0);
    CHECK_THAT(r.err, Catch::Contains("kernel.gather.ld_shared.wavefronts PROVED"));
    CHECK_FALSE(std::filesystem::exists("-"));
    for (auto const* both : {"--kernel fast_f32 --json - --format sarif", "--kernel fast_f32 --json - --quiet"}) {
        CAPTURE(both);
        auto const bad = swz_verify(both);
        CHECK(bad.code == 1);
        CHECK(swz::testing::count_lines(bad.err) == 1);
    }
}

TEST_CASE("kernel mode's usage errors are one line in swz's words", "[verify][cli][kernels]") {
    for (auto const& [args, says] : std::vector<std::pair<std::string, std::string>>{
             {"--kernel all --bogus", "unknown option '--bogus'"},
             {"--list-kernels=yes", "--list-kernels takes no value"},
             {"--kernel fast_f32 --kernel fast_f32", "--kernel fast_f32 is given more than once"},
             {"--kernel all --kernel fast_f32", "--kernel all names every kernel"},
             {"--list-kernels --kernel fast_f32", "two requests"},
             {"--kernel nosuch", "--kernel nosuch: no such kernel"},
             {"--kernel fast_f32 --timeout-ms x", "--timeout-ms x: not a whole number"},
         }) {
        CAPTURE(args);
        auto const r = swz_verify(args);
        CHECK(r.code == 1);
        CHECK(swz::testing::count_lines(r.err) == 1);
        CHECK_THAT(r.err, Catch::StartsWith("swz-verify: error: ") && Catch::Contains(says));
    }
    CHECK(swz_verify("--kernel fast_f32 --help").code == 0);
}
