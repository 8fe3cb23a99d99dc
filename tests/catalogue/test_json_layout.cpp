// The catalogue's JSON layout: same value, same bytes; readable; and it
// parses back to the value it printed.
#include <catch2/catch.hpp>

#include "catalogue/json_layout.hpp"

using swz::verify::catalogue::layout_json;

TEST_CASE("JSON is printed compactly where it fits and parses back", "[catalogue][json]") {
    nlohmann::json j = {{"b", {{"value", 4}, {"unit", "wavefronts"}}},
                        {"a", std::vector<int>(40, 7)},
                        {"c", {{"text", std::string(120, 'x')}, {"n", 1}}},
                        {"d", nlohmann::json::array()}};
    std::string const s = layout_json(j);
    CHECK(nlohmann::json::parse(s) == j);
    CHECK(s.back() == '\n');
    // Keys sorted, short objects and plain arrays on one line, long objects split.
    CHECK(s.find("\"a\"") < s.find("\"b\""));
    CHECK_THAT(s, Catch::Contains("\"b\": {\"unit\":\"wavefronts\",\"value\":4}"));
    CHECK_THAT(s, Catch::Contains("\"a\": [7,7,7"));
    CHECK_THAT(s, Catch::Contains("\"c\": {\n    \"n\": 1,\n    \"text\": \"xxx"));
    CHECK(layout_json(nlohmann::json::parse(s)) == s);
}
