// The --svg picture read back as XML: its cells, their banks and colours,
// the marked lanes and the captions must be what the layout and the access,
// computed here without the renderer, say.
#include <catch2/catch.hpp>
#include <tinyxml2.h>

#include <algorithm>
#include <cstring>
#include <functional>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "picture/bank_palette.hpp"
#include "picture/certificate_picture.hpp"
#include "picture/tile_svg.hpp"
#include "support/run_swz_verify.hpp"

using namespace swz::verify;

namespace {

using layout_fn = std::uint64_t (*)(std::uint64_t y, std::uint64_t x);

// 128-byte rows of 2-byte elements: 16-byte chunks XORed with the row mod 8.
std::uint64_t xor_swizzle(std::uint64_t y, std::uint64_t x) { return y * 128 + ((x / 8 ^ y % 8) * 8 + x % 8) * 2; }
std::uint64_t row_major(std::uint64_t y, std::uint64_t x) { return y * 128 + x * 2; }

unsigned bank(std::uint64_t byte) { return unsigned(byte / 4 % 32); }

struct cell {
    std::uint64_t y, x;
};

// The bank model for elements of 4 bytes or fewer: a bank serves one 4-byte
// word per wavefront, and lanes reading one word share it.
unsigned wavefronts(layout_fn layout, std::vector<cell> const& cells) {
    std::map<unsigned, std::set<std::uint64_t>> words;
    for (auto c : cells) words[bank(layout(c.y, c.x))].insert(layout(c.y, c.x) / 4);
    std::size_t most = 0;
    for (auto const& [b, w] : words) most = std::max(most, w.size());
    return unsigned(most);
}

// An access whose lane l reads cells[l].
svg_access access(std::string title, layout_fn layout, std::vector<cell> const& cells) {
    svg_access a{std::move(title), wavefronts(layout, cells), 1, {}};
    for (unsigned l = 0; l < cells.size(); ++l) {
        auto const b = layout(cells[l].y, cells[l].x);
        a.lanes.push_back({l, cells[l].y, cells[l].x, b, bank(b)});
    }
    return a;
}

std::vector<cell> lanes_reading(std::uint64_t (*y_of)(unsigned), std::uint64_t (*x_of)(unsigned)) {
    std::vector<cell> c;
    for (unsigned l = 0; l < 32; ++l) c.push_back({y_of(l), x_of(l)});
    return c;
}

svg_picture picture(std::string caption, layout_fn layout, std::vector<svg_access> accesses) {
    return {std::move(caption), 16, 64, 2, layout, std::move(accesses)};
}

// --- reading the document back ---

std::string attr(tinyxml2::XMLElement const* e, char const* name) {
    char const* v = e->Attribute(name);
    return v ? v : "";
}
std::uint64_t number(tinyxml2::XMLElement const* e, char const* name) {
    REQUIRE(e->Attribute(name));
    return std::stoull(attr(e, name));
}
std::string text(tinyxml2::XMLElement const* e) { return e->GetText() ? e->GetText() : ""; }

// Every element under `e` (itself included) whose class is `cls`.
void collect(tinyxml2::XMLElement const* e, std::string const& cls, std::vector<tinyxml2::XMLElement const*>& out) {
    if (attr(e, "class") == cls) out.push_back(e);
    for (auto const* c = e->FirstChildElement(); c; c = c->NextSiblingElement()) collect(c, cls, out);
}
std::vector<tinyxml2::XMLElement const*> all(tinyxml2::XMLElement const* e, std::string const& cls) {
    std::vector<tinyxml2::XMLElement const*> out;
    collect(e, cls, out);
    return out;
}

struct parsed {
    tinyxml2::XMLDocument doc;
    tinyxml2::XMLElement const* root = nullptr;
};

void parse(std::string const& svg, parsed& p) {
    REQUIRE(p.doc.Parse(svg.c_str(), svg.size()) == tinyxml2::XML_SUCCESS);
    p.root = p.doc.RootElement();
    REQUIRE(p.root);
    REQUIRE(std::strcmp(p.root->Name(), "svg") == 0);
}

std::string lane_list(std::vector<unsigned> const& lanes) {
    std::string s;
    for (auto l : lanes) s += (s.empty() ? "" : " ") + std::to_string(l);
    return s;
}

// One panel's cells: the whole grid, each with its bank, that bank's colour,
// and the lanes of `a` (if any) that read it.
void check_cells(tinyxml2::XMLElement const* panel, svg_picture const& p, layout_fn layout, svg_access const* a) {
    std::map<std::pair<std::uint64_t, std::uint64_t>, std::vector<unsigned>> marked;
    if (a)
        for (auto const& l : a->lanes)
            if (l.y < p.rows && l.x < p.cols) marked[{l.y, l.x}].push_back(l.lane);
    for (auto& [c, lanes] : marked) std::sort(lanes.begin(), lanes.end());  // listed ascending
    auto const cells = all(panel, "cell");
    REQUIRE(cells.size() == p.rows * p.cols);
    std::set<std::pair<std::uint64_t, std::uint64_t>> seen;
    for (auto const* c : cells) {
        auto const y = number(c, "data-y"), x = number(c, "data-x");
        CAPTURE(y, x);
        REQUIRE((y < p.rows && x < p.cols));
        seen.insert({y, x});
        unsigned const b = bank(layout(y, x));
        CHECK(number(c, "data-bank") == b);
        CHECK(attr(c, "fill") == bank_fill(b));
        auto const it = marked.find({y, x});
        CHECK(attr(c, "data-lanes") == (it == marked.end() ? "" : lane_list(it->second)));
    }
    CHECK(seen.size() == p.rows * p.cols);
    auto const outlines = all(panel, "mark");
    CHECK(outlines.size() == marked.size());
    for (auto const* m : outlines)
        CHECK(attr(m, "data-lanes") == lane_list(marked.at({number(m, "data-y"), number(m, "data-x")})));
}

// Each witness lane once, as a number on its cell or listed off the grid.
void check_lanes(tinyxml2::XMLElement const* panel, svg_picture const& p, svg_access const& a) {
    auto const labels = all(panel, "lane");
    REQUIRE(labels.size() == a.lanes.size());
    std::map<std::uint64_t, tinyxml2::XMLElement const*> by_lane;
    for (auto const* t : labels) by_lane[number(t, "data-lane")] = t;
    REQUIRE(by_lane.size() == a.lanes.size());
    for (auto const& l : a.lanes) {
        CAPTURE(l.lane);
        auto const* t = by_lane.at(l.lane);
        CHECK(number(t, "data-y") == l.y);
        CHECK(number(t, "data-x") == l.x);
        bool const on_grid = l.y < p.rows && l.x < p.cols;
        CHECK(attr(t, "data-off-grid") == (on_grid ? "" : "true"));
        if (on_grid)
            CHECK(text(t) == std::to_string(l.lane));
        else
            CHECK(text(t).find("lane " + std::to_string(l.lane) + ": (" + std::to_string(l.y) + ", ") == 0);
    }
}

void check_caption(tinyxml2::XMLElement const* panel, svg_access const& a) {
    auto const captions = all(panel, "caption");
    REQUIRE(captions.size() == 1);
    auto const t = text(captions[0]);
    CHECK(t.find(a.title) != std::string::npos);
    CHECK(t.find(std::to_string(a.wavefronts) + " wavefront" + (a.wavefronts == 1 ? "" : "s") + " (ideal " +
                 std::to_string(a.ideal) + ")") != std::string::npos);
}

// The whole document against the picture drawn from `layout`.
void check_document(std::string const& svg, svg_picture const& p, layout_fn layout) {
    parsed d;
    parse(svg, d);
    CHECK(attr(d.root, "xmlns") == "http://www.w3.org/2000/svg");
    CHECK(attr(d.root, "version") == "1.1");
    CHECK(attr(d.root, "viewBox") == "0 0 " + attr(d.root, "width") + " " + attr(d.root, "height"));
    auto const* name = d.root->FirstChildElement("title");
    REQUIRE(name);
    CHECK(text(name) == p.caption);
    auto const titles = all(d.root, "title");
    REQUIRE(titles.size() == 1);
    CHECK(text(titles[0]) == p.caption);

    auto const swatches = all(d.root, "swatch");
    REQUIRE(swatches.size() == 32);
    for (auto const* s : swatches) CHECK(attr(s, "fill") == bank_fill(unsigned(number(s, "data-bank"))));

    auto const panels = all(d.root, "panel");
    REQUIRE(panels.size() == std::max<std::size_t>(p.accesses.size(), 1));
    if (p.accesses.empty()) {
        check_cells(panels[0], p, layout, nullptr);
        CHECK(all(panels[0], "lane").empty());
        CHECK(all(panels[0], "caption").empty());
    }
    for (std::size_t i = 0; i < p.accesses.size(); ++i) {
        CAPTURE(i, p.accesses[i].title);
        CHECK(number(panels[i], "data-access") == i);
        check_cells(panels[i], p, layout, &p.accesses[i]);
        check_lanes(panels[i], p, p.accesses[i]);
        check_caption(panels[i], p.accesses[i]);
    }
}

std::uint64_t lane(unsigned l) { return l; }
std::uint64_t lane_mod_16(unsigned l) { return l % 16; }
std::uint64_t zero(unsigned) { return 0; }
std::uint64_t two_lanes(unsigned l) { return 2 * l; }  // lane l reads element 2l: one word per lane

}  // namespace

TEST_CASE("tile svg: the palette has 32 distinct colours, alternating dark and light", "[svg]") {
    std::set<std::string> fills;
    auto const lightness = [](std::string const& hex) {
        REQUIRE(hex.size() == 7);
        REQUIRE(hex[0] == '#');
        return std::stoi(hex.substr(1, 2), nullptr, 16) + std::stoi(hex.substr(3, 2), nullptr, 16) +
               std::stoi(hex.substr(5, 2), nullptr, 16);
    };
    for (unsigned b = 0; b < 32; ++b) {
        CAPTURE(b);
        fills.insert(bank_fill(b));
        bool const even = b % 2 == 0;
        CHECK((lightness(bank_fill(b)) < lightness(bank_fill((b + 1) % 32))) == even);
        CHECK(bank_fill(b + 32) == bank_fill(b));
    }
    CHECK(fills.size() == 32);
}

TEST_CASE("tile svg: the XOR swizzle's cells, banks and witnesses read back", "[svg]") {
    auto const column = access("conflict.column at y0 = 0, x = 0", xor_swizzle, lanes_reading(lane_mod_16, zero));
    auto const row = access("conflict.row at y = 3", xor_swizzle, lanes_reading([](unsigned) -> std::uint64_t { return 3; }, two_lanes));
    auto const tall = access("column past the drawn rows", xor_swizzle, lanes_reading(lane, zero));
    // The model's figures: rows y and y + 8 share a bank; a row read spreads.
    REQUIRE(column.wavefronts == 2);
    REQUIRE(row.wavefronts == 1);
    REQUIRE(tall.wavefronts == 4);
    auto const p = picture("xor:3 on 16 rows of 128 B (2-byte elements)", xor_swizzle, {column, row, tall});
    check_document(render_tile_svg(p), p, xor_swizzle);
}

TEST_CASE("tile svg: the row-major tile's column read marks 16 lanes in bank 0", "[svg]") {
    auto const column = access("conflict.column at y0 = 0, x = 5", row_major,
                               lanes_reading(lane_mod_16, [](unsigned) -> std::uint64_t { return 5; }));
    REQUIRE(column.wavefronts == 16);
    auto backwards = column;  // a witness need not list its lanes in order
    std::reverse(backwards.lanes.begin(), backwards.lanes.end());
    auto const p = picture("row-major on 16 rows of 128 B (2-byte elements)", row_major, {column, backwards});
    check_document(render_tile_svg(p), p, row_major);
}

TEST_CASE("tile svg: a title that states the wavefronts is not told them twice", "[svg]") {
    auto a = access("", xor_swizzle, lanes_reading(lane_mod_16, zero));
    a.title = "conflict.column: 2 wavefronts (ideal 1) at y0 = 0, x = 0";
    parsed d;
    parse(render_tile_svg(picture("xor:3", xor_swizzle, {a})), d);
    CHECK(text(all(d.root, "caption")[0]) == a.title);
}

TEST_CASE("tile svg: a picture without accesses is one bare grid", "[svg]") {
    auto const p = picture("row-major", row_major, {});
    check_document(render_tile_svg(p), p, row_major);
}

TEST_CASE("tile svg: wide rows shrink the cells and still read back", "[svg]") {
    // 256-byte rows of bytes: 256 cells a row.
    layout_fn const bytes = [](std::uint64_t y, std::uint64_t x) { return y * 256 + (x ^ (y % 8) * 16); };
    std::vector<cell> cells;
    for (unsigned l = 0; l < 32; ++l) cells.push_back({l % 8, 4 * l});
    svg_picture p{"bytes", 8, 256, 1, bytes, {access("wide", bytes, cells)}};
    check_document(render_tile_svg(p), p, bytes);
}

TEST_CASE("tile svg: text is escaped", "[svg]") {
    std::string const nasty = "a <b> & \"c\" <&\">";
    auto a = access(nasty, row_major, lanes_reading(lane_mod_16, zero));
    auto const p = picture(nasty, row_major, {a});
    auto const svg = render_tile_svg(p);
    CHECK(svg.find("<b>") == std::string::npos);
    CHECK(svg.find("&lt;&amp;&quot;&gt;") != std::string::npos);
    parsed d;
    parse(svg, d);
    CHECK(text(all(d.root, "title")[0]) == nasty);
    CHECK(text(all(d.root, "caption")[0]).find(nasty) == 0);
}

TEST_CASE("tile svg: control characters XML forbids are replaced", "[svg]") {
    auto const p = picture(std::string("bell\x07 and nul") + '\0' + "!", row_major, {});
    parsed d;
    parse(render_tile_svg(p), d);
    CHECK(text(all(d.root, "title")[0]) == "bell? and nul?!");
}

TEST_CASE("tile svg: the same picture renders to the same bytes", "[svg]") {
    auto const make = [] {
        return picture("xor:3", xor_swizzle, {access("column", xor_swizzle, lanes_reading(lane, zero))});
    };
    auto const first = render_tile_svg(make());
    CHECK(render_tile_svg(make()) == first);
    CHECK(render_tile_svg(make()) == first);
}

TEST_CASE("tile svg: a picture it cannot draw is refused", "[svg]") {
    auto const p = picture("no layout", nullptr, {});
    CHECK_THROWS_AS(render_tile_svg(p), std::invalid_argument);
    auto huge = picture("huge", row_major, {});
    huge.rows = svg_cell_limit;
    CHECK_THROWS_AS(render_tile_svg(huge), std::length_error);
}

TEST_CASE("swz-verify --svg draws the certified layout and each access's replayed witness", "[verify][svg][cli]") {
    auto const dir = swz::testing::scratch_folder("svg-cli");
    auto const file = (dir / "tile.svg").string();
    auto const r = swz::testing::swz_verify("--layout cute:3,3,3 --elem 2 --row-bytes 128 --rows 64 --access ldmatrix.x4 --svg " + file);
    CAPTURE(r.err);
    REQUIRE(r.code == 0);
    tinyxml2::XMLDocument doc;
    REQUIRE(doc.LoadFile(file.c_str()) == tinyxml2::XML_SUCCESS);
    REQUIRE(std::string(doc.RootElement()->Name()) == "svg");
    // One panel per access figure: the four patterns and the ldmatrix.
    std::set<int> panel_index;
    std::vector<std::pair<int, int>> panels;  // (wavefronts, ideal) of each caption
    std::function<void(tinyxml2::XMLElement const*)> walk = [&](tinyxml2::XMLElement const* e) {
        for (; e; e = e->NextSiblingElement()) {
            if (e->Attribute("data-access")) panel_index.insert(e->IntAttribute("data-access"));
            if (e->Attribute("data-wavefronts")) panels.push_back({e->IntAttribute("data-wavefronts"), e->IntAttribute("data-ideal")});
            walk(e->FirstChildElement());
        }
    };
    walk(doc.RootElement());
    CHECK(panel_index.size() == 5);
    CHECK(panels.size() == 5);
    // The column witness on Swizzle<3,3,3>: 4 wavefronts, ideal 1; ldmatrix.x4 at its ideal, 4.
    bool column = false, matrix = false;
    for (auto const& p : panels) {
        column |= p == std::pair<int, int>{4, 1};
        matrix |= p == std::pair<int, int>{4, 4};
    }
    CHECK(column);
    CHECK(matrix);
    // A row wider than a picture holds (found by an audit, stop 42: --nx
    // 32768 --elem 1 ended in an internal error after solving): its first
    // columns are drawn, and the caption says so.
    auto const wide = (dir / "wide.svg").string();
    auto const w = swz::testing::swz_verify("--layout plain --rows 64 --row-bytes 8192 --elem 1 --svg " + wide);
    CHECK(w.code == 0);  // figures are reported, not required
    tinyxml2::XMLDocument wide_doc;
    REQUIRE(wide_doc.LoadFile(wide.c_str()) == tinyxml2::XML_SUCCESS);
    CHECK_THAT(std::string(wide_doc.RootElement()->FirstChildElement("title")->GetText()),
               Catch::EndsWith("its first " + std::to_string(swz::verify::svg_cols_drawn) + " of 8192 columns"));
    auto const bad = swz::testing::swz_verify("--nx 64 --svg /nonexistent-dir/t.svg");
    CHECK(bad.code == 3);
    CHECK_THAT(bad.err, Catch::Contains("--svg"));
}
