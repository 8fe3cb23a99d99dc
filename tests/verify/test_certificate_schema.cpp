// Certificates have the shape docs/certificate-schema.md documents: the
// required keys, each of its type, and nothing a reader could not rely on.
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "support/run_swz_verify.hpp"

using json = nlohmann::json;
using swz::testing::scratch_folder;
using swz::testing::slurp;
using swz::testing::swz_verify;

namespace {

enum class kind { string, integer, boolean, object, array };

bool is(json const& v, kind k) {
    switch (k) {
        case kind::string: return v.is_string();
        case kind::integer: return v.is_number_integer();
        case kind::boolean: return v.is_boolean();
        case kind::object: return v.is_object();
        case kind::array: return v.is_array();
    }
    return false;
}

void require_key(json const& j, std::string const& key, kind k) {
    CAPTURE(key, j.dump().substr(0, 400));
    REQUIRE(j.contains(key));
    CHECK(is(j.at(key), k));
}

void check_evidence(json const& e) {
    REQUIRE(e.is_object());
    if (e.contains("variables")) {
        REQUIRE(e.at("variables").is_object());
        for (auto const& [name, value] : e.at("variables").items()) {
            CAPTURE(name);
            CHECK(value.is_number_unsigned());
        }
    }
    if (e.contains("not_smallest")) CHECK(e.at("not_smallest").is_string());
}

void check_result(json const& r) {
    static std::set<std::string> const keys{"id",     "section", "statement", "counts",         "applicable",    "verdict", "reason",
                                            "method", "figure",  "witness",   "counterexample", "evidence_text", "access"};
    static std::set<std::string> const sections{"formula", "layout", "conflicts", "spread", "article", "tma", "equivalence", "kernel", "family"};
    static std::set<std::string> const verdicts{"PROVED", "REFUTED", "UNKNOWN", "N/A"};
    REQUIRE(r.is_object());
    for (auto const& [k, v] : r.items()) {
        CAPTURE(k);
        CHECK(keys.count(k) == 1);
    }
    for (auto const* k : {"id", "section", "statement", "counts", "verdict"}) require_key(r, k, kind::string);
    require_key(r, "applicable", kind::boolean);
    CHECK(sections.count(r.at("section").get<std::string>()) == 1);
    CHECK(verdicts.count(r.at("verdict").get<std::string>()) == 1);
    CHECK((r.at("counts") == "gate" || r.at("counts") == "report"));
    CHECK((r.at("verdict") == "N/A") == !r.at("applicable").get<bool>());
    for (auto const* k : {"reason", "method"})
        if (r.contains(k)) CHECK(r.at(k).is_string());
    if (r.contains("figure")) {
        auto const& f = r.at("figure");
        REQUIRE(f.is_object());
        require_key(f, "value", kind::integer);
        require_key(f, "unit", kind::string);
        CHECK(f.size() == 3);  // value, unit and the reference under its own name
        for (auto const& [k, v] : f.items())
            if (k != "unit") CHECK(v.is_number_integer());
    }
    CHECK_FALSE((r.contains("witness") && r.contains("counterexample")));
    if (r.contains("counterexample")) {
        CHECK(r.at("verdict") == "REFUTED");
        check_evidence(r.at("counterexample"));
    }
    if (r.contains("witness")) {
        CHECK(r.at("verdict") != "REFUTED");
        check_evidence(r.at("witness"));
    }
    if (r.contains("evidence_text")) {
        REQUIRE(r.at("evidence_text").is_array());
        for (auto const& line : r.at("evidence_text")) CHECK(line.is_string());
    }
}

void check_certificate(json const& j, std::string const& mode) {
    require_key(j, "schema_version", kind::integer);
    CHECK(j.at("schema_version") == 2);
    CHECK(j.at("tool") == "swz-verify");
    for (auto const* k : {"tool", "tool_version", "z3_version", "mode"}) require_key(j, k, kind::string);
    CHECK(j.at("mode") == mode);
    require_key(j, "layout", kind::object);
    auto const& l = j.at("layout");
    for (auto const* k : {"spec", "family"}) require_key(l, k, kind::string);
    for (auto const* k : {"rows", "row_bytes", "elem", "cols", "chunk_bytes"}) require_key(l, k, kind::integer);
    if (j.contains("article"))
        for (auto const* k : {"nx", "elem", "tc", "chunks_per_row", "elems_per_chunk"}) require_key(j.at("article"), k, kind::integer);
    if (mode == "equivalence") {
        require_key(j, "other", kind::object);
        for (auto const* k : {"spec", "family"}) require_key(j.at("other"), k, kind::string);
    } else {
        CHECK_FALSE(j.contains("other"));
    }
    require_key(j, "requirements", kind::object);
    require_key(j.at("requirements"), "conflict_free", kind::array);
    require_key(j.at("requirements"), "article", kind::boolean);
    require_key(j, "timeout_ms", kind::integer);
    require_key(j, "exit_code", kind::integer);
    require_key(j, "results", kind::array);
    CHECK_FALSE(j.at("results").empty());
    for (auto const& r : j.at("results")) check_result(r);
}

}  // namespace

TEST_CASE("certificates have the shape docs/certificate-schema.md documents", "[verify][schema]") {
    struct run {
        std::string args, mode;
        int code;
    };
    for (auto const& [args, mode, code] :
         {run{"--nx 64 --tc 16", "layout", 0}, run{"--nx 12 --rows 64", "layout", 10},
          run{"--layout cute:3,4,3,unit=byte --elem 2 --row-bytes 64 --rows 4294967296 --require-conflict-free column", "layout", 10},
          run{"--equiv article:nx=32,elem=2,tc=16 tma:64B --row-bytes 64 --elem 2", "equivalence", 10}}) {
        CAPTURE(args);
        std::string const path = (scratch_folder("schema") / "cert.json").string();
        auto const r = swz_verify(args + " --json " + path);
        CAPTURE(r.err);
        CHECK(r.code == code);
        auto const j = json::parse(slurp(path));
        check_certificate(j, mode);
        CHECK(j.at("exit_code") == code);
    }
}

TEST_CASE("the family mode's document has the shape docs/certificate-schema.md documents", "[verify][schema][family]") {
    std::string const path = (scratch_folder("schema") / "family.json").string();
    auto const r = swz_verify("--family article --json " + path);
    CAPTURE(r.err);
    CHECK(r.code == 0);
    CHECK_THAT(r.out, Catch::Contains("family.involution        PROVED"));
    CHECK_THAT(r.out, Catch::Contains("counterexample (replayed): article:nx=2,elem=1,tc=2"));
    auto const j = json::parse(slurp(path));
    require_key(j, "schema_version", kind::integer);
    CHECK(j.at("mode") == "family");
    for (auto const* k : {"tool", "tool_version", "z3_version", "family", "description"}) require_key(j, k, kind::string);
    CHECK(j.at("family") == "article");
    require_key(j, "exit_code", kind::integer);
    CHECK(j.at("exit_code") == 0);
    require_key(j, "results", kind::array);
    CHECK(j.at("results").size() == 10);  // six properties, four conflict figures
    for (auto const& res : j.at("results")) check_result(res);
}

TEST_CASE("an unknown family for --family is one usage line, exit 1", "[verify][cli][family]") {
    auto const r = swz_verify("--family cutlass");
    CHECK(r.code == 1);
    CHECK(r.err == "swz-verify: error: --family cutlass: no such family (article, cute)\n");
    auto const h = swz_verify("--family article --help");
    CHECK(h.code == 0);
    CHECK_THAT(h.out, Catch::Contains("swz-verify family mode"));
}
