// The differences --check reports: one line each, naming the layout, the
// property (or obligation, or field) and the old and new values.
#include <catch2/catch.hpp>

#include <algorithm>

#include "catalogue/certificate_diff.hpp"

using swz::verify::catalogue::certificate_differences;

namespace {

nlohmann::json certificate() {
    return nlohmann::json::parse(R"({
      "tool_version": "0.1.0", "z3_version": "4.8.12", "digest": "sha256:00", "exit_code": 0,
      "parameters": {"nx": 64, "elem": 4, "tc": 16},
      "results": [
        {"id": "bijection", "verdict": "PROVED"},
        {"id": "conflict.column", "verdict": "PROVED", "figure": {"value": 4, "ideal": 1},
         "witness": {"variables": {"y0": 0, "x": 0}}}
      ],
      "catalogue": {"name": "nx64-e4-tc16", "kernels": [],
                    "obligations": [{"name": "bijection", "sha256": "aa", "expected": "unsat"}]}
    })");
}

bool has(std::vector<std::string> const& lines, std::string const& line) {
    return std::find(lines.begin(), lines.end(), line) != lines.end();
}

}  // namespace

TEST_CASE("an unchanged certificate has no differences, whatever the versions", "[catalogue][diff]") {
    auto fresh = certificate();
    fresh["tool_version"] = "0.2.0";
    fresh["z3_version"] = "4.12.0";
    fresh["digest"] = "sha256:11";
    CHECK(certificate_differences("nx64-e4-tc16", certificate(), fresh).empty());
}

TEST_CASE("a changed figure, verdict or witness is one line with old and new values", "[catalogue][diff]") {
    auto fresh = certificate();
    fresh["results"][1]["figure"]["value"] = 5;
    fresh["results"][1]["witness"]["variables"]["y0"] = 3;
    fresh["results"][0]["verdict"] = "UNKNOWN";
    auto const d = certificate_differences("nx64-e4-tc16", certificate(), fresh);
    CAPTURE(d);
    CHECK(d.size() == 3);
    CHECK(has(d, "nx64-e4-tc16: conflict.column: figure.value: 4 -> 5"));
    CHECK(has(d, "nx64-e4-tc16: conflict.column: witness.variables.y0: 0 -> 3"));
    CHECK(has(d, "nx64-e4-tc16: bijection: verdict: \"PROVED\" -> \"UNKNOWN\""));
}

TEST_CASE("results and obligations that appear or disappear are named", "[catalogue][diff]") {
    auto fresh = certificate();
    fresh["results"].erase(0);
    fresh["results"].push_back({{"id", "involution"}, {"verdict", "PROVED"}});
    fresh["catalogue"]["obligations"][0]["sha256"] = "bb";
    fresh["catalogue"]["obligations"].push_back({{"name", "involution"}, {"sha256", "cc"}});
    fresh["exit_code"] = 10;
    auto const d = certificate_differences("L", certificate(), fresh);
    CAPTURE(d);
    CHECK(has(d, "L: bijection: present -> (none)"));
    CHECK(has(d, "L: involution: (none) -> present"));
    CHECK(has(d, "L: obligation bijection: sha256: \"aa\" -> \"bb\""));
    CHECK(has(d, "L: obligation involution: (none) -> present"));
    CHECK(has(d, "L: exit_code: 0 -> 10"));
    CHECK(d.size() == 5);
}
