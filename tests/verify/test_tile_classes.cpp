// The classes of starts of equal cost on a finite tile shorter than a period
// and 64 rows (article_classes.hpp): the classes that occur in the tile,
// each from its first block in the tile, and the tile's last rows swept
// directly, give the figure and the first start of sweeping every start of
// the tile (the sweeps, themselves checked against the independent
// enumeration in test_column_sweep.cpp and test_row_sweep.cpp); on small
// tiles, those of the independent enumeration (tests/support/enumerate.hpp);
// and every start of the tile loads the banks as its place in its class's
// block.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <set>
#include <string>

#include "access_spec.hpp"
#include "agreement.hpp"
#include "article_classes.hpp"
#include "class_checks.hpp"
#include "class_sweep.hpp"
#include "column_spread.hpp"
#include "column_sweep.hpp"
#include "row_sweep.hpp"
#include "spread_sweep.hpp"

using namespace swz;
using namespace swz::verify;
using namespace swz::testing;

namespace {

auto const far = std::chrono::steady_clock::now() + std::chrono::hours(1);
constexpr std::uint64_t none = ~std::uint64_t(0);

// The rows of one period of the layout (the 2^32-row tile's).
std::uint64_t period_of(layout_params const& p) { return article_tile(p, std::uint64_t(1) << 32).period_rows; }

// Heights of tiles shorter than a period and 64 rows: multiples of 32 and
// not, the least the classes take (96), and a period's worth exactly.
std::vector<std::uint64_t> heights_below(std::uint64_t period) {
    std::vector<std::uint64_t> out;
    for (std::uint64_t r : {std::uint64_t(96), std::uint64_t(97), std::uint64_t(127), std::uint64_t(160), std::uint64_t(333),
                            std::uint64_t(1000), period, period + 63})
        if (r < period + 64 && std::find(out.begin(), out.end(), r) == out.end()) out.push_back(r);
    return out;
}

std::vector<layout_params> layouts() {
    return {{17, 4, 4},  {20, 4, 4},  {24, 1, 1}, {33, 2, 2},  {40, 4, 8},  {48, 2, 4}, {51, 1, 1},
            {36, 8, 8},  {44, 16, 16}, {68, 4, 16}, {80, 1, 4}, {100, 1, 1}, {75, 4, 4}, {200, 1, 1}};
}

}  // namespace

TEST_CASE("classes of starts on a finite tile give the whole tile's figure and first start", "[verify][exhaustive]") {
    unsigned decided = 0, with_direct = 0;
    for (auto const& p : layouts())
        for (std::uint64_t rows : heights_below(period_of(p))) {
            auto const t = article_tile(p, rows);
            start_lemmas const lemmas;  // no period inside the tile
            for (std::string access : {"row", "row-chunk", "column", "column-chunk"})
                for (std::string width : {"", ".1", ".2", ".4", ".8", ".16"}) {
                    CAPTURE(article_spec(p), rows, access + width);
                    auto const a = access_on(access + width, t, lemmas);
                    if (!std::holds_alternative<access_subject>(a)) continue;
                    auto const& w = std::get<access_subject>(a);
                    if (!w.not_applicable.empty()) continue;
                    REQUIRE(w.start_classes);
                    auto const classes = w.start_classes();
                    auto const by_classes = sweep_access_by_classes(w, far);
                    if (!classes) {
                        CHECK_FALSE(by_classes);
                        continue;
                    }
                    // A window of a period: its last rows direct (a tile of a
                    // period of 2^b C / gcd rows and 64 more has none).
                    if (classes->direct_from != none) CHECK(classes->direct_from == (rows - 32) / 32 * 32);
                    auto const whole = whole_sweep(w, far);
                    REQUIRE(whole.state != column_sweep_result::status::out_of_time);
                    if (!whole) {
                        CHECK_FALSE(by_classes);  // an illegal lane somewhere: the ordinary paths name it
                        continue;
                    }
                    require_same_as_whole(by_classes, whole);
                    CHECK(by_classes->blocks > 0);
                    with_direct += by_classes->direct > 0;
                    ++decided;
                }
            CAPTURE(article_spec(p), rows);
            std::uint64_t const starts = rows - 31;
            auto const spread = sweep_spread_by_classes(t, starts, p.nx, far);
            auto const whole = sweep_column_spread(t, starts, p.nx, spread_window, far);
            require_same_as_whole(spread, whole);
            ++decided;
        }
    CHECK(decided > 300);
    CHECK(with_direct > 100);
}

TEST_CASE("classes of starts on a finite tile give the independent enumeration's figures", "[verify][exhaustive]") {
    for (auto const& [p, rows] : {std::pair{layout_params{40, 4, 8}, 100}, std::pair{layout_params{40, 4, 8}, 150},
                                  std::pair{layout_params{96, 1, 4}, 130}, std::pair{layout_params{34, 8, 16}, 300},
                                  std::pair{layout_params{72, 2, 4}, 250}, std::pair{layout_params{51, 1, 1}, 200}}) {
        auto const t = article_tile(p, std::uint64_t(rows));
        CAPTURE(article_spec(p), rows, period_of(p));
        REQUIRE(std::uint64_t(rows) < period_of(p) + 64);
        auto const tile = concrete_of(t, std::uint64_t(rows));
        for (std::string name : {"row", "column"}) {
            CAPTURE(name);
            auto const w = std::get<access_subject>(access_on(name, t, start_lemmas{}));
            require_enumerated_figure(w, sweep_access_by_classes(w, far), tile, name);
        }
        auto const spread = sweep_spread_by_classes(t, std::uint64_t(rows) - 31, p.nx, far);
        REQUIRE(spread);
        CHECK(spread->swept.figure == enumerated_min_spread(tile));
    }
}

// A known-bad tile, 160M column starts: its figures and first starts as the
// sweep of every start found them before the classes applied to finite
// tiles (swz-verify --nx 2443 --elem 1 --rows 65536 at 7b43b6a).
TEST_CASE("classes of starts on a tall finite tile keep the figures swept start by start", "[verify]") {
    layout_params const p{2443, 1, 1};
    auto const t = article_tile(p, 65536);
    auto const row = std::get<access_subject>(access_on("row", t, start_lemmas{}));
    auto const column = std::get<access_subject>(access_on("column", t, start_lemmas{}));
    auto const r = sweep_access_by_classes(row, far), c = sweep_access_by_classes(column, far);
    auto const s = sweep_spread_by_classes(t, 65536 - 31, p.nx, far);
    REQUIRE(r);
    REQUIRE(c);
    REQUIRE(s);
    CHECK(r->swept.figure == 4);
    CHECK(r->swept.start == std::vector<std::uint64_t>{932920});
    CHECK(c->swept.figure == 5);
    CHECK(c->swept.start == std::vector<std::uint64_t>{227, 2330});
    CHECK(s->swept.figure == 21);
    CHECK(s->swept.start == std::vector<std::uint64_t>{2027, 1216});
    // Far fewer starts than the tile's.
    CHECK(c->blocks * 1024 + c->direct < 160028715 / 50);
}

TEST_CASE("classes of starts on a finite tile stay out of the way where they do not apply", "[verify]") {
    class_options const column{class_walk::column, 4, 4};
    layout_params const odd{100, 4, 4};
    CHECK_FALSE(article_classes(odd, 95, column));  // too few rows for one block and the next
    auto const c = article_classes(odd, 96, column);
    REQUIRE(c);
    CHECK(c->direct_from == 64);
    CHECK(c->blocks.size() > 0);
    for (auto const& b : c->blocks) CHECK(b.rows.end <= 64);  // no class's block reaches the tile's last rows
    // A tile of a period and 64 rows or more: every start in a class.
    std::uint64_t const period = period_of(odd);
    auto const whole = article_classes(odd, period + 64, column);
    REQUIRE(whole);
    CHECK(whole->direct_from == none);
}

// Every start of the tile before its last rows has the bank load of the
// start at its place in its class's block, that block inside the tile and
// no later than the start's own.
TEST_CASE("every start of a finite tile loads the banks as its place in its class's first block", "[verify][exhaustive]") {
    unsigned compared = 0, merged = 0;
    for (auto const& [p, rows] : {std::pair{layout_params{40, 4, 8}, 150}, std::pair{layout_params{96, 1, 4}, 130},
                                  std::pair{layout_params{51, 1, 1}, 333}, std::pair{layout_params{33, 2, 2}, 200},
                                  std::pair{layout_params{100, 2, 4}, 1000}, std::pair{layout_params{45, 2, 2}, 97},
                                  std::pair{layout_params{384, 4, 4}, 1000}, std::pair{layout_params{240, 2, 2}, 2000},
                                  // odd rows of 1- and 2-byte chunks: a bank's word spans rows and chunks
                                  std::pair{layout_params{229, 1, 1}, 3000}, std::pair{layout_params{227, 1, 1}, 1500},
                                  std::pair{layout_params{229, 2, 2}, 3000}}) {
        auto const t = article_tile(p, std::uint64_t(rows));
        for (std::string name : {"column", "column.1", "column.2", "row", "row.1", "row.2"}) {
            CAPTURE(article_spec(p), rows, name);
            auto const a = access_on(name, t, start_lemmas{});
            if (!std::holds_alternative<access_subject>(a)) continue;
            auto const& w = std::get<access_subject>(a);
            bool const by_rows = w.lanes_walk_units;
            auto const classes = article_classes_of(p, std::uint64_t(rows), w);
            if (!classes) continue;
            REQUIRE(classes->direct_from < std::uint64_t(rows));
            std::uint64_t const upr = w.units_per_row, per_block = 32 * (p.tc / w.instr.width);
            std::uint64_t checked = 0, differ = 0, later = 0;
            for (std::uint64_t y = 0; y < classes->direct_from; ++y)
                for (std::uint64_t c = 0; c < upr; ++c) {
                    if (by_rows && (y * upr + c) % 32 != 0) continue;  // no window starts there
                    auto const& b = classes->blocks.at(classes->class_of(y, c));
                    later += b.rows.begin > y || (b.rows.begin + 32 > y && b.cols.begin > c);
                    differ += load_at_unit(w, y, c) != load_at_unit(w, b.rows.begin + y % 32, b.cols.begin + c % per_block);
                    ++checked;
                }
            CHECK(differ == 0);
            CHECK(later == 0);
            CHECK(checked > 0);
            merged += classes->blocks.size() < classes->before_merge;
            ++compared;
        }
    }
    CHECK(compared >= 20);
    CHECK(merged >= 6);  // classes of several keys merged, odd rows of narrow chunks among them
}

// Where the tile's last rows are in classes (last_rows_in_classes: every
// block there of a class met before them), their starts are not swept: each
// start there has the bank load of its place in its class's first block
// (or, column_spread, its window's distinct columns), that block before it.
TEST_CASE("every start of a finite tile's last rows in classes costs its place in its class's first block", "[verify][exhaustive][classes]") {
    unsigned in_classes = 0, not_in = 0;
    std::uint64_t checked = 0;
    std::vector<std::pair<layout_params, std::uint64_t>> tiles;
    for (auto const& p : layouts())
        for (std::uint64_t rows : heights_below(period_of(p))) tiles.push_back({p, rows});
    for (auto const& [p, rows] : {std::pair{layout_params{384, 4, 4}, 1000}, std::pair{layout_params{240, 2, 2}, 2000},
                                  std::pair{layout_params{229, 1, 1}, 3000}, std::pair{layout_params{227, 1, 1}, 1500},
                                  std::pair{layout_params{1001, 1, 1}, 4000}, std::pair{layout_params{2443, 1, 1}, 4097}})
        tiles.push_back({p, std::uint64_t(rows)});
    for (auto const& [p, rows] : tiles) {
        auto const t = article_tile(p, rows);
        std::uint64_t const per_block_spread = 32 * (p.tc / p.elem);
        for (std::string name : {"column", "column.1", "column.2", "row", "row.1", "row.2"}) {
            CAPTURE(article_spec(p), rows, name);
            auto const a = access_on(name, t, start_lemmas{});
            if (!std::holds_alternative<access_subject>(a)) continue;
            auto const& w = std::get<access_subject>(a);
            bool const by_rows = w.lanes_walk_units;
            auto const classes = article_classes_of(p, rows, w);
            if (!classes || classes->direct_from == none) continue;
            if (!classes->last_rows_in_classes) {
                ++not_in;
                continue;
            }
            ++in_classes;
            std::uint64_t const upr = w.units_per_row, per_block = 32 * (p.tc / w.instr.width);
            std::uint64_t differ = 0, later = 0;
            for (std::uint64_t y = classes->direct_from; y < rows; ++y)
                for (std::uint64_t c = 0; c < upr; ++c) {
                    if (by_rows ? (y * upr + c) % 32 != 0 || y * upr + c + 32 > rows * upr : y + 32 > rows) continue;  // no start there
                    auto const& b = classes->blocks.at(classes->class_of(y, c));
                    later += b.rows.begin >= classes->direct_from;
                    differ += load_at_unit(w, y, c) != load_at_unit(w, b.rows.begin + y % 32, b.cols.begin + c % per_block);
                    ++checked;
                }
            CHECK(differ == 0);
            CHECK(later == 0);
        }
        CAPTURE(article_spec(p), rows);
        auto const spread = article_classes(p, rows, {class_walk::column, p.elem, 1, false});
        if (!spread || spread->direct_from == none || !spread->last_rows_in_classes) continue;
        auto const distinct = [&](std::uint64_t y0, std::uint64_t x) {
            std::set<std::uint64_t> seen;
            for (std::uint64_t i = 0; i < 32; ++i) seen.insert(t.column(y0 + i, x));
            return seen.size();
        };
        std::uint64_t differ = 0;
        for (std::uint64_t y = spread->direct_from; y + 32 <= rows; ++y)
            for (std::uint64_t x = 0; x < t.cols(); ++x) {
                auto const& b = spread->blocks.at(spread->class_of(y, x));
                differ += distinct(y, x) != distinct(b.rows.begin + y % 32, b.cols.begin + x % per_block_spread);
                ++checked;
            }
        CHECK(differ == 0);
        ++in_classes;
    }
    CHECK(in_classes >= 30);
    CHECK(not_in >= 10);  // and the tiles whose last rows are swept directly
    CHECK(checked > 10000);
}

// The layouts above have rows of at most 200 chunks, a few keys each; rows
// of 300-3000 chunks have hundreds of keys whose classes merge. Random such
// layouts (every element size, chunks of the element or of 16 bytes) on
// finite tiles of 300-4300 rows: the classes' figure and first start equal
// the whole tile's sweep for row and column accesses of several widths and
// for column_spread.
TEST_CASE("classes of starts on tiles of long rows give the whole tile's figure and first start", "[verify][exhaustive]") {
    std::uint64_t x = 987654321;
    unsigned compared = 0;
    for (int i = 0; i < 30; ++i) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        unsigned const elems[] = {1, 2, 4, 8, 16};
        unsigned const e = elems[x % 5], tc = (x >> 40) % 2 ? 16u : e;
        std::uint32_t const nx = std::uint32_t(300 + (x >> 8) % 2700) / (tc / e) * (tc / e);
        std::uint64_t const rows = 300 + (x >> 24) % 4000;
        layout_params const p{nx, e, tc};
        CAPTURE(article_spec(p), rows);
        auto const t = article_tile(p, rows);
        for (std::string access : {"row", "column", "row.1", "column.1", "column.2", "row.4"}) {
            CAPTURE(access);
            auto const a = access_on(access, t, start_lemmas{});
            if (!std::holds_alternative<access_subject>(a)) continue;
            auto const& w = std::get<access_subject>(a);
            if (!w.not_applicable.empty()) continue;
            auto const by_classes = sweep_access_by_classes(w, far);
            if (!by_classes) continue;
            require_same_as_whole(by_classes, whole_sweep(w, far));
            ++compared;
        }
        auto const spread = sweep_spread_by_classes(t, rows - 31, p.nx, far);
        if (!spread) continue;
        require_same_as_whole(spread, sweep_column_spread(t, rows - 31, p.nx, spread_window, far));
        ++compared;
    }
    CHECK(compared > 100);
}

// Fragments (ldmatrix, stmatrix) and cp.async.16's transfers on finite
// tiles shorter than a period and 64 rows: their classes give the whole
// tile's figure and first start, and where the tile's last rows are in
// classes, each start there costs (bank load per phase, wavefronts,
// legality) what its place in its class's first block costs, that block
// before them.
TEST_CASE("fragments and cp.async.16 by classes on a finite tile give the whole tile's figure and first start",
          "[verify][exhaustive]") {
    unsigned decided = 0, last_in_classes = 0;
    for (layout_params const p : {layout_params{44, 16, 16}, layout_params{100, 16, 16}, layout_params{65, 16, 16},
                                  layout_params{192, 16, 16}, layout_params{70, 8, 16}, layout_params{96, 16, 32}})
        for (std::uint64_t rows : heights_below(period_of(p))) {
            auto const t = article_tile(p, rows);
            for (std::string name : {"ldmatrix.x1", "ldmatrix.x4", "stmatrix.x2.trans", "stmatrix.x4.trans", "cp.async.16"}) {
                CAPTURE(article_spec(p), rows, name);
                auto const w = std::get<access_subject>(access_on(name, t, start_lemmas{}));
                REQUIRE(w.start_classes);
                auto const classes = article_classes_of(p, rows, w);
                auto const by_classes = sweep_access_by_classes(w, far);
                if (!classes) {
                    CHECK((w.lanes_walk_units && w.units_per_row < 32));  // a row access on rows of fewer than 32 units
                    CHECK_FALSE(by_classes);
                    continue;
                }
                require_same_as_whole(by_classes, whole_sweep(w, far));
                ++decided;
                if (classes->direct_from == none || !classes->last_rows_in_classes) continue;
                ++last_in_classes;
                bool const by_rows = w.lanes_walk_units;
                std::uint64_t const upr = w.units_per_row, per_block = 32 * (p.tc / 16);
                std::uint64_t differ = 0, later = 0;
                for (std::uint64_t y = classes->direct_from; y < rows; ++y)
                    for (std::uint64_t c = 0; c < (by_rows ? upr : w.vars[1].count); ++c) {
                        bool const starts = by_rows ? (y * upr + c) % 32 == 0 && y * upr + c + 32 <= rows * upr : y < w.vars[0].count;
                        if (!starts) continue;
                        auto const& b = classes->blocks.at(classes->class_of(y, c));
                        later += b.rows.begin >= classes->direct_from;
                        differ += !(cost_at_unit(w, y, c) == cost_at_unit(w, b.rows.begin + y % 32, b.cols.begin + c % per_block));
                    }
                CHECK(differ == 0);
                CHECK(later == 0);
            }
        }
    CHECK(decided >= 150);
    CHECK(last_in_classes >= 10);
}
